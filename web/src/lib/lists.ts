const newestFirst = (a: { createdAt: Date }, b: { createdAt: Date }) =>
  b.createdAt.getTime() - a.createdAt.getTime();

/** The list with `item` in place of the entry with its id (or added), newest first. */
export function upsertById<T extends { id: string; createdAt: Date }>(list: readonly T[], item: T): T[] {
  return [...list.filter((entry) => entry.id !== item.id), item].sort(newestFirst);
}

/** The list with `item` in place of the entry with its id, or first when it is new. */
export function putFirstOrReplace<T extends { id: string }>(list: readonly T[], item: T): T[] {
  return list.some((entry) => entry.id === item.id)
    ? list.map((entry) => (entry.id === item.id ? item : entry))
    : [item, ...list];
}

/** The list without the entry with this id. */
export function withoutId<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((entry) => entry.id !== id);
}
