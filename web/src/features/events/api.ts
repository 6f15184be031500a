import type { InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { queryClient, type MutationHandlers, trpc } from '../../lib/trpc';
import { readInPages, removedFromPages, replacedInPages } from './cache';
import type { Attendee, EventView } from './types';

/** Every cached list (each type, filter and search; the past tab too). */
function updateLists(change: (data: InfiniteData<EventView[]>) => InfiniteData<EventView[]>) {
  for (const list of [trpc.events.list, trpc.events.past])
    queryClient.setQueriesData<InfiniteData<EventView[]>>(
      { queryKey: getQueryKey(list, undefined, 'infinite') },
      (data) => data && change(data),
    );
}

/**
 * The events' mutations. Each keeps the cached lists, details and attendee lists in step (there is no live
 * feed of events): the answer is shown at once, then everything about the event is fetched again. Callers
 * add only what the user is told.
 */

function useEventCache() {
  const utils = trpc.useUtils();
  const refresh = (eventId?: string) => {
    void utils.events.list.invalidate();
    void utils.events.past.invalidate();
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
      updateLists((data) => replacedInPages(data, event));
      refresh(event.id);
    },
    /** A deleted event leaves every list at once. */
    removed(id: string) {
      updateLists((data) => removedFromPages(data, id));
      utils.events.byId.setData({ id }, undefined);
      refresh();
    },
    refresh,
  };
}

export function useCreateEvent(handlers: MutationHandlers<EventView> = {}) {
  const cache = useEventCache();
  return trpc.events.create.useMutation({
    onSuccess: (created) => {
      cache.saved(created);
      handlers.onSuccess?.(created);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

export function useUpdateEvent(handlers: MutationHandlers<EventView> = {}) {
  const cache = useEventCache();
  return trpc.events.update.useMutation({
    onSuccess: (updated) => {
      cache.saved(updated);
      handlers.onSuccess?.(updated);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

export function useRemoveEvent(handlers: MutationHandlers<{ id: string }> = {}) {
  const cache = useEventCache();
  return trpc.events.remove.useMutation({
    onSuccess: (removed) => {
      cache.removed(removed.id);
      handlers.onSuccess?.(removed);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

/** Join or leave: on a refusal (full meanwhile, cancelled) the event is read again to show why. */
function useAttendance(
  mutation: typeof trpc.events.join | typeof trpc.events.leave,
  handlers: MutationHandlers<EventView>,
) {
  const cache = useEventCache();
  return mutation.useMutation({
    onSuccess: (event) => {
      cache.saved(event);
      handlers.onSuccess?.(event);
    },
    onError: (error, { id }) => {
      cache.refresh(id);
      handlers.onError?.(error);
    },
  });
}

export const useJoinEvent = (handlers: MutationHandlers<EventView> = {}) =>
  useAttendance(trpc.events.join, handlers);
export const useLeaveEvent = (handlers: MutationHandlers<EventView> = {}) =>
  useAttendance(trpc.events.leave, handlers);

/** After the organiser's answer to a request, or a removal: the list as the organiser now sees it. */
function useOrganiserCache(handlers: MutationHandlers<Attendee[]>) {
  const cache = useEventCache();
  const utils = trpc.useUtils();
  return {
    onSuccess: (list: Attendee[], { eventId }: { eventId: string }) => {
      utils.events.attendees.setData({ eventId }, list);
      cache.refresh(eventId);
      handlers.onSuccess?.(list);
    },
    onError: (
      error: Parameters<NonNullable<MutationHandlers<Attendee[]>['onError']>>[0],
      { eventId }: { eventId: string },
    ) => {
      cache.refresh(eventId);
      handlers.onError?.(error);
    },
  };
}

export const useDecideAttendee = (handlers: MutationHandlers<Attendee[]> = {}) =>
  trpc.events.decide.useMutation(useOrganiserCache(handlers));
export const useRemoveAttendee = (handlers: MutationHandlers<Attendee[]> = {}) =>
  trpc.events.removeAttendee.useMutation(useOrganiserCache(handlers));

/** The event's chat is read up to `seq`: its unread count is gone wherever the event shows it. */
export function useMarkEventChatRead() {
  const utils = trpc.useUtils();
  return trpc.events.chatRead.useMutation({
    onSuccess: (_done, { eventId }) => {
      updateLists((data) => readInPages(data, eventId));
      utils.events.byId.setData({ id: eventId }, (event) => event && { ...event, unreadMessages: 0 });
    },
    onError: (error) => console.error(error),
  });
}
