import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../../electron/service/admin/accounts-admin';
import { pgJobSource } from '../../../../../electron/service/jobs/pg-job-source';
import { submitJob } from '../../../../../electron/service/jobs/submit-job';
import { WorkerPool } from '../../../../../electron/service/jobs/worker-pool';
import { PgJobQueue } from '../../../../../electron/service/store/postgres/pg-job-queue';
import { openPostgresStore, type PostgresStore } from '../../../../../electron/service/store/postgres/pg-store';
import { CONTROLLED_OPERATION } from '../../../../support/running-service';
import { tempDataDir } from '../../../../support/service';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../support/throwaway-postgres';

const OBJ = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

/**
 * Two worker hosts (each its own store connections, pg-boss and worker pool with a real child
 * process) on one PostgreSQL database and one shared blob folder; an API store submits.
 */
describe('two worker hosts on one PostgreSQL database', () => {
  let server: ThrowawayPostgres;
  let shared: string;
  let api: PostgresStore;
  let apiQueue: PgJobQueue;
  const hosts: { store: PostgresStore; queue: PgJobQueue; pool: WorkerPool; ran: string[] }[] = [];
  const settled: string[] = [];
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    shared = tempDataDir('rigdesk-shared');
    apiQueue = await PgJobQueue.open(server.url, { expireInSeconds: 30 });
    api = await openPostgresStore(server.url, shared, { maxConnections: 4, onJobInserted: (c, job) => apiQueue.sendInTransaction(c, job.id) });
    for (let i = 0; i < 2; i++) {
      const store = await openPostgresStore(server.url, shared, { maxConnections: 4 });
      const queue = await PgJobQueue.open(server.url, { expireInSeconds: 30 });
      const ran: string[] = [];
      const pool = new WorkerPool(store, {
        size: 1,
        operations: { rig: CONTROLLED_OPERATION },
        deadlineMs: () => 20_000,
        workerMemoryMb: 128,
        source: pgJobSource(queue, store),
        onSettled: (id) => {
          ran.push(id);
          settled.push(id);
        },
      });
      pool.start();
      hosts.push({ store, queue, pool, ran });
    }
  });
  afterAll(async () => {
    for (const h of hosts) {
      await h.pool.stop();
      await h.queue.close();
      await h.store.close();
    }
    await apiQueue?.close();
    await api?.close();
    await server?.stop();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  const until = async (done: () => boolean, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() > end) throw new Error(`timed out; settled ${settled.length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('runs every job once, on one host or the other, with results and failures recorded', async () => {
    const { account } = await createAccount(api, { plan: 'pro', planCredits: 0, credits: 100 });
    const capacity = { maxQueueDepth: 100, workersHealthy: () => true };
    const names = ['ok-1.obj', 'ok-2.obj', 'sleep-300.obj', 'ok-3.obj', 'fail-1.obj', 'sleep-200.obj', 'ok-4.obj', 'ok-5.obj'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await submitJob(api, capacity, { account, operation: 'rig', params: { engine: 'fast' }, input: { data: OBJ, name }, cost: 1 })).id);
    }
    await until(() => ids.every((id) => settled.includes(id)));
    expect([...settled].sort()).toEqual([...ids].sort()); // each settled exactly once
    for (const [i, id] of ids.entries()) {
      const row = (await api.jobs.get(id))!;
      expect(row.attempts).toBe(1);
      if (names[i].startsWith('fail')) expect(row).toMatchObject({ state: 'failed', error: expect.stringMatching(/too fragmented/) });
      else {
        expect(row.state).toBe('succeeded');
        const files = (JSON.parse(row.output!) as { files: { token: string }[] }).files;
        expect(await api.files.get(files[0].token)).toMatchObject({ filename: 'result.glb' });
      }
    }
    expect(hosts[0].ran.length + hosts[1].ran.length).toBe(ids.length);
    expect(await apiQueue.waiting()).toBe(0);
  });

  it('a host that stops mid-job hands the job back without using up its retry, and the other host runs it to the end', async () => {
    const { account } = await createAccount(api, { plan: 'pro', planCredits: 0, credits: 10 });
    const capacity = { maxQueueDepth: 100, workersHealthy: () => true };
    const id = (await submitJob(api, capacity, { account, operation: 'rig', params: { engine: 'fast' }, input: { data: OBJ, name: 'sleep-1500.obj' }, cost: 1 })).id;
    await until(() => hosts.some((h) => h.pool.runningPids().has(id)), 20_000);
    const [leaving, staying] = hosts[0].pool.runningPids().has(id) ? [hosts[0], hosts[1]] : [hosts[1], hosts[0]];
    await leaving.pool.stop();
    await until(() => staying.ran.includes(id), 30_000);
    expect(await api.jobs.get(id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    // The delivery that ran it still had its retry: a host dying during it would not have failed the job.
    const deliveries = (await api.pool.query<{ retry_limit: number; retry_count: number }>(
      "SELECT retry_limit, retry_count FROM pgboss.job WHERE data->>'jobId' = $1 ORDER BY created_on", [id])).rows;
    expect(deliveries).toEqual([{ retry_limit: 1, retry_count: 0 }, { retry_limit: 1, retry_count: 0 }]);
    expect(leaving.ran).not.toContain(id);
  });
});
