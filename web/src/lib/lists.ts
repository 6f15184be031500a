const newestFirst = (a: { createdAt: Date }, b: { createdAt: Date }) =>
  b.createdAt.getTime() - a.createdAt.getTime();

/** The list with `item` in place of the entry with its id (or added), newest first. */
export function upsertById<T extends { id: string; createdAt: Date }>(list: readonly T[], item: T): T[] {
  return [...list.filter((entry) => entry.id !== item.id), item].sort(newestFirst);
}
