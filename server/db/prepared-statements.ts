import type postgres from 'postgres';

/**
 * postgres.js as Drizzle should use it. Drizzle sends every query through `unsafe`, which postgres.js runs
 * unprepared: a query with parameters then asks the server for their types first and waits for the answer,
 * two round trips each, and nothing else is sent on the connection meanwhile. Prepared (once per statement
 * text and connection), a query is one round trip, and queries sent together share one (pipelining). The
 * statement texts are Drizzle's, with values as parameters: a bounded set per connection.
 */
export function preparedStatements<T extends postgres.Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (text: string, args: postgres.ParameterOrJSON<never>[] = [], options = {}) =>
          target.unsafe(text, args, { ...options, prepare: true });
      // A transaction's (or savepoint's) own client, prepared the same way.
      if (property === 'begin' || property === 'savepoint')
        return (...args: unknown[]) => {
          const work = args.pop() as (scoped: postgres.Sql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return open.call(target, ...args, (scoped: postgres.Sql) => work(preparedStatements(scoped)));
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
