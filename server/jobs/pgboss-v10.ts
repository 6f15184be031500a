import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * A database whose job queue pg-boss 10 made (schema version 24). pg-boss 11 rebuilt its schema and migrates
 * only from its own (version 25) onwards: started on a version-24 schema, pg-boss 12 refuses ("Cannot migrate
 * pg-boss schema from version 24", node_modules/pg-boss/dist/migrationStore.js), and its release notes leave
 * moving the jobs to the application. So the old schema is set aside under another name before pg-boss
 * starts (it then creates its own), and once the queues exist its jobs still to run are moved across.
 */
export const VERSION_10 = 24;

const asideName = (schema: string) => `${schema}_v10`;

/** Renames pg-boss 10's schema out of the way, when `schema` is one. Runs before pg-boss starts. */
export async function setAsideVersion10(database: Database, schema: string, log: FastifyBaseLogger) {
  const { rows } = await database.execute(`select to_regclass('${schema}.version') is not null as installed`);
  if (!(rows[0] as { installed: boolean }).installed) return;
  const version = Number(
    ((await database.execute(`select version from ${schema}.version`)).rows[0] as { version: unknown })
      ?.version,
  );
  if (version > VERSION_10) return;
  if (version !== VERSION_10)
    throw new Error(
      `The job queue's schema ${schema} is version ${version}; only pg-boss 10's (24) is moved.`,
    );
  await database.execute(`alter schema ${schema} rename to ${asideName(schema)}`);
  log.info(`set pg-boss 10's schema aside as ${asideName(schema)}; its waiting jobs move to the new one`);
}

/**
 * Moves the jobs pg-boss 10 still had to run (waiting, to retry, or held by an instance since stopped) into
 * pg-boss's current schema, as they were: same id, data, singleton key, start time, attempts so far. A held
 * job runs again at once (its instance is gone, as after an expiry). One statement, so a job is either still
 * in the old schema or in the new one; run on every start while the old schema exists, it resumes a move a
 * crash cut short. A job the queue's policy folds into one already waiting there is dropped (as pg-boss does
 * with a new one). Done and failed jobs stay in the old schema for inspection; it can be dropped afterwards.
 */
export async function moveVersion10Jobs(database: Database, schema: string, log: FastifyBaseLogger) {
  const old = asideName(schema);
  const { rows } = await database.execute(`select to_regclass('${old}.job') is not null as present`);
  if (!(rows[0] as { present: boolean }).present) return;
  const moved = await database.execute(`
    with taken as (
      delete from ${old}.job
      where state in ('created', 'retry', 'active') and name in (select name from ${schema}.queue)
      returning *
    ), moved as (
      insert into ${schema}.job (
        id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
        expire_seconds, deletion_seconds, singleton_key, singleton_on, start_after, created_on, keep_until,
        dead_letter, policy
      )
      select t.id, t.name, t.priority, t.data,
        (case when t.state = 'active' then 'retry' else t.state::text end)::${schema}.job_state,
        t.retry_limit, t.retry_count, t.retry_delay, t.retry_backoff,
        greatest(extract(epoch from t.expire_in), 1)::int, q.deletion_seconds, t.singleton_key, t.singleton_on,
        case when t.state = 'active' then now() else t.start_after end, t.created_on,
        t.keep_until, t.dead_letter, q.policy
      from taken t join ${schema}.queue q on q.name = t.name
      on conflict do nothing
      returning 1
    )
    select count(*)::int as count from moved`);
  const count = (moved.rows[0] as { count: number }).count;
  if (count) log.info({ count }, `moved pg-boss 10's waiting jobs from ${old}`);
}
