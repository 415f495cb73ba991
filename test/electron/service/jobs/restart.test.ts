import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../electron/service/admin/accounts-admin';
import { openStore } from '../../../../electron/service/context';
import { recoverInterruptedJobs } from '../../../../electron/service/jobs/recovery';
import { projectRoot } from '../../../support/corpus';
import { boxObjBase64 } from '../../../support/meshes';
import { tempDataDir } from '../../../support/service';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

async function startServiceProcess(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'test/fixtures/serve-controlled.ts'), dataDir], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, baseUrl: JSON.parse(line).base_url };
  }
  throw new Error('service process exited before listening');
}

describe('restart recovery', () => {
  it('after the service is killed, queued jobs run and the job in flight is retried', async () => {
    const dataDir = tempDataDir('rigdesk-restart');
    const setup = openStore(dataDir);
    const { key } = await createAccount(setup, { plan: 'pro', credits: 500, rateLimitPerMinute: 10_000 });
    setup.close();
    const auth = { authorization: `Bearer ${key.api_key}`, 'content-type': 'application/json' };

    const first = await startServiceProcess(dataDir);
    const submit = async (baseUrl: string, filename: string) =>
      (await (await fetch(`${baseUrl}/v1/rigs`, { method: 'POST', headers: auth, body: JSON.stringify({ model_base64: boxObjBase64(), filename }) })).json()) as { id: string };
    const poll = async (baseUrl: string, id: string) => (await (await fetch(`${baseUrl}/v1/jobs/${id}`, { headers: auth })).json()) as any;

    const inFlight = await submit(first.baseUrl, 'sleep-1500.obj');
    const queued = [await submit(first.baseUrl, 'ok-a.obj'), await submit(first.baseUrl, 'ok-b.obj')];
    for (let i = 0; i < 200 && (await poll(first.baseUrl, inFlight.id)).status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await poll(first.baseUrl, inFlight.id)).status).toBe('processing');
    first.child.kill('SIGKILL'); // the service dies with a job in flight and two queued
    await new Promise((r) => first.child.once('exit', r));

    const second = await startServiceProcess(dataDir);
    const settle = async (id: string) => {
      for (let i = 0; i < 400; i++) {
        const j = await poll(second.baseUrl, id);
        if (j.status === 'succeeded' || j.status === 'failed') return j;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`job ${id} did not settle`);
    };
    expect((await settle(inFlight.id)).status).toBe('succeeded');
    for (const q of queued) expect((await settle(q.id)).status).toBe('succeeded');
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });

  it('retries an interrupted job once, then fails it with a message', async () => {
    const store = openStore(tempDataDir('rigdesk-recovery'));
    const { account } = await createAccount(store, { plan: 'pro' });
    const insert = (id: string) =>
      store.jobs.insert({ id, account_id: account.id, operation: 'rig', params: '{"engine":"fast"}', input_sha: null, input_name: null, cost: 0, created_at: Date.now() });
    await insert('a');
    await insert('b');
    await store.jobs.claimNext(Date.now()); // a: attempt 1
    await store.jobs.claimNext(Date.now()); // b: attempt 1
    expect(await recoverInterruptedJobs(store)).toEqual({ retried: ['a', 'b'], failed: [] });
    await store.jobs.claimNext(Date.now()); // a: attempt 2, interrupted again
    expect(await recoverInterruptedJobs(store)).toEqual({ retried: [], failed: ['a'] });
    expect(await store.jobs.get('a')).toMatchObject({ state: 'failed', error: expect.stringMatching(/stopped twice/) });
    expect((await store.jobs.get('b'))!.state).toBe('queued');
    await store.close();
  });
});
