/**
 * First start: while the real catalog-installer child installs the built-in packs, the lists say
 * so (`library.state: 'installing'`) instead of looking empty for good; afterwards 'ready'.
 */
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { createAccount } from '../../../../electron/service/admin/accounts-admin';
import { startService, type RunningService } from '../../../../electron/service/start';
import { tempDataDir } from '../../../support/service';

let service: RunningService | undefined;
const dataDir = tempDataDir('rigdesk-library');
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('GET /v1/animations and /v1/assets report the built-in install while it runs, then ready', async () => {
  service = await startService({ dataDir, port: 0, workers: 1, studioDir: null });
  const { key } = await createAccount(service.store, { plan: 'pro', rateLimitPerMinute: 100_000 });
  const get = async (url: string) => (await fetch(service!.baseUrl + url, { headers: { authorization: `Bearer ${key.api_key}` } })).json() as Promise<any>;

  const [clips, assets] = await Promise.all([get('/v1/animations'), get('/v1/assets')]);
  expect(clips.library).toEqual({ state: 'installing' });
  expect(assets.library).toEqual({ state: 'installing' });

  const until = Date.now() + 170_000;
  let last = clips;
  while (last.library.state === 'installing' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 500));
    last = await get('/v1/animations');
  }
  expect(last.library).toEqual({ state: 'ready' });
  expect(last.total).toBeGreaterThan(0);
  expect((await get('/v1/assets')).library).toEqual({ state: 'ready' });
}, 180_000);
