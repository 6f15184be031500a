import type { TestProject } from 'vitest/node';
import { MIGRATIONS } from '../../server/db/client';
import { writeTemplate } from '../../server/db/pglite-template';
import { postgresAvailable, startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Throwaway PostgreSQL server URL, or '' when PostgreSQL cannot run here. */
    postgresUrl: string;
  }
}

/** The PGlite template (fast in-memory databases) and one throwaway PostgreSQL per run; each test file
 * makes its own database on it. */
export default async function setup(project: TestProject) {
  await writeTemplate(MIGRATIONS);
  if (!postgresAvailable()) {
    // CI installs PostgreSQL (.ci/run); there, running without it would hide a whole test layer.
    if (process.env.CI)
      throw new Error('PostgreSQL binaries not found; the integration tests need them in CI.');
    console.warn('PostgreSQL binaries not found: integration tests run on PGlite only.');
    project.provide('postgresUrl', '');
    return;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
