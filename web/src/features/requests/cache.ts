import type { RequestItem } from './types';

/** What the request mutations write into the cached list (pure, unit tested). */

type Status = RequestItem['status'];

/** The list with the item's new status (only from `only`, when given), and its chat once there is one. */
export function withStatus(
  list: readonly RequestItem[],
  change: { id: string; status: Status; only?: Status; chatId?: string },
): RequestItem[] {
  return list.map((item) =>
    item.id === change.id && (!change.only || item.status === change.only)
      ? { ...item, status: change.status, updatedAt: new Date(), chatId: change.chatId ?? item.chatId }
      : item,
  );
}
