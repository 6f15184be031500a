import type postgres from 'postgres';

/**
 * postgres.js as Drizzle should use it. Drizzle sends every query through `unsafe`, which postgres.js runs
 * unprepared: a query with parameters then asks the server for their types first and waits for the answer,
 * two round trips each, and nothing else is sent on the connection meanwhile. Prepared (once per statement
 * text and connection), a query is one round trip, and queries sent together share one (pipelining). The
 * statement texts are Drizzle's, with values as parameters: a bounded set per connection.
 *
 * Transactions (`begin`, which Drizzle's `transaction` calls) send their BEGIN with their first statements:
 * postgres.js's own waits for its answer first, a round trip of every transaction.
 */
export function preparedStatements<T extends postgres.Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return preparedUnsafe(target);
      if (property === 'begin')
        return (...args: unknown[]) => {
          const work = args.pop() as (scoped: postgres.Sql) => unknown;
          return begin(target, work);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

const preparedUnsafe =
  (sql: postgres.Sql) =>
  (text: string, args: postgres.ParameterOrJSON<never>[] = [], options = {}) =>
    sql.unsafe(text, args, { ...options, prepare: true });

/**
 * The statement text that commits a transaction at once, behind the statements sent before it and without
 * waiting for their answers (transact.ts: commitWith): the last of a transaction's round trips then carries
 * its last statements and its commit.
 */
export const COMMIT_NOW = 'commit';

type Committing = ReturnType<postgres.ReservedSql['unsafe']>;

/**
 * `work` in a transaction on a connection of its own (as postgres.js's `begin`), committed when it resolves
 * and rolled back when it throws. The BEGIN is not awaited: the connection runs statements in the order they
 * are sent, so the first ones go out behind it without waiting for its answer. A commit `work` sent itself
 * (COMMIT_NOW) is the one awaited.
 */
async function begin(sql: postgres.Sql, work: (scoped: postgres.Sql) => unknown) {
  const connection = await reserveConnection(sql);
  const begun = connection.unsafe('begin').execute();
  let committing: Committing | undefined;
  const commit = () => (committing ??= connection.unsafe('commit').execute());
  try {
    const result = await work(transactionClient(connection, commit));
    await begun;
    // A statement that failed where `work` did not look: PostgreSQL answers the commit with a rollback.
    if ((await commit()).command !== 'COMMIT') throw new Error('the transaction was rolled back');
    return result;
  } catch (error) {
    // A commit sent already ends the transaction either way; a BEGIN that failed leaves nothing to roll
    // back; the error of `work` is the one to report.
    if (committing) await committing.catch(() => {});
    else
      await begun.then(
        () => connection.unsafe('rollback').catch(() => {}),
        () => {},
      );
    throw error;
  } finally {
    connection.release();
  }
}

/** How long a transaction waits for a connection of its own (postgres.js's connect timeout, in the pool's). */
const RESERVE_TIMEOUT_MS = 5_000;

/**
 * A connection of its own for a transaction. postgres.js (3.4.9) can lose a reservation made while the
 * database was unreachable: one handed on through a reconnect is dropped when the new connection first
 * fetches its types, and its wait never ends (nor the call waiting on it). After `timeoutMs` the wait fails
 * as a connect timeout (503, try again); a connection that still comes goes back to the pool.
 */
export async function reserveConnection(
  sql: Pick<postgres.Sql, 'reserve'>,
  timeoutMs = RESERVE_TIMEOUT_MS,
): Promise<postgres.ReservedSql> {
  const reserving = sql.reserve();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(Object.assign(new Error('no connection for the transaction'), { code: 'CONNECT_TIMEOUT' })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([reserving, timedOut]);
  } catch (error) {
    reserving.then(
      (connection) => connection.release(),
      () => {},
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The transaction's connection as Drizzle uses it: prepared statements, savepoints for nested work, and its
 * commit when `work` sends it (COMMIT_NOW).
 */
function transactionClient(connection: postgres.ReservedSql, commit: () => Committing): postgres.Sql {
  let savepoints = 0;
  const prepared = preparedUnsafe(connection);
  const unsafe: typeof prepared = (text, ...rest) =>
    text === COMMIT_NOW ? commit() : prepared(text, ...rest);
  const savepoint = async (work: (scoped: postgres.Sql) => unknown) => {
    const name = `s${++savepoints}`;
    await connection.unsafe(`savepoint ${name}`);
    try {
      const result = await work(client);
      await connection.unsafe(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await connection.unsafe(`rollback to savepoint ${name}`);
      throw error;
    }
  };
  const client: postgres.Sql = new Proxy(connection, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'savepoint') return savepoint;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return client;
}
