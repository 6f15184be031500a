import { afterEach, describe, expect, it, vi } from 'vitest';
import { logDestination } from '../../server/logger';

/** Issue 34: logs are JSON for collectors, and readable when a person watches a terminal. */
describe('log lines', () => {
  const line = `${JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 25, 9, 5), pid: 7, hostname: 'h', msg: 'Database unavailable', reqId: 'req-3' })}\n`;
  const isTTY = process.stdout.isTTY;
  afterEach(() => {
    process.stdout.isTTY = isTTY;
    vi.restoreAllMocks();
  });

  const written = (tty: boolean) => {
    process.stdout.isTTY = tty;
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    logDestination.write(line);
    const [text] = write.mock.calls[0]!;
    write.mockRestore();
    // Without the colours' escape codes.
    // eslint-disable-next-line no-control-regex
    return String(text).replace(/\u001b\[[0-9;]*m/g, '');
  };

  it('writes the JSON line unchanged to a pipe or a file', () => {
    expect(written(false)).toBe(line);
  });

  it('writes time, level and message, then the other fields, to a terminal', () => {
    const text = written(true);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: Database unavailable\n/);
    expect(text).toContain('reqId: "req-3"');
    expect(text).not.toContain('"level"');
    expect(text).not.toContain('hostname');
  });
});
