/**
 * vitest global set-up for RIGDESK_TEST_DATABASE=postgres: one throwaway cluster for the whole run
 * (starting one per file costs ~2 s of a 2-core machine each) and one migrated template database with
 * pg-boss installed; each test app then gets `CREATE DATABASE … TEMPLATE`, which takes milliseconds.
 */
import type { TestProject } from 'vitest/node';
import { DEADLINES_MS } from '../../electron/service/config';
import { PgJobQueue } from '../../electron/service/store/postgres/pg-job-queue';
import { openPostgresStore } from '../../electron/service/store/postgres/pg-store';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayPostgres } from './throwaway-postgres';
import { testDatabase } from './test-database';

export const TEMPLATE_DATABASE = 'rigdesk_template';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (testDatabase() !== 'postgres') {
    project.provide('rigdeskPostgres', null);
    return;
  }
  const pg = await startThrowawayPostgres();
  try {
    const template = await pg.createDatabase(TEMPLATE_DATABASE);
    const blobs = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-pg-template-'));
    const store = await openPostgresStore(template, blobs, { maxConnections: 1 });
    await store.close();
    rmSync(blobs, { recursive: true, force: true });
    const queue = await PgJobQueue.open(template, { expireInSeconds: Math.ceil(Math.max(...Object.values(DEADLINES_MS)) / 1000) + 60 });
    await queue.close();
    project.provide('rigdeskPostgres', { base: pg.url.slice(0, pg.url.lastIndexOf('/')), template });
  } catch (err) {
    await pg.stop();
    throw err;
  }
  return () => pg.stop();
}
