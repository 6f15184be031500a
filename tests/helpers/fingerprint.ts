import { type SQL, sql } from 'drizzle-orm';

interface Executes {
  execute(query: SQL): Promise<unknown>;
}

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js the rows themselves). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The tables of the public schema, by name. */
export async function publicTables(db: Executes): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  return rows.map((row) => row.name);
}

/** Each table's row count and a digest of all its rows ("count digest"): equal fingerprints, unchanged data. */
export async function tableFingerprint(db: Executes, tables: string[]): Promise<Record<string, string>> {
  const rows = rowsOf<{ name: string; n: number; digest: string }>(
    await db.execute(
      sql.join(
        tables.map(
          (name) => sql`select ${name} as name, count(*)::int as n,
            md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest
            from ${sql.identifier(name)} t`,
        ),
        sql` union all `,
      ),
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} ${row.digest}`]));
}
