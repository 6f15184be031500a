import { putFirstOrReplace, withoutId } from '../../lib/lists';
import { type MutationHandlers, trpc } from '../../lib/trpc';
import type { Dog } from '../../components/dogs/types';

/** My dogs' mutations; each keeps the list and the profile's numbers in step. Callers add what is said. */

function useSaved(handlers: MutationHandlers<Dog>) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (saved: Dog) => {
      utils.dogs.mine.setData(undefined, (dogs) => dogs && putFirstOrReplace(dogs, saved));
      void utils.dogs.mine.invalidate();
      void utils.profiles.stats.invalidate();
      handlers.onSuccess?.(saved);
    },
    onError: (error: unknown) => handlers.onError?.(error),
  };
}

export const useCreateDog = (handlers: MutationHandlers<Dog> = {}) =>
  trpc.dogs.create.useMutation(useSaved(handlers));

export const useUpdateDog = (handlers: MutationHandlers<Dog> = {}) =>
  trpc.dogs.update.useMutation(useSaved(handlers));

/** The card goes at once, and comes back if the server refuses. */
export function useRemoveDog(handlers: MutationHandlers<{ id: string }> = {}) {
  const utils = trpc.useUtils();
  return trpc.dogs.remove.useMutation({
    onMutate: async ({ id }) => {
      // A list request already on its way must not bring the card back.
      await utils.dogs.mine.cancel();
      const previous = utils.dogs.mine.getData();
      utils.dogs.mine.setData(undefined, (list) => list && withoutId(list, id));
      return { previous };
    },
    onSuccess: (removed) => handlers.onSuccess?.(removed),
    onError: (error, _input, context) => {
      if (context?.previous) utils.dogs.mine.setData(undefined, context.previous);
      handlers.onError?.(error);
    },
    onSettled: () => {
      void utils.dogs.mine.invalidate();
      void utils.profiles.stats.invalidate();
    },
  });
}
