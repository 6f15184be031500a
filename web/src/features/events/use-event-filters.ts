import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EventFilter, EventType } from '#shared/schemas/events';
import { EVENT_TYPE_LIST } from './event-look';

/** The filters (DECISIONS 8) in chip order; 'mine' and 'nearby' need an account. */
export const FILTERS: Record<EventFilter, { signedIn: boolean }> = {
  mine: { signedIn: true },
  nearby: { signedIn: true },
  thisWeek: { signedIn: false },
  nextWeek: { signedIn: false },
};

export const FILTER_LIST = Object.keys(FILTERS) as EventFilter[];

/** How long typing may pause before the search is sent. */
const SEARCH_DELAY_MS = 250;

const isType = (value: string | null): value is EventType => EVENT_TYPE_LIST.includes(value as EventType);
const isFilter = (value: string | null): value is EventFilter => FILTER_LIST.includes(value as EventFilter);

/**
 * The list's type, filter and search, kept in the address (?type=&filter=&q=) so they survive a reload and
 * can be shared. The search box answers at once; the address (and so the query) follows after a pause.
 * A filter that needs an account is ignored while signed out.
 */
export function useEventFilters(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const type = isType(params.get('type')) ? (params.get('type') as EventType) : undefined;
  const chosenFilter = isFilter(params.get('filter')) ? (params.get('filter') as EventFilter) : undefined;
  const filter = chosenFilter && (signedIn || !FILTERS[chosenFilter].signedIn) ? chosenFilter : undefined;
  const search = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // The address follows the box after a pause in typing, by the latest render's `update`: the one of the
  // keystroke reads the address as it was then, and would drop a chip tapped during the pause.
  const latest = useRef(update);
  useEffect(() => {
    latest.current = update;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const changeText = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current({ q: value.trim() || undefined }), SEARCH_DELAY_MS);
  };

  return {
    /** What the list asks the server for. */
    input: {
      ...(type && { type }),
      ...(filter && { filter }),
      ...(search && { search }),
    },
    type,
    filter,
    text,
    setText: changeText,
    setType: (next: EventType | undefined) => update({ type: next }),
    /** Chips toggle: choosing the active filter again turns it off. */
    toggleFilter: (next: EventFilter) => update({ filter: next === filter ? undefined : next }),
    active: Boolean(type || filter || search),
    reset: () => {
      clearTimeout(timer.current);
      setText('');
      update({ type: undefined, filter: undefined, q: undefined });
    },
  };
}
