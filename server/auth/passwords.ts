import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { AppError } from '#shared/errors';

/** argon2id above OWASP's minimum (m=19 MiB, t=2, p=1). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A valid hash of a random secret, so unknown e-mails cost as much time as wrong passwords. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Password work at once per instance: argon2id is CPU and memory by design, and a storm of sign-ins (500 at
 * once) would otherwise take every core, the database pool and the thread pool from every other call. The rest
 * wait here, holding nothing; past QUEUE_MAX waiting, a call is told to come back (503, Retry-After).
 */
const PASSWORD_WORK_AT_ONCE = 4;
const QUEUE_MAX = 1_000;
const queue = pLimit(PASSWORD_WORK_AT_ONCE);

/** Runs `work` (a sign-in, a password set) in its turn. */
export function inPasswordQueue<T>(work: () => Promise<T>): Promise<T> {
  if (queue.pendingCount >= QUEUE_MAX) throw new AppError('UNAVAILABLE', { retryAfter: 5 });
  return queue(work);
}
