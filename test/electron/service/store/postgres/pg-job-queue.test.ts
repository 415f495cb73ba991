import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planReservation } from '../../../../../electron/service/billing/credit-rules';
import { failDeadJobs } from '../../../../../electron/service/jobs/dead-jobs';
import { PERIOD_MS } from '../../../../../electron/service/billing/plans';
import { PgJobQueue, type Delivery } from '../../../../../electron/service/store/postgres/pg-job-queue';
import { handBackDelivery } from '../../../../../electron/service/store/postgres/pg-hand-back';
import { migratePostgres } from '../../../../../electron/service/store/postgres/pg-migrate';
import { createPgJobsRepo } from '../../../../../electron/service/store/postgres/pg-jobs-repo';
import { openPostgresPool } from '../../../../../electron/service/store/postgres/pg-pool';
import { createPostgresTransactions, type AsyncStoreTransactions } from '../../../../../electron/service/store/postgres/pg-transactions';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../support/throwaway-postgres';

/** Two queue objects on two pools stand for two worker hosts on one database. */
describe('pg-boss job queue', () => {
  let server: ThrowawayPostgres;
  let pool: Pool;
  let hostA: PgJobQueue;
  let hostB: PgJobQueue;
  let tx: AsyncStoreTransactions;
  let accountId: string;
  let n = 0;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    pool = await openPostgresPool(server.url, { max: 6 });
    await migratePostgres(pool);
    [hostA, hostB] = await Promise.all([PgJobQueue.open(server.url, { expireInSeconds: 1 }), PgJobQueue.open(server.url, { expireInSeconds: 1 })]);
    tx = createPostgresTransactions(pool, { onJobInserted: (c, job) => hostA.sendInTransaction(c, job.id) });
    const now = Date.now();
    accountId = (await tx.createAccount(
      { plan: 'pro', status: 'active', periodStart: now, periodEnd: now + PERIOD_MS },
      () => [{ bucket: 'purchased', delta: 500, reason: 'grant', job_id: null, note: '' }],
      { id: 'key_q', key_hash: 'hash_q', prefix: 'rk_live_q', label: '', created_at: now },
      now,
    )).id;
  });
  afterAll(async () => {
    await Promise.all([hostA?.close(), hostB?.close()]);
    await pool?.end();
    await server?.stop();
  });

  const submit = (cost: number) => {
    const id = `job_${++n}`;
    return tx.submitJob(
      { id, account_id: accountId, operation: 'rig', params: '{}', input_sha: null, input_name: null, cost, created_at: Date.now() },
      ({ balances }) => planReservation(balances, id, cost),
    );
  };
  const drain = async (host: PgJobQueue, into: Delivery[]) => {
    for (let d = await host.fetch(); d; d = await host.fetch()) {
      into.push(d);
      await host.complete(d);
    }
  };

  it('queues a job with the transaction that accepts it, and not one that is refused', async () => {
    const job = await submit(20);
    await expect(submit(10_000)).rejects.toMatchObject({ code: 'insufficient_credits' });
    const got: Delivery[] = [];
    await drain(hostB, got);
    expect(got).toEqual([{ queueId: expect.any(String), jobId: job.id, retryCount: 0 }]);
  });

  it('gives each job to one worker host only, with both fetching at once', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push((await submit(1)).id);
    // Both hold a job at once (neither is handed the other's), then both drain the rest concurrently.
    const [firstA, firstB] = await Promise.all([hostA.fetch(), hostB.fetch()]);
    expect(firstA!.jobId).not.toBe(firstB!.jobId);
    const [a, b]: Delivery[][] = [[firstA!], [firstB!]];
    await Promise.all([hostA.complete(firstA!), hostB.complete(firstB!)]);
    await Promise.all([drain(hostA, a), drain(hostB, b), drain(hostA, a), drain(hostB, b)]);
    const all = [...a, ...b].map((d) => d.jobId);
    expect(all.sort()).toEqual([...ids].sort());
  });

  it('retries a job whose host died once, on another host, then dead-letters it', async () => {
    const job = await submit(1);
    const first = await hostA.fetch(); // host A takes it, then "dies": never completes
    expect(first).toMatchObject({ jobId: job.id, retryCount: 0 });
    expect(await hostB.fetch()).toBeNull(); // active: nobody else runs it meanwhile
    await new Promise((r) => setTimeout(r, 1100));
    await hostB.expireNow();
    const retry = await hostB.fetch();
    expect(retry).toMatchObject({ jobId: job.id, retryCount: 1 });
    expect(await hostB.fetchDead()).toEqual([]);
    await new Promise((r) => setTimeout(r, 1100)); // host B dies too
    await hostA.expireNow();
    expect(await hostA.fetch()).toBeNull();
    expect(await hostA.fetchDead()).toEqual([job.id]);
    expect(await hostB.fetchDead()).toEqual([]); // reported once
  });

  it('starts a delivered job once: a duplicate start of the same delivery is refused, the retry starts it again', async () => {
    const jobs = createPgJobsRepo(pool);
    const job = await submit(1);
    const starts = await Promise.all([jobs.startDelivered(job.id, 0, 1), jobs.startDelivered(job.id, 0, 2)]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(starts.find(Boolean)).toMatchObject({ state: 'processing', attempts: 1, stage: 'starting' });
    expect(await jobs.startDelivered(job.id, 1, 3)).toMatchObject({ attempts: 2, started_at: 3 }); // the queue's retry
    expect(await jobs.startDelivered(job.id, 1, 4)).toBeUndefined();
    await jobs.fail(job.id, 'x', 5);
    expect(await jobs.startDelivered(job.id, 2, 6)).toBeUndefined(); // finished jobs never restart
    await drain(hostA, []); // leave the queue empty for others
  });

  it('fails a job whose host died twice, with a message, once', async () => {
    const jobs = createPgJobsRepo(pool);
    const job = await submit(1);
    for (const host of [hostA, hostB]) {
      const d = (await host.fetch())!; // starts it, then its host dies
      expect(await jobs.startDelivered(d.jobId, d.retryCount, Date.now())).toBeTruthy();
      await new Promise((r) => setTimeout(r, 1100));
      await host.expireNow();
    }
    const [a, b] = await Promise.all([failDeadJobs(hostA, jobs), failDeadJobs(hostB, jobs)]);
    expect([...a, ...b]).toEqual([job.id]);
    expect(await jobs.get(job.id)).toMatchObject({ state: 'failed', attempts: 2, error: expect.stringMatching(/stopped twice/) });
  });

  it('a hand-back (a host stopping) keeps the tries the job had: once on its retry, the next death fails it', async () => {
    const jobs = createPgJobsRepo(pool);
    const job = await submit(1);
    const first = (await hostA.fetch())!; // host A dies mid-job: expiry gives the retry to B
    await jobs.startDelivered(first.jobId, first.retryCount, Date.now());
    await new Promise((r) => setTimeout(r, 1100));
    await hostA.expireNow();
    const retry = (await hostB.fetch())!;
    expect(retry.retryCount).toBe(1);
    await jobs.startDelivered(retry.jobId, retry.retryCount, Date.now());
    await handBackDelivery(pool, hostB, retry); // B stops with Ctrl+C during the retry
    expect(await jobs.get(job.id)).toMatchObject({ state: 'queued', attempts: 1 });
    const again = (await hostA.fetch())!;
    expect(again).toMatchObject({ jobId: job.id, retryCount: 1 }); // still the retry, not a third try
    expect(await jobs.startDelivered(again.jobId, again.retryCount, Date.now())).toMatchObject({ attempts: 2 });
    await new Promise((r) => setTimeout(r, 1100)); // and its host dies: no try is left
    await hostA.expireNow();
    expect(await hostB.fetch()).toBeNull();
    expect(await failDeadJobs(hostB, jobs)).toEqual([job.id]);
  });
});
