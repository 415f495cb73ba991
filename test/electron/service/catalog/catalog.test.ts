import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPackIntoCatalog } from '../../../../electron/cli/catalog-commands';
import { installBuiltinCatalog } from '../../../../electron/service/catalog/builtin-catalog';
import { boxObj } from '../../../support/meshes';
import { buildTestApp, tempDataDir, type TestApp } from '../../../support/service';
import { corpusPath, hasCorpus } from '../../../support/corpus';
import { validateGltf } from '../../../support/validate-gltf';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  auth = (await t.account({ rateLimitPerMinute: 10_000 })).auth;
  // Every category of every built-in pack, but only a few assets each, to keep the test quick.
  const seen = new Set<string>();
  await installBuiltinCatalog(t.store, undefined, (pack, name) => {
    const key = `${pack}:${name.split('_')[0]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});
afterAll(() => t.close());

const list = async (q = '') => (await t.app.inject({ method: 'GET', url: `/v1/assets${q}`, headers: auth })).json();

describe('asset catalog (spec 4.5, 4.6)', () => {
  it('lists built-in packs and categories', async () => {
    const cats = (await t.app.inject({ method: 'GET', url: '/v1/assets/categories', headers: auth })).json();
    expect(cats.object).toBe('asset_categories');
    expect(cats.packs.length).toBeGreaterThanOrEqual(4);
    expect(cats.categories.length).toBeGreaterThanOrEqual(8);
    const all = await list();
    expect(all.total).toBe(cats.total_assets);
    expect(all).toMatchObject({ object: 'list', limit: 50, offset: 0, license: 'CC0-1.0' });
    for (const a of all.assets) {
      expect(a.id).toMatch(/^[a-z0-9-]+\/[a-z0-9_]+$/);
      expect(cats.categories).toContain(a.category);
    }
  });

  it('matches query case-insensitively on name and id, category exactly, pack by id, and pages with offset', async () => {
    const all = await list('?limit=200');
    const sample = all.assets[3];
    const word = sample.name.split(' ')[0];
    const byName = await list(`?query=${encodeURIComponent(word.toUpperCase())}&limit=200`);
    expect(byName.assets.map((a: { id: string }) => a.id)).toContain(sample.id);
    for (const a of byName.assets) expect(`${a.id} ${a.name}`.toLowerCase()).toContain(word.toLowerCase());
    const byId = await list(`?query=${encodeURIComponent(sample.id.split('/')[0].slice(0, 9))}`);
    expect(byId.total).toBeGreaterThan(0);
    const cat = await list(`?category=${sample.category}&limit=200`);
    expect(cat.assets.every((a: { category: string }) => a.category === sample.category)).toBe(true);
    expect((await list(`?category=${sample.category.slice(0, 3)}`)).total).toBe(0);
    const pack = sample.id.split('/')[0];
    const inPack = await list(`?pack=${pack}&limit=200`);
    expect(inPack.assets.every((a: { id: string }) => a.id.startsWith(`${pack}/`))).toBe(true);
    const ids: string[] = [];
    for (let offset = 0; offset < all.total; offset += 7) ids.push(...(await list(`?limit=7&offset=${offset}`)).assets.map((a: { id: string }) => a.id));
    expect(ids).toEqual(all.assets.map((a: { id: string }) => a.id).slice(0, all.total));
  });

  it('serves each asset as a valid GLB and a PNG thumbnail', async () => {
    const a = (await list('?limit=1')).assets[0];
    const glb = await t.app.inject({ method: 'GET', url: new URL(a.url).pathname });
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect((await validateGltf(new Uint8Array(glb.rawPayload))).numErrors).toBe(0);
    const png = await t.app.inject({ method: 'GET', url: new URL(a.thumbnail).pathname });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('catalog import', () => {
  it('refuses a pack without a CC0 licence, leaving the catalog as it was', async () => {
    const dir = path.join(tempDataDir('pack'), 'mit-pack');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'LICENSE.txt'), 'MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software');
    writeFileSync(path.join(dir, 'crate.obj'), boxObj());
    const before = (await list()).total;
    await expect(importPackIntoCatalog(t.store, dir)).rejects.toThrow(/refused/);
    const none = path.join(tempDataDir('pack'), 'no-licence');
    mkdirSync(none, { recursive: true });
    writeFileSync(path.join(none, 'crate.obj'), boxObj());
    await expect(importPackIntoCatalog(t.store, none)).rejects.toThrow(/licen[cs]e/i);
    expect((await list()).total).toBe(before);
  });

  it('POST /v1/assets/import lets only the owner import, and explains a refusal', async () => {
    const dir = path.join(tempDataDir('pack'), 'mit-pack');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'LICENSE.txt'), 'MIT License\n\nPermission is hereby granted, free of charge');
    writeFileSync(path.join(dir, 'crate.obj'), boxObj());
    const stranger = await t.app.inject({ method: 'POST', url: '/v1/assets/import', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ path: dir }) });
    expect(stranger.statusCode).toBe(403);
    const owner = await t.account({ isOwner: true });
    const refused = await t.app.inject({ method: 'POST', url: '/v1/assets/import', headers: { ...owner.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ path: dir }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^path: .*refused/);
  });

  it.runIf(hasCorpus)('imports a real CC0 pack, and a re-import updates it instead of duplicating', async () => {
    const dir = path.join(tempDataDir('pack'), 'kenney_mini_arena');
    cpSync(corpusPath('props/kenney_mini_arena'), dir, { recursive: true });
    const first = await importPackIntoCatalog(t.store, dir);
    expect(first.imported).toBe(22);
    expect(first.license).toBe('CC0-1.0');
    const inPack = await list(`?pack=${first.pack_id}&limit=200`);
    expect(inPack.total).toBe(22);
    const again = await importPackIntoCatalog(t.store, dir);
    expect(again.imported).toBe(22);
    expect((await list(`?pack=${first.pack_id}&limit=200`)).total).toBe(22);
  }, 180_000);
});
