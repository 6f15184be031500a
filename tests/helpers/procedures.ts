import { appRouter } from '../../server/routers/_app';

export type ProcedureType = 'query' | 'mutation' | 'subscription';

/** Every procedure of the app router ('dogs.create' …) with its type, read from the router itself. */
export function allProcedures(): { path: string; type: ProcedureType }[] {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: ProcedureType } }
  >;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
