import { prettyFactory } from 'pino-pretty';

/** Log lines waiting for a stdout that does not drain are dropped beyond this, rather than filling memory. */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/** A line as people read it on a terminal: time, level and message, then the other fields indented. */
const prettyLine = prettyFactory({
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
});

/**
 * Where the server's log lines go: Node's own stdout, which queues writes to a pipe nobody reads instead of
 * waiting. (pino's default destination writes synchronously and, on a full pipe, retries forever on the
 * main thread: nothing else ran, not even the shutdown deadline.) JSON for log collectors; readable lines
 * when a person watches a terminal.
 */
export const logDestination = {
  write(line: string) {
    if (process.stdout.writableLength < MAX_QUEUED_BYTES)
      process.stdout.write(process.stdout.isTTY ? prettyLine(line) : line);
  },
};

/** Waits, no longer than `timeoutMs`, for queued log lines to be written (a stuck stdout keeps them). */
export function flushLog(timeoutMs: number): Promise<void> {
  if (!process.stdout.writableLength) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    process.stdout.once('drain', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
