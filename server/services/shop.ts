import { eq } from 'drizzle-orm';
import { shopWishes } from '../db/schema';
import type { ServiceDeps } from './deps';

/** Whether the user asked to hear when the shop opens. */
export async function shopStatus(deps: ServiceDeps, userId: string) {
  const [wish] = await deps.db.select().from(shopWishes).where(eq(shopWishes.userId, userId));
  return { notified: Boolean(wish) };
}

export async function shopNotify(deps: ServiceDeps, userId: string) {
  await deps.db.insert(shopWishes).values({ userId }).onConflictDoNothing();
  return { notified: true as const };
}
