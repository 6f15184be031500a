import type { InfiniteData } from '@tanstack/react-query';
import type { EventView } from './types';

/** What the event mutations write into every cached list, page by page (pure, unit tested). */

/** The pages with `event` in place of its old copy, wherever it is listed. */
export const replacedInPages = <C>(data: InfiniteData<EventView[], C>, event: EventView) => ({
  ...data,
  pages: data.pages.map((page) => page.map((item) => (item.id === event.id ? event : item))),
});

/** The pages without the event. */
export const removedFromPages = <C>(data: InfiniteData<EventView[], C>, id: string) => ({
  ...data,
  pages: data.pages.map((page) => page.filter((item) => item.id !== id)),
});

/** The pages with the event's chat read (no unread messages). */
export const readInPages = <C>(data: InfiniteData<EventView[], C>, id: string) => ({
  ...data,
  pages: data.pages.map((page) =>
    page.map((item) => (item.id === id ? { ...item, unreadMessages: 0 } : item)),
  ),
});
