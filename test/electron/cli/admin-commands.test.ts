import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../support/corpus';
import { boxObjBase64 } from '../../support/meshes';
import { startLiveService, CONTROLLED_OPERATION, type LiveService } from '../../support/running-service';
import { tempDataDir } from '../../support/service';

const run = promisify(execFile);
const BIN = path.join(projectRoot, 'bin/rigdesk.mjs');

/** Runs `rigdesk ... --json` for real and returns the JSON object on the last line of stdout. */
async function cli(dataDir: string, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [BIN, ...args, '--data', dataDir, '--json']).catch((err) => err);
  const last = stdout.trim().split('\n').pop()!;
  return JSON.parse(last);
}

let live: LiveService;
beforeAll(async () => {
  live = await startLiveService({ dataDir: tempDataDir('rigdesk-cli'), operations: { rig: CONTROLLED_OPERATION } });
});
afterAll(() => live.close());

describe('rigdesk CLI, while the service runs on the same data folder', () => {
  const dataDir = () => live.service.dataDir;
  const api = (key: string, url: string) => fetch(live.service.baseUrl + url, { headers: { authorization: `Bearer ${key}` } });

  it('accounts create prints account_id and an api_key that works at once', async () => {
    const created = await cli(dataDir(), 'accounts', 'create', '--plan', 'standard', '--credits', '25');
    expect(created.account_id).toMatch(/^acct_/);
    expect(created.api_key).toMatch(/^rk_live_/);
    expect(created.balance).toEqual({ subscription: 1000, purchased: 25, total: 1025 });
    const res = await api(created.api_key, '/v1/account');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { plan: string }).plan).toBe('standard');
    const list = await cli(dataDir(), 'accounts', 'list');
    expect(list.accounts.map((a: { account_id: string }) => a.account_id)).toContain(created.account_id);
  });

  it('accounts create --plan-credits sets this period\'s plan credits, so insufficient_credits can be tried', async () => {
    const created = await cli(dataDir(), 'accounts', 'create', '--plan', 'standard', '--plan-credits', '5');
    expect(created.balance).toEqual({ subscription: 5, purchased: 0, total: 5 });
    const res = await fetch(live.service.baseUrl + '/v1/rigs', {
      method: 'POST',
      headers: { authorization: `Bearer ${created.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model_base64: boxObjBase64(), filename: 'poor.obj' }),
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_credits');
    expect((await cli(dataDir(), 'accounts', 'create', '--plan', 'standard', '--plan-credits', 'lots')).error).toMatch(/--plan-credits must be a whole number >= 0, got lots/);
  });

  it('accounts set-plan changes plan and status; keys create and revoke work on the running service', async () => {
    const { account_id, api_key } = await cli(dataDir(), 'accounts', 'create', '--plan', 'pro');
    const changed = await cli(dataDir(), 'accounts', 'set-plan', account_id, '--plan', 'free');
    expect(changed.plan).toBe('free');
    expect((await api(api_key, '/v1/account')).status).toBe(402);
    const back = await cli(dataDir(), 'accounts', 'set-plan', account_id, '--plan', 'pro', '--cancel-at-period-end');
    expect(back).toMatchObject({ plan: 'pro', subscription_status: 'active', cancel_at_period_end: true });
    const second = await cli(dataDir(), 'keys', 'create', account_id);
    expect((await api(second.api_key, '/v1/account')).status).toBe(200);
    await cli(dataDir(), 'keys', 'revoke', second.key_id);
    expect((await api(second.api_key, '/v1/account')).status).toBe(401);
    await cli(dataDir(), 'keys', 'revoke', api_key);
    expect((await api(api_key, '/v1/account')).status).toBe(401);
  });

  it('credits grant adds purchased or subscription credits', async () => {
    const { account_id } = await cli(dataDir(), 'accounts', 'create', '--plan', 'standard');
    expect((await cli(dataDir(), 'credits', 'grant', account_id, '40')).balance).toEqual({ subscription: 1000, purchased: 40, total: 1040 });
    expect((await cli(dataDir(), 'credits', 'grant', account_id, '5', '--subscription')).balance).toEqual({ subscription: 1005, purchased: 40, total: 1045 });
    expect((await cli(dataDir(), 'credits', 'grant', account_id, '0')).error).toMatch(/whole number/);
    expect((await cli(dataDir(), 'credits', 'grant', account_id, '-5')).error).toMatch(/usage: rigdesk credits grant/);
  });

  it('jobs refund gives back the credits of a failed job, once', async () => {
    const { json } = await live.request('POST', '/v1/rigs', { model_base64: boxObjBase64(), filename: 'fail-cli.obj' });
    expect((await live.waitForJob(json.id)).status).toBe('failed');
    const before = (await live.service.store.credits.balance(live.accountId)).total;
    const refund = await cli(dataDir(), 'jobs', 'refund', json.id);
    expect(refund.refunds).toEqual([{ job_id: json.id, refunded: 20 }]);
    expect((await live.service.store.credits.balance(live.accountId)).total).toBe(before + 20);
    expect((await cli(dataDir(), 'jobs', 'refund', json.id)).error).toMatch(/already refunded/);
  });

  it('explains wrong input', async () => {
    expect((await cli(dataDir(), 'accounts', 'create', '--plan', 'gold')).error).toMatch(/--plan must be free, standard or pro/);
    expect((await cli(dataDir(), 'keys', 'revoke', 'key_nope')).error).toMatch(/no key/);
  });
});
