/** What a push carries: the server sends it (server/push/push-sender.ts), the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app, opened on a tap. */
  url: string;
  /** Notifications with one tag replace each other (a chat's messages). */
  tag: string;
}

/** The push's JSON, or null when it is not one of ours. */
export function parsePushPayload(text: string | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { title, body, url, tag } = data as Record<string, unknown>;
    if (typeof title !== 'string' || typeof url !== 'string') return null;
    return {
      title,
      body: typeof body === 'string' ? body : '',
      // A path of the app only: '//host' would be another site.
      url: /^\/(?!\/)/.test(url) ? url : '/',
      tag: typeof tag === 'string' ? tag : '',
    };
  } catch {
    return null;
  }
}
