import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

/**
 * A key the server makes for itself once and keeps in the database, so every instance and every restart uses
 * the same one: the first to start stores `make()`, the others read it.
 */
export async function serverKey(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} missing`);
  return row.value;
}
