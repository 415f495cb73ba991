import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundJob } from '../../../../electron/service/admin/accounts-admin';
import { boxObjBase64 } from '../../../support/meshes';
import { CONTROLLED_OPERATION, startLiveService, type LiveService } from '../../../support/running-service';

let live: LiveService;
beforeAll(async () => {
  live = await startLiveService({ operations: { rig: CONTROLLED_OPERATION }, workers: 1, workerMemoryMb: 96, deadlinesMs: { rig_fast: 4000, rig_pro: 4000 } });
});
afterAll(() => live.close());

const submit = (filename: string) => live.request('POST', '/v1/rigs', { model_base64: boxObjBase64(), filename });
const balance = async () => (await live.service.store.credits.balance(live.accountId)).total;

describe('job workers (real child processes)', () => {
  it('runs a job to succeeded with absolute, downloadable output URLs', async () => {
    const { status, json } = await submit('ok-1.obj');
    expect(status).toBe(202);
    const job = await live.waitForJob(json.id);
    expect(job.status).toBe('succeeded');
    expect(job.error).toBeNull();
    expect(job.output.model_url).toMatch(new RegExp(`^${live.service.baseUrl}/files/[A-Za-z0-9_-]{43}/result\\.glb$`));
    expect(job.output.thumbnail_url).toMatch(/\/result\.png$/);
    expect(job.output.files.map((f: { role: string }) => f.role)).toEqual(['model', 'thumbnail', 'report']);
    expect(job.completed_at).toMatch(/Z$/);
    expect(job.duration_seconds).toBeGreaterThanOrEqual(0);
    expect(job.progress).toBe(1);
    const file = await fetch(job.output.model_url);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('v -0.5 0 -0.5');
    // The token is the permission: a wrong one is 404.
    // (Change the token's first character to a different one: a fixed 'x' matched 1 token in 64.)
    const wrong = job.output.model_url.replace(/files\/(.)/, (_m: string, c: string) => `files/${c === 'x' ? 'y' : 'x'}`);
    expect((await fetch(wrong)).status).toBe(404);
  });

  it('reports a processing failure as a 200 poll with status failed, keeping the charge until refunded', async () => {
    const before = await balance();
    const { json } = await submit('fail-1.obj');
    expect(await balance()).toBe(before - 20);
    const job = await live.waitForJob(json.id);
    expect(job).toMatchObject({ status: 'failed', output: null, error: expect.stringMatching(/too fragmented/) });
    expect(await balance()).toBe(before - 20);
    expect(await refundJob(live.service.store, json.id)).toEqual({ job_id: json.id, refunded: 20 });
    expect(await balance()).toBe(before);
    await expect(refundJob(live.service.store, json.id)).rejects.toThrow(/already refunded/);
  });

  it('fails only its own job when the worker is SIGKILLed mid-job, and replaces the worker', async () => {
    const { json } = await submit('sleep-3000.obj');
    await waitFor(() => live.service.pool!.runningPids().get(json.id));
    const pid = live.service.pool!.runningPids().get(json.id)!;
    const mid = (await live.request('GET', `/v1/jobs/${json.id}`)).json;
    expect(mid.status).toBe('processing');
    process.kill(pid, 'SIGKILL');
    const job = await live.waitForJob(json.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/was killed \(SIGKILL\)/);
    // The pool replaced the worker: the next job runs.
    const next = await live.waitForJob((await submit('ok-2.obj')).json.id);
    expect(next.status).toBe('succeeded');
  });

  it('stops a job that passes its deadline, with a message a person can act on', async () => {
    const { json } = await submit('sleep-20000.obj');
    const job = await live.waitForJob(json.id, 30_000);
    expect(job.status).toBe('failed');
    // A fast rig that timed out is told to simplify the mesh, not to "try the fast engine" it already used.
    expect(job.error).toMatch(/^The fast rig exceeded its 4 s deadline and was stopped\. Simplify or decimate the mesh/);
    expect(job.error).not.toMatch(/fast engine/);
    expect((await live.waitForJob((await submit('ok-3.obj')).json.id)).status).toBe('succeeded');
  });

  it('suggests the fast engine only to a pro rig that passes its deadline', async () => {
    const { json } = await live.request('POST', '/v1/rigs', { model_base64: boxObjBase64(), filename: 'sleep-20000.obj', engine: 'pro' });
    const job = await live.waitForJob(json.id, 30_000);
    expect(job.error).toMatch(/^The pro rig exceeded its 4 s deadline and was stopped\. Try engine 'fast', or simplify or decimate the mesh/);
  });

  it('fails a job whose worker runs out of memory', async () => {
    const { json } = await submit('oom-1.obj');
    const job = await live.waitForJob(json.id, 30_000);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/ran out of memory \(limit 96 MB\)/);
    expect((await live.waitForJob((await submit('ok-4.obj')).json.id)).status).toBe('succeeded');
  });

  it('reports progress and stage while processing', async () => {
    const { json } = await submit('sleep-1500.obj');
    let seen: any = null;
    await waitFor(async () => {
      const j = (await live.request('GET', `/v1/jobs/${json.id}`)).json;
      if (j.status === 'processing' && j.progress > 0) seen = j;
      return seen;
    });
    expect(seen.stage).toBe('working');
    expect(seen.progress).toBeLessThan(1);
    expect(seen.output).toBeNull();
    await live.waitForJob(json.id);
  });
});

async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
