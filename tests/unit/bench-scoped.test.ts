import { describe, expect, it } from 'vitest';
import { cleanUp, onCleanup, scoped } from '../../bench/lib';

describe("the bench's parts (bench/lib.ts scoped)", () => {
  it('stop what they started when they end, newest first, and leave what was running before', async () => {
    const stopped: string[] = [];
    onCleanup(() => stopped.push('outer'));
    await scoped(async () => {
      onCleanup(() => stopped.push('postgres'));
      onCleanup(() => stopped.push('server'));
      const stopEarly = onCleanup(() => stopped.push('stopped by the part'));
      await stopEarly();
    });
    expect(stopped).toEqual(['stopped by the part', 'server', 'postgres']);
    await cleanUp();
    expect(stopped.at(-1)).toBe('outer');
  });

  it('stop them when the part fails too', async () => {
    const stopped: string[] = [];
    await expect(
      scoped(async () => {
        onCleanup(() => stopped.push('server'));
        throw new Error('the part failed');
      }),
    ).rejects.toThrow('the part failed');
    expect(stopped).toEqual(['server']);
  });
});
