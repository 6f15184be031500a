import type { DbOrTx } from './client';
import { rowsMappedOnce } from './rows-mapped-once';

/**
 * Queries Drizzle builds once per database and shape, then runs with their placeholders filled
 * (`.prepare(…)`, `.execute(values)`). Building a query's text walks its whole tree of SQL pieces: on the
 * deck, the hottest read, that was ~15 % of the server's busy time. `build` is given the shape only (what
 * decides the text: which conditions, how many values a list has), never the values, so no value can be
 * fixed in a text that is reused for other calls. A prepared select's rows are mapped by a plan made once too
 * (rows-mapped-once.ts).
 */
export function builtOnce<Shape, Query>(build: (db: DbOrTx, shape: Shape) => Query, keep = 256) {
  const built = new WeakMap<DbOrTx, Map<string, Query>>();
  return (db: DbOrTx, shape: Shape): Query => {
    let queries = built.get(db);
    if (!queries) built.set(db, (queries = new Map()));
    const key = JSON.stringify(shape);
    let query = queries.get(key);
    if (query === undefined) {
      query = rowsMappedOnce(build(db, shape));
      // Shapes come from users' filters: the oldest goes, so their number stays bounded.
      if (queries.size >= keep) queries.delete(queries.keys().next().value!);
      queries.set(key, query);
    }
    return query;
  };
}
