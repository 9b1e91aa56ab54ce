/**
 * Vitest's global setup for the server's tests: one throwaway PostgreSQL cluster for the
 * whole run (about a second to start), shared by every test file and stopped at the end.
 * A test file reads its URL with `inject('postgresAdminUrl')` and takes its own database
 * with createTestDatabase().
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's URL to the test cluster's `postgres` database. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return cluster.stop;
}
