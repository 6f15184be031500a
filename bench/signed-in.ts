import http from 'node:http';
import { createSession } from '../server/auth/sessions';
import type { DbOrTx } from '../server/db/client';
import { makeUser } from '../tests/helpers/factories';
import type { TestServer } from '../tests/helpers/e2e';
import { userId } from './seed';

const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);

/** A confirmed account on `server`; returns its session token (for `Authorization: Bearer` or the cookie). */
export async function signedInToken(server: TestServer, email: string): Promise<string> {
  return (await makeUser(server.app.deps.db, { email, fullName: 'Bench Owner' })).token;
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

export interface Caller {
  n: number;
  token: string;
}

/** Signed-in callers for users `first`, `first + 1`, … (sessions made directly, as sign-in would). */
export async function callersFrom(db: DbOrTx, first: number, count = CALLERS): Promise<Caller[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      n: first + i,
      token: (await createSession(db, userId(first + i))).token,
    })),
  );
}

/**
 * Keep-alive connections for `call`. Node's `http` rather than `fetch`: fetch spends about 1 ms of CPU per call
 * on this machine, as much as the server's own work, and the load generator shares the server's cores.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** GET /trpc/<procedure> with a superjson input, as the web client sends it; resolves to the latency. */
export function call(url: string, token: string, procedure: string, input?: unknown): Promise<number> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/trpc/${procedure}${query}`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        // The whole answer is read before the clock stops.
        response.resume();
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now() - t0);
          else reject(new Error(`${procedure} ${JSON.stringify(input)}: ${response.statusCode}`));
        });
      },
    );
    request.on('error', reject);
  });
}
