import WebSocket from 'ws';
import { createApiClient } from '../src/client';
import type { TestServer } from '../tests/helpers/e2e';

/** A confirmed account on `server`; returns its session token (for `Authorization: Bearer` or the cookie). */
export async function signedInToken(server: TestServer, email: string): Promise<string> {
  const anon = createApiClient({ url: server.url, WebSocket: WebSocket as never });
  await anon.auth.signUp.mutate({ fullName: 'Bench Owner', email, password: 'bench-geslo-123' });
  const confirmation = new URL(server.outboxLink(email)).searchParams.get('token') ?? '';
  const { token } = await anon.auth.confirmEmail.mutate({ token: confirmation });
  anon.close();
  return token;
}

/** POST /api/uploads as a browser would; returns the key. */
export async function uploadPhoto(server: TestServer, token: string, file: Buffer, kind = 'dog') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${server.url}/api/uploads?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
