import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from './fingerprint';

interface Executes {
  execute(query: SQL): Promise<unknown>;
}

/** A column that says whose a row is: `users.id`, and every foreign key to it ('events.user_id'). */
export interface UserColumn {
  table: string;
  column: string;
}

/** The columns naming a user, read from the database's own foreign keys (a new table is covered by itself). */
export async function userColumns(db: Executes): Promise<UserColumn[]> {
  const references = rowsOf<UserColumn>(
    await db.execute(
      sql`select c.conrelid::regclass::text as "table", a.attname as "column"
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'public.users'::regclass
          order by 1, 2`,
    ),
  );
  return [{ table: 'users', column: 'id' }, ...references];
}

/**
 * The rows that name each of `userIds`, by column: `{ 'events.user_id <id>': 'count digest' }`. A row
 * naming two of them (a chat, a block) counts for each. A key that appears, goes or changes between two
 * snapshots is a change to that user's rows in that table.
 */
export async function userRows(
  db: Executes,
  columns: UserColumn[],
  userIds: string[],
): Promise<Record<string, string>> {
  if (userIds.length === 0 || columns.length === 0) return {};
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ key: string; owner: string; n: number; digest: string }>(
    await db.execute(
      sql.join(
        columns.map(
          ({
            table,
            column,
          }) => sql`select ${`${table}.${column}`}::text as key, t.${sql.identifier(column)}::text as owner,
            count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as digest
            from ${sql.identifier(table)} t where t.${sql.identifier(column)} in (${ids})
            group by t.${sql.identifier(column)}`,
        ),
        sql` union all `,
      ),
    ),
  );
  return Object.fromEntries(rows.map((row) => [`${row.key} ${row.owner}`, `${row.n} ${row.digest}`]));
}

/**
 * What changed between two `userRows` snapshots, as 'table.column of <name>' (`nameOf` turns a user id into
 * something a failure message can say), sorted; `allowed` columns ('blocks.blocked_id') are left out.
 */
export function changedUserRows(
  before: Record<string, string>,
  after: Record<string, string>,
  nameOf: (userId: string) => string = (id) => id,
  allowed: readonly string[] = [],
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => before[key] !== after[key])
    .map((key) => key.split(' ') as [string, string])
    .filter(([column]) => !allowed.includes(column))
    .map(([column, id]) => `${column} of ${nameOf(id)}`)
    .sort();
}

/**
 * Tells cheaply whether rows of `tables` may have changed since it was last asked: first the server's
 * transaction snapshot (reads take no transaction id, so while it stands still nothing was written), and
 * when that moved, each table's row count and newest row version (`xmin`), which other databases on a
 * shared server (the other test files) do not move. `true` means "compare the rows": a write may have
 * left them as they were.
 */
export function writeWatch(db: Executes, tables: string[]) {
  let snapshot = '';
  let versions = '';
  return async function moved(): Promise<boolean> {
    const [now] = rowsOf<{ s: string }>(await db.execute(sql`select pg_current_snapshot()::text as s`));
    if (now!.s === snapshot) return false;
    snapshot = now!.s;
    const rows = rowsOf<{ name: string; n: number; newest: string | null }>(
      await db.execute(
        sql.join(
          tables.map(
            (name) => sql`select ${name}::text as name, count(*)::int as n,
              max(xmin::text::bigint)::text as newest from ${sql.identifier(name)}`,
          ),
          sql` union all `,
        ),
      ),
    );
    const seen = JSON.stringify(rows.map((row) => [row.name, row.n, row.newest]));
    if (seen === versions) return false;
    versions = seen;
    return true;
  };
}
