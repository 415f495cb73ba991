import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../electron/service/admin/accounts-admin';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { startServerProcesses, type ServerProcesses } from '../../support/server-processes';
import { sceneFromSynthetic } from '../../support/synthetic-scene';

/**
 * Issue 17's guarantees with real processes: two `rigdesk serve --database --workers 0` API processes
 * and two `rigdesk worker` processes on one PostgreSQL. Requests are spread over both APIs and sent at
 * once, so any state kept per process (a credit check, a rate-limit window, a queue claim) would show.
 */
describe('server mode: two API processes and two workers on one database', () => {
  let s: ServerProcesses;
  // A character the fast engine rigs in about 0.1 s (a box takes it seconds: no limbs to find).
  let model = '';
  beforeAll(async () => {
    model = Buffer.from(await writeGlb(sceneFromSynthetic(syntheticCharacter('biped', { pose: 'A', accessories: false })))).toString('base64');
    s = await startServerProcesses({ apis: 2, workers: 2 });
  }, 120_000);
  afterAll(() => s?.stop());

  const account = async (o: { credits: number; rateLimitPerMinute: number }) =>
    `Bearer ${(await createAccount(s.admin, { plan: 'pro', planCredits: 0, ...o })).key.api_key}`;
  const rig = (i: number, auth: string) =>
    fetch(`${s.apis[i % 2]}/v1/rigs`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model_base64: model, filename: 'hero.glb', engine: 'fast' }),
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as { id: string; error?: { code: string } } }));
  const jobRows = async (ids: string[]) =>
    (await s.admin.pool.query<{ id: string; state: string; attempts: number; started_at: number; completed_at: number }>(
      'SELECT id, state, attempts, started_at, completed_at FROM jobs WHERE id = ANY($1)', [ids])).rows;
  const allSettled = async (ids: string[], ms = 120_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const rows = await jobRows(ids);
      if (rows.length === ids.length && rows.every((r) => r.state === 'succeeded' || r.state === 'failed')) return rows;
      if (Date.now() > end) throw new Error(`jobs not settled in ${ms} ms: ${JSON.stringify(rows.map((r) => r.state))}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('runs each job once: 8 rigs through both APIs, each started once, both workers busy at once', async () => {
    const auth = await account({ credits: 1000, rateLimitPerMinute: 10_000 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => rig(i, auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    const ids = answers.map((a) => a.json.id);
    const rows = await allSettled(ids);
    for (const row of rows) expect(row, row.id).toMatchObject({ state: 'succeeded', attempts: 1 });
    // One queue delivery per job, completed, never retried.
    const deliveries = (await s.admin.pool.query<{ job: string; state: string; retry_count: number }>(
      "SELECT data->>'jobId' AS job, state, retry_count FROM pgboss.job WHERE name = 'rigdesk-jobs' AND data->>'jobId' = ANY($1)", [ids])).rows;
    expect(deliveries.map((d) => d.job).sort()).toEqual([...ids].sort());
    expect(deliveries.every((d) => d.state === 'completed' && d.retry_count === 0)).toBe(true);
    // Two jobs running together means both workers took part. A host frees its slot when the child
    // reports, then publishes the files and stamps completed_at, so its next job may start (in the
    // database's view) before the last one's completed_at: at most one such overlap per host, never more
    // (a job run twice is excluded above by one delivery and attempts 1).
    const most = Math.max(...rows.map((r) => rows.filter((o) => o.started_at <= r.started_at && r.started_at < o.completed_at).length));
    expect(most).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(4);
  }, 180_000);

  it('never overspends one account: 24 rigs at once through both APIs against 100 credits accept exactly 5', async () => {
    const auth = await account({ credits: 100, rateLimitPerMinute: 10_000 });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => rig(i, auth)));
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((a) => a.status === 402 && a.json.error?.code === 'insufficient_credits')).toHaveLength(19);
    const account_ = await fetch(`${s.apis[1]}/v1/account`, { headers: { authorization: auth } }).then((r) => r.json() as Promise<{ balance: { total: number } }>);
    expect(account_.balance.total).toBe(0);
    expect((await s.admin.pool.query('SELECT COUNT(*) AS n FROM jobs')).rows[0].n).toBe(8 + 5);
  }, 60_000);

  it("holds a key's rate limit across both APIs: 50 requests at once against 20 a minute allow exactly 20", async () => {
    const auth = await account({ credits: 0, rateLimitPerMinute: 20 });
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      fetch(`${s.apis[i % 2]}/v1/account`, { headers: { authorization: auth } }).then(async (r) => (await r.arrayBuffer(), r.status))));
    expect(statuses.filter((c) => c === 200)).toHaveLength(20);
    expect(statuses.filter((c) => c === 429)).toHaveLength(30);
    // And each process alone now refuses the key too.
    for (const base of s.apis) expect((await fetch(`${base}/v1/account`, { headers: { authorization: auth } })).status).toBe(429);
  }, 60_000);
});
