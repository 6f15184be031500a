import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { type Photo, UPLOAD_FOLDER, type UploadKind } from '#shared/schemas/uploads';
import { lockKeys } from '../db/advisory-lock';
import type { Db, DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { makeVariants, type Variant, VARIANT_SUFFIX, VARIANTS } from '../media/images';
import type { Storage } from '../storage/storage';

/** The stored objects of one upload key. */
function objectKeys(key: string): string[] {
  return VARIANTS.map((variant) => `${key}${VARIANT_SUFFIX[variant]}.webp`);
}

export function photoOf(storage: Storage, key: string): Photo {
  const [thumb, medium, full] = objectKeys(key).map((object) => storage.url(object)) as [
    string,
    string,
    string,
  ];
  return { key, thumb, medium, full };
}

/**
 * Validates and converts the image, stores its variants and records the upload as the owner's. `input` may
 * be variants made already (the demo set's, made by the build).
 */
export async function storeUpload(
  deps: { db: Db; storage: Storage },
  ownerId: string,
  kind: UploadKind,
  input: Buffer | Record<Variant, Buffer>,
): Promise<Photo> {
  if (Buffer.isBuffer(input) && input.length === 0) throw new AppError('UPLOAD_NO_FILE');
  // 128 random bits: names cannot be guessed or collide.
  const key = `${UPLOAD_FOLDER[kind]}/${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)))}`;
  // The row is reserved before the slow work, under the owner's lock, so parallel uploads never pass the
  // hourly limit. Until it is stored its key is known to nobody, so nothing can attach it.
  await deps.db.transaction(async (tx) => {
    await lockKeys(tx, [`uploads:${ownerId}`]);
    const [recent] = await tx
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, new Date(Date.now() - 3_600_000))));
    if ((recent?.n ?? 0) >= LIMITS.upload.perHour) throw new AppError('TOO_MANY_UPLOADS');
    await tx.insert(uploads).values({ key, ownerId, kind });
  });
  const objects = objectKeys(key);
  try {
    const variants = Buffer.isBuffer(input) ? await makeVariants(input) : input;
    // One after another: some S3 servers (s3rver) race when creating one prefix in parallel.
    for (const [i, variant] of VARIANTS.entries())
      await deps.storage.put(objects[i]!, variants[variant], 'image/webp');
  } catch (error) {
    // Not an upload after all (not an image, too large, storage down): it takes no slot.
    await deps.db.delete(uploads).where(eq(uploads.key, key));
    await deps.storage.remove(objects).catch(() => {});
    throw error instanceof AppError ? error : new AppError('UPLOAD_FAILED', undefined, { cause: error });
  }
  return photoOf(deps.storage, key);
}

/**
 * Marks `keys` as used by a new dog, profile or event. Each must be the owner's own upload of that kind
 * and not used elsewhere; otherwise nothing is marked (call inside the transaction that saves the row).
 */
export async function attachUploads(tx: DbOrTx, ownerId: string, kind: UploadKind, keys: readonly string[]) {
  if (!keys.length) return;
  const attached = await tx
    .update(uploads)
    .set({ attachedAt: new Date() })
    .where(
      and(
        inArray(uploads.key, [...keys]),
        eq(uploads.ownerId, ownerId),
        eq(uploads.kind, kind),
        isNull(uploads.attachedAt),
      ),
    )
    .returning({ key: uploads.key });
  if (attached.length !== keys.length) throw new AppError('UPLOAD_NOT_FOUND');
}

/** Forgets the owner's uploads `keys`; returns the keys whose files should go once the transaction commits. */
export async function releaseUploads(tx: DbOrTx, ownerId: string, keys: readonly string[]) {
  if (!keys.length) return [];
  const released = await tx
    .delete(uploads)
    .where(and(inArray(uploads.key, [...keys]), eq(uploads.ownerId, ownerId)))
    .returning({ key: uploads.key });
  return released.map((row) => row.key);
}

/** Removes the files of released uploads. A failure leaves orphan files, never broken rows: log it only. */
export async function removeUploadFiles(storage: Storage, keys: readonly string[], log?: FastifyBaseLogger) {
  if (!keys.length) return;
  try {
    await storage.remove(keys.flatMap(objectKeys));
  } catch (err) {
    log?.warn({ err, keys }, 'could not remove photo files');
  }
}

/** Uploads never attached within LIMITS.upload.unattachedHours: rows and files removed. */
export async function purgeUnattachedUploads(db: DbOrTx, storage: Storage, now = new Date()) {
  const cutoff = new Date(now.getTime() - LIMITS.upload.unattachedHours * 3_600_000);
  const removed = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
    .returning({ key: uploads.key });
  const keys = removed.map((row) => row.key);
  await storage.remove(keys.flatMap(objectKeys));
  return keys.length;
}
