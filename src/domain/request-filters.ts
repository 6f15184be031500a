/**
 * The request panel's filters (SPEC §2: Vse / Sprejete / Zavrnjene). Sprejete and Zavrnjene are what the
 * user decided: requests they received and accepted (by the button or by liking back) or rejected. Requests
 * they sent show in Vse with the other side's answer. Each tab's count is the length of its list.
 */
export const REQUEST_FILTERS = ['all', 'accepted', 'rejected'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

interface Filterable {
  direction: 'received' | 'sent';
  type: string;
  status: string;
}

export const inRequestFilter =
  (filter: RequestFilter) =>
  (item: Filterable): boolean =>
    filter === 'all' || (item.direction === 'received' && item.type === 'request' && item.status === filter);
