import type { Page } from 'playwright-core';

/**
 * Resolves once the page's WebSocket reports each of these subscriptions started, so a change made after it
 * must arrive live (not from the first list request). Set up before the page loads.
 */
export function subscriptionsStarted(page: Page, paths: string[]): Promise<void> {
  return new Promise((resolve) => {
    const pathOf = new Map<string, string>();
    const started = new Set<string>();
    const messages = (payload: string | Buffer) => {
      try {
        const parsed = JSON.parse(String(payload)) as unknown;
        return (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, never>>;
      } catch {
        return [];
      }
    };
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        for (const message of messages(payload)) {
          const params = message.params as { path?: string } | undefined;
          if (message.method === 'subscription' && params?.path) pathOf.set(String(message.id), params.path);
        }
      });
      socket.on('framereceived', ({ payload }) => {
        for (const message of messages(payload)) {
          const result = message.result as { type?: string } | undefined;
          const subscribed = pathOf.get(String(message.id));
          if (result?.type === 'started' && subscribed) started.add(subscribed);
          if (paths.every((name) => started.has(name))) resolve();
        }
      });
    });
  });
}
