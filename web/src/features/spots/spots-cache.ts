import type { SpotView } from '#shared/schemas/spots';
import { trpc } from '../../lib/trpc';

/**
 * After a place changed (added, rated): what shows it is refreshed, its details from the answer given (or
 * read again), the lists read again.
 */
export function useSpotChanged() {
  const utils = trpc.useUtils();
  return (id: string, view?: SpotView) => {
    if (view) utils.spots.byId.setData({ id }, view);
    else void utils.spots.byId.invalidate({ id });
    void utils.spots.near.invalidate();
    void utils.spots.mine.invalidate();
  };
}
