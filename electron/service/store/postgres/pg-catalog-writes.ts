import type { Pool, PoolClient } from 'pg';
import type { Promisified } from '../async-repo';
import type { CatalogWrites } from '../catalog-writes';
import type { FileRow } from '../files-repo';
import { CATALOG_CHANGE_KEY } from './pg-catalog-repo';
import { inTransaction } from './pg-pool';

/** Arbitrary but fixed: catalog writes from several processes run one at a time (the dense `ord` is renumbered by each). */
const CATALOG_WRITE_LOCK = 0x52696743; // 'RigC'

export function createPgCatalogWrites(pool: Pool): Promisified<CatalogWrites> {
  const write = (fn: (c: PoolClient) => Promise<void>): Promise<void> =>
    inTransaction(pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [CATALOG_WRITE_LOCK]);
      await fn(c);
      // Every API process's response cache empties when this moves (response-cache.ts).
      await c.query(`INSERT INTO settings (key, value) VALUES ($1, '1')
        ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + 1)::text`, [CATALOG_CHANGE_KEY]);
    });
  const insertFiles = async (c: PoolClient, files: FileRow[]) => {
    for (const f of files) {
      await c.query('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        f.token, f.sha256, f.filename, f.content_type, f.bytes, f.created_at,
      ]);
    }
  };
  const renumber = (c: Pick<PoolClient, 'query'>) =>
    c.query(`UPDATE assets a SET ord = r.rn FROM (SELECT seq, ROW_NUMBER() OVER (ORDER BY seq) - 1 AS rn FROM assets) r
      WHERE a.seq = r.seq AND a.ord IS DISTINCT FROM r.rn`);

  return {
    replacePack: (pack, assets, files, now) =>
      write(async (c) => {
        await c.query('DELETE FROM assets WHERE pack_id = $1', [pack.id]);
        await c.query(`INSERT INTO asset_packs (id, name, license, source, builtin, updated_at) VALUES ($1, $2, 'CC0-1.0', $3, $4, $5)
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, source = excluded.source, builtin = excluded.builtin, updated_at = excluded.updated_at`,
          [pack.id, pack.name, pack.source, pack.builtin ? 1 : 0, now]);
        await insertFiles(c, files);
        for (const a of assets) {
          await c.query(`INSERT INTO assets (id, pack_id, name, category, search_text, model_token, thumbnail_token, triangles)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [a.id, a.pack_id, a.name, a.category, a.search_text, a.model_token, a.thumbnail_token, a.triangles]);
        }
        await renumber(c);
      }),
    replaceClips: (clips, files) =>
      write(async (c) => {
        await insertFiles(c, files);
        for (const k of clips) {
          await c.query('DELETE FROM clips WHERE id = $1', [k.id]);
          await c.query(`INSERT INTO clips (id, name, rig_type, duration_seconds, fps, loop, license, source, file_token, preview_token, builtin)
            VALUES ($1, $2, $3, $4, $5, $6, 'CC0-1.0', $7, $8, $9, $10)`,
            [k.id, k.name, k.rig_type, k.duration_seconds, k.fps, k.loop ? 1 : 0, k.source, k.file_token, k.preview_token, k.builtin ? 1 : 0]);
        }
      }),
    renumber: () => write(async (c) => void (await renumber(c))),
  };
}
