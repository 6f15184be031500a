import type { InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { queryClient, trpc } from '../../lib/trpc';
import type { EventView } from './types';

/** Every cached list (each type, filter and search), page by page. */
function updateLists(change: (page: EventView[]) => EventView[]) {
  queryClient.setQueriesData<InfiniteData<EventView[]>>(
    { queryKey: getQueryKey(trpc.events.list, undefined, 'infinite') },
    (data) => data && { ...data, pages: data.pages.map(change) },
  );
}

/**
 * Keeps the cached lists, details and attendee lists in step after a change (there is no live feed of
 * events): the answer is shown at once, then everything about the event is fetched again.
 */
export function useEventCache() {
  const utils = trpc.useUtils();
  const refresh = (eventId?: string) => {
    void utils.events.list.invalidate();
    if (eventId) {
      void utils.events.byId.invalidate({ id: eventId });
      void utils.events.attendees.invalidate({ eventId });
    } else {
      void utils.events.byId.invalidate();
      void utils.events.attendees.invalidate();
    }
  };
  return {
    /** A saved, joined or left event: its new state everywhere it is shown. */
    saved(event: EventView) {
      utils.events.byId.setData({ id: event.id }, event);
      updateLists((page) => page.map((item) => (item.id === event.id ? event : item)));
      refresh(event.id);
    },
    /** A deleted event leaves every list at once. */
    removed(id: string) {
      updateLists((page) => page.filter((item) => item.id !== id));
      utils.events.byId.setData({ id }, undefined);
      refresh();
    },
    refresh,
  };
}
