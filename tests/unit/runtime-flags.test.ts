import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../bench/lib';
import { ALLOCATOR_ENV } from '../../scripts/allocator.mjs';

/**
 * V8's memory settings for the server: a young generation of at most 16 MB per half (Node 24 lets it reach
 * 64 MB on a big machine) and an old generation that grows by half, not up to four times, past what a full
 * collection kept. Without them, 100 clients that do not read left 155–211 MB of garbage resident (README
 * "Memory"). `npm start`, the container and the bench must run the same ones.
 */
describe('server runtime flags', () => {
  const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const flags = start.match(/--[\w-]+=\S+/g) ?? [];

  it('npm start runs the server with the V8 memory settings', () => {
    expect(flags).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=50']);
    expect(start).toBe(`node ${flags.join(' ')} scripts/start.mjs`);
  });

  it('the container runs the same ones, with the allocator settings of npm start', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flags, 'dist/server.mjs']);
    // The runtime stage's ENV (one instruction, continued over lines).
    const env =
      /^FROM .* AS runtime\nENV ((?:.*\\\n)*.*)$/m.exec(dockerfile.replace(/^#.*\n/gm, ''))?.[1] ?? '';
    for (const [name, value] of Object.entries(ALLOCATOR_ENV))
      expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('the bench starts its servers with them', () => {
    expect(SERVER_NODE_FLAGS).toEqual(flags);
  });
});
