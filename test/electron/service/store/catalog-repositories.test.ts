import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../../electron/service/context';
import type { Promisified } from '../../../../electron/service/store/async-repo';
import type { CatalogRepo } from '../../../../electron/service/store/catalog-repo';
import type { AssetRowToWrite, CatalogWrites } from '../../../../electron/service/store/catalog-writes';
import type { SettingsRepo } from '../../../../electron/service/store/settings-repo';
import { createPgCatalogRepo } from '../../../../electron/service/store/postgres/pg-catalog-repo';
import { createPgCatalogWrites } from '../../../../electron/service/store/postgres/pg-catalog-writes';
import { migratePostgres } from '../../../../electron/service/store/postgres/pg-migrate';
import { openPostgresPool } from '../../../../electron/service/store/postgres/pg-pool';
import { createPgSettingsRepo } from '../../../../electron/service/store/postgres/pg-settings-repo';
import { startThrowawayPostgres } from '../../../support/throwaway-postgres';
import { tempDataDir } from '../../../support/service';

interface Catalog {
  catalog: Promisified<CatalogRepo>;
  writes: Promisified<CatalogWrites>;
  settings: Promisified<SettingsRepo>;
  close(): Promise<void>;
}

/** The catalog answers alike in both modes: same pages, same order, same substring matches. */
const backends: { name: string; open: () => Promise<Catalog> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const s = openStore(tempDataDir('rigdesk-catalog-repos'));
      return { catalog: s.catalog, writes: s.catalogWrites, settings: s.settings, close: () => s.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const server = await startThrowawayPostgres();
      const pool: Pool = await openPostgresPool(server.url, { max: 3 });
      await migratePostgres(pool);
      return {
        catalog: createPgCatalogRepo(pool), writes: createPgCatalogWrites(pool), settings: createPgSettingsRepo(pool),
        close: async () => {
          await pool.end();
          await server.stop();
        },
      };
    },
  },
];

const asset = (pack: string, name: string, category: string): AssetRowToWrite => ({
  id: `${pack}/${name}`, pack_id: pack, name, category, search_text: `${pack}/${name}\n${name}`.toLowerCase(),
  model_token: `m-${pack}-${name}`, thumbnail_token: `t-${pack}-${name}`, triangles: 12,
});
const pack = (id: string) => ({ id, name: id.toUpperCase(), source: 'test', builtin: false });

describe.each(backends)('catalog repositories, $name', ({ name, open }) => {
  let c: Catalog;
  beforeAll(async () => {
    c = await open();
    await c.writes.replacePack(pack('knights'), [asset('knights', 'Alpha Knight', 'characters'), asset('knights', 'Orc_50%', 'characters'), asset('knights', 'Zed', 'Props')], [], 1);
    await c.writes.replacePack(pack('barrels'), [asset('barrels', 'Barrel', 'Props'), asset('barrels', 'Crate', 'Props')], [], 2);
  });
  afterAll(() => c?.close());

  it('lists categories and packs in byte order, and pages the unfiltered list by position', async () => {
    expect(await c.catalog.categories()).toEqual(['Props', 'characters']);
    expect(await c.catalog.packs()).toEqual(['barrels', 'knights']);
    const page = await c.catalog.searchAssets({ limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.id)).toEqual(['knights/Zed', 'barrels/Barrel']);
    expect(page.rows[0]).toMatchObject({ pack_id: 'knights', name: 'Zed', category: 'Props', model_token: 'm-knights-Zed', triangles: 12 });
  });

  it('finds substrings case-insensitively, long and short, with % and _ taken literally, and with filters', async () => {
    const ids = async (q: Parameters<CatalogRepo['searchAssets']>[0]) => (await c.catalog.searchAssets(q)).rows.map((r) => r.id);
    expect(await ids({ query: 'KNIGHT', limit: 10, offset: 0 })).toEqual(['knights/Alpha Knight', 'knights/Orc_50%', 'knights/Zed']);
    expect(await ids({ query: 'alpha k', limit: 10, offset: 0 })).toEqual(['knights/Alpha Knight']);
    expect(await ids({ query: 'ze', limit: 10, offset: 0 })).toEqual(['knights/Zed']);
    expect(await ids({ query: '50%', limit: 10, offset: 0 })).toEqual(['knights/Orc_50%']);
    expect(await ids({ query: 'c_5', limit: 10, offset: 0 })).toEqual(['knights/Orc_50%']);
    expect(await ids({ query: 'r_l', limit: 10, offset: 0 })).toEqual([]); // not 'barrel': _ is no wildcard
    expect(await ids({ query: 'r', category: 'Props', limit: 10, offset: 0 })).toEqual(['barrels/Barrel', 'barrels/Crate']);
    expect(await c.catalog.searchAssets({ pack: 'knights', category: 'Props', limit: 10, offset: 0 })).toMatchObject({ total: 1, rows: [{ id: 'knights/Zed' }] });
    expect(await c.catalog.searchAssets({ query: 'e', pack: 'barrels', limit: 1, offset: 1 })).toMatchObject({ total: 2, rows: [{ id: 'barrels/Crate' }] });
  });

  it('re-storing a pack replaces its assets and keeps positions dense', async () => {
    await c.writes.replacePack(pack('knights'), [asset('knights', 'Zed', 'Props')], [], 3);
    expect(await c.catalog.totalAssets()).toBe(3);
    const all = await c.catalog.searchAssets({ limit: 10, offset: 0 });
    expect(all.rows.map((r) => [r.id, (r as unknown as { ord: number }).ord])).toEqual([['barrels/Barrel', 0], ['barrels/Crate', 1], ['knights/Zed', 2]]);
  });

  it('stores clips (replacing by id), finds them by rig type and name, and resolves a clip to its file', async () => {
    const file = { token: 'clipfile1', sha256: 'c'.repeat(64), filename: 'walk.glb', content_type: 'model/gltf-binary', bytes: 9, created_at: 1 };
    const clip = (id: string, clipName: string, rig: string) => ({
      id, name: clipName, rig_type: rig, duration_seconds: 1.5, fps: 30, loop: true, source: 'test', file_token: 'clipfile1', preview_token: null, builtin: true,
    });
    await c.writes.replaceClips([clip('biped/walk', 'Walk', 'biped'), clip('biped/run', 'run', 'biped'), clip('quad/walk', 'Walk', 'quadruped')], [file]);
    await c.writes.replaceClips([clip('biped/run', 'Run', 'biped')], []);
    expect((await c.catalog.searchClips({ limit: 10, offset: 0 })).rows.map((r) => r.id)).toEqual(['biped/run', 'biped/walk', 'quad/walk']);
    expect(await c.catalog.searchClips({ rigType: 'biped', query: 'WAL', limit: 10, offset: 0 })).toMatchObject({ total: 1, rows: [{ id: 'biped/walk', loop: 1, builtin: 1, fps: 30, duration_seconds: 1.5 }] });
    expect(await c.catalog.getClip('biped/run')).toMatchObject({ name: 'Run', license: 'CC0-1.0' });
    expect(await c.catalog.clipFile('quad/walk')).toEqual({ name: 'Walk', sha256: 'c'.repeat(64), filename: 'walk.glb' });
    expect(await c.catalog.clipFile('nope')).toBeNull();
  });

  it('keeps settings', async () => {
    expect(await c.settings.get('builtin_catalog_version')).toBeUndefined();
    await c.settings.set('builtin_catalog_version', 'a');
    await c.settings.set('builtin_catalog_version', 'b');
    expect(await c.settings.get('builtin_catalog_version')).toBe('b');
  });

  it.runIf(name === 'PostgreSQL')('moves the change stamp on every catalog write, so every API process drops its cached pages', async () => {
    const before = await c.catalog.changeStamp();
    await c.writes.replaceClips([], []);
    expect(await c.catalog.changeStamp()).not.toBe(before);
  });
});
