import { trpc } from '../../lib/trpc';

/**
 * Keeps the lists of my dogs current when they change elsewhere (another tab or device): each change the
 * server reports refetches them and the counts that depend on them.
 */
export function useDogChanges(enabled: boolean) {
  const utils = trpc.useUtils();
  trpc.dogs.onChange.useSubscription(undefined, {
    enabled,
    onData: () => {
      void utils.dogs.mine.invalidate();
      void utils.profiles.stats.invalidate();
    },
  });
}
