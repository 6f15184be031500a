import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone (account e-mails), so the answer's timing says nothing about
 * what the work found. Failures are logged; `settled()` waits for everything started so far (shutdown, tests).
 */
export interface Background {
  run(label: string, task: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      // Started once the answer is on its way: on PGlite the database shares this thread with the answer.
      const promise = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: label }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      while (running.size) await Promise.all(running);
    },
  };
}
