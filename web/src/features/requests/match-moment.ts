import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { matchNewsOnOpen } from '#shared/domain/requests';
import type { Match } from '../../components/match-dialog';
import { trpc } from '../../lib/trpc';
import { useMarkRequestRead } from './api';
import type { RequestItem } from './types';

/**
 * The "It's a match" moment away from the deck (issue 30): whoever learns of a match asks for it here (the
 * accepter's button, a notice arriving live, one waiting when the app opens) and the layout's one dialog
 * shows it. A match shows at most once per page load (keyed by its chat), however many ways it is heard of.
 */

let current: Match | null = null;
const shown = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function showMatch(match: Match) {
  if (match.chatId) {
    if (shown.has(match.chatId)) return;
    shown.add(match.chatId);
  }
  current = match;
  changed();
}

function closeMatch() {
  current = null;
  changed();
}

/** The match to show now (null: none) and how to close it. */
export function useMatchMoment(): [Match | null, () => void] {
  return [useSyncExternalStore(subscribe, () => current), closeMatch];
}

/**
 * The match an item tells of, from my side: a request I received and a match notice name my dog first
 * (`dog`), an acceptance of my request names theirs first. Null without both dogs (one was deleted).
 */
export function matchOf(item: RequestItem, chatId = item.chatId): Match | null {
  const [mine, theirs] =
    item.type === 'acceptance_feedback' ? [item.fromDog, item.dog] : [item.dog, item.fromDog];
  if (!mine || !theirs) return null;
  return { myDog: mine, theirDog: theirs, chatId, owner: item.counterpart?.fullName ?? null };
}

/**
 * Match news (`isMatchNews`) shown once and read at once: returns the handler for news arriving live, and
 * when the app opens (this mounts) shows the newest that came while the user was away (`matchNewsOnOpen`;
 * older news stays unread in the panel). The list is read only when something is unread.
 */
export function useMatchNews() {
  const utils = trpc.useUtils();
  const { mutate: markRead } = useMarkRequestRead();
  const tell = useCallback(
    (notice: RequestItem) => {
      markRead({ id: notice.id });
      const match = matchOf(notice);
      if (match) showMatch(match);
    },
    [markRead],
  );
  useEffect(() => {
    let gone = false;
    const look = async () => {
      if (!(await utils.requests.unreadCount.fetch())) return;
      const newest = matchNewsOnOpen(await utils.requests.list.fetch());
      if (newest && !gone) tell(newest);
    };
    // Nothing to show when the lists cannot be read; the bell and the panel say why.
    look().catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [utils, tell]);
  return tell;
}
