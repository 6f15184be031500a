import { appRouter } from '../../server/routers/_app';
import { type ProcedureType, proceduresOf } from '../../server/trpc/internals';

export type { ProcedureType };

/** Every procedure of the app router ('dogs.create' …) with its type, read from the router itself. */
export function allProcedures(): { path: string; type: ProcedureType }[] {
  return proceduresOf(appRouter)
    .map(({ path, type }) => ({ path, type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
