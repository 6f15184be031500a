import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import type { Tx } from './client';

/**
 * Whether a row the client made the id of is stored already: a retry after a lost answer finds its own row
 * (true: answer as the first time); someone else's id is refused with VALIDATION and tells nothing more.
 * Call it under the author's lock, so that two tries never both find nothing.
 */
export async function storedAlready(
  tx: Tx,
  table: PgTable & { id: AnyPgColumn; userId: AnyPgColumn },
  id: string,
  userId: string,
): Promise<boolean> {
  const [stored] = await tx
    .select({ userId: table.userId })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!stored) return false;
  if (stored.userId !== userId) throw new AppError('VALIDATION');
  return true;
}
