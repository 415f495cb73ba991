import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { AssetRow, CatalogRepo, ClipRow } from '../catalog-repo';

/** The change stamp's settings key: bumped by every catalog write (pg-catalog-writes.ts). */
export const CATALOG_CHANGE_KEY = 'catalog_change';

/**
 * Read side of the catalog in PostgreSQL, answering as catalog-repo.ts does. Text orders use the "C"
 * collation: SQLite compares bytes, and a database created with a language locale would otherwise
 * order names differently. Substring search is LIKE on the lower-cased search text, which the
 * pg_trgm index serves for needles of 3 or more characters.
 */
export function createPgCatalogRepo(pool: Pool): Promisified<CatalogRepo> {
  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].n);
  return {
    categories: async () => (await pool.query<{ category: string }>('SELECT category FROM assets GROUP BY category ORDER BY category COLLATE "C"')).rows.map((r) => r.category),
    packs: async () => (await pool.query<{ id: string }>('SELECT id FROM asset_packs ORDER BY id COLLATE "C"')).rows.map((r) => r.id),
    totalAssets: () => count('SELECT COUNT(*) AS n FROM assets'),
    searchAssets: async (q) => {
      const needle = q.query?.toLowerCase();
      if (!needle && !q.category && !q.pack) {
        // Unfiltered: pages are ranges of the dense `ord`, as fast at the end as at the start.
        const rows = (await pool.query<AssetRow>('SELECT * FROM assets WHERE ord >= $1 ORDER BY ord LIMIT $2', [q.offset, q.limit])).rows;
        return { total: await count('SELECT COUNT(*) AS n FROM assets'), rows };
      }
      const where: string[] = [];
      const params: unknown[] = [];
      if (needle) where.push(`search_text LIKE $${params.push(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      if (q.category) where.push(`category = $${params.push(q.category)}`);
      if (q.pack) where.push(`pack_id = $${params.push(q.pack)}`);
      const clause = `WHERE ${where.join(' AND ')}`;
      const total = await count(`SELECT COUNT(*) AS n FROM assets ${clause}`, params);
      const rows = (await pool.query<AssetRow>(`SELECT * FROM assets ${clause} ORDER BY seq LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, q.limit, q.offset])).rows;
      return { total, rows };
    },
    getClip: async (id) => (await pool.query<ClipRow>('SELECT * FROM clips WHERE id = $1', [id])).rows[0],
    clipFile: async (id) =>
      (await pool.query<{ sha256: string; filename: string; name: string }>(
        'SELECT c.name AS name, f.sha256 AS sha256, f.filename AS filename FROM clips c JOIN files f ON f.token = c.file_token WHERE c.id = $1',
        [id],
      )).rows[0] ?? null,
    changeStamp: async () => (await pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [CATALOG_CHANGE_KEY])).rows[0]?.value ?? '0',
    searchClips: async (q) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.rigType) where.push(`rig_type = $${params.push(q.rigType)}`);
      if (q.query) where.push(`strpos(lower(name), $${params.push(q.query.toLowerCase())}) > 0`);
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await count(`SELECT COUNT(*) AS n FROM clips ${clause}`, params);
      const rows = (await pool.query<ClipRow>(
        `SELECT * FROM clips ${clause} ORDER BY rig_type COLLATE "C", name COLLATE "C", id COLLATE "C" LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.limit, q.offset],
      )).rows;
      return { total, rows };
    },
  };
}
