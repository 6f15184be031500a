import type { TestProject } from 'vitest/node';
import { postgresAvailable, startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Throwaway PostgreSQL server URL, or '' when PostgreSQL cannot run here. */
    postgresUrl: string;
  }
}

/** One throwaway PostgreSQL per test run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  if (!postgresAvailable()) {
    console.warn('PostgreSQL binaries not found: integration tests run on PGlite only.');
    project.provide('postgresUrl', '');
    return;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
