import { statementCache, type Db } from './database';

export interface AssetRow {
  seq: number;
  id: string;
  pack_id: string;
  name: string;
  category: string;
  model_token: string;
  thumbnail_token: string;
  triangles: number;
}

export interface AssetQuery {
  query?: string;
  category?: string;
  pack?: string;
  limit: number;
  offset: number;
}

export interface ClipRow {
  seq: number;
  id: string;
  name: string;
  rig_type: string;
  duration_seconds: number;
  fps: number;
  loop: number;
  license: string;
  source: string;
  file_token: string;
  preview_token: string | null;
  builtin: number;
}

export interface ClipQuery {
  rigType?: string;
  query?: string;
  limit: number;
  offset: number;
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;

/** Read side of the asset catalog and the clip library. */
export function createCatalogRepo(db: Db) {
  const prepared = statementCache(db);
  const categories = db.prepare('SELECT DISTINCT category FROM assets ORDER BY category').pluck();
  const packs = db.prepare('SELECT id FROM asset_packs ORDER BY id').pluck();
  const totalAssets = db.prepare('SELECT COUNT(*) FROM assets').pluck();
  const clipById = db.prepare('SELECT * FROM clips WHERE id = ?');
  const pageByOrd = db.prepare('SELECT * FROM assets WHERE ord >= @from ORDER BY ord LIMIT @limit');
  const ftsCount = db.prepare('SELECT COUNT(*) FROM assets_fts WHERE assets_fts MATCH ?').pluck();
  const clipFile = db.prepare('SELECT c.name AS name, f.sha256 AS sha256, f.filename AS filename FROM clips c JOIN files f ON f.token = c.file_token WHERE c.id = ?');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const ftsPage = db.prepare(`SELECT a.* FROM (SELECT rowid FROM assets_fts WHERE assets_fts MATCH @fts ORDER BY rowid LIMIT @limit OFFSET @offset) m
    JOIN assets a ON a.seq = m.rowid ORDER BY a.seq`);

  return {
    categories: () => categories.all() as string[],
    packs: () => packs.all() as string[],
    totalAssets: () => totalAssets.get() as number,
    searchAssets(q: AssetQuery): { total: number; rows: AssetRow[] } {
      const needle = q.query?.toLowerCase();
      if (!needle && !q.category && !q.pack) {
        // Unfiltered: pages are ranges of the dense `ord`, as fast at the end as at the start.
        return { total: totalAssets.get() as number, rows: pageByOrd.all({ from: q.offset, limit: q.limit }) as AssetRow[] };
      }
      if (needle && needle.length >= 3 && !q.category && !q.pack) {
        // Trigram index alone: a quoted phrase is a case-insensitive substring match, and rowids
        // come back in catalog order, so the page needs no sort.
        const fts = `"${needle.replace(/"/g, '""')}"`;
        return {
          total: ftsCount.get(fts) as number,
          rows: ftsPage.all({ fts, limit: q.limit, offset: q.offset }) as AssetRow[],
        };
      }
      const where: string[] = [];
      const params: Record<string, unknown> = { limit: q.limit, offset: q.offset };
      if (needle && needle.length >= 3) {
        where.push('seq IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH @fts)');
        params.fts = `"${needle.replace(/"/g, '""')}"`;
      } else if (needle) {
        where.push('instr(search_text, @query) > 0'); // shorter than a trigram: a scan
        params.query = needle;
      }
      if (q.category) {
        where.push('category = @category');
        params.category = q.category;
      }
      if (q.pack) {
        where.push('pack_id = @pack');
        params.pack = q.pack;
      }
      const clause = `WHERE ${where.join(' AND ')}`;
      const total = prepared(`SELECT COUNT(*) FROM assets ${clause}`).pluck().get(params) as number;
      const rows = prepared(`SELECT * FROM assets ${clause} ORDER BY seq LIMIT @limit OFFSET @offset`).all(params) as AssetRow[];
      return { total, rows };
    },
    getClip: (id: string) => clipById.get(id) as ClipRow | undefined,
    /** The stored GLB of a catalog clip, by id (for `animation_url` given as a clip id). */
    clipFile: (id: string) => (clipFile.get(id) as { sha256: string; filename: string; name: string } | undefined) ?? null,
    /**
     * Moves whenever another connection commits (the catalog installer, `rigdesk catalog import`);
     * writes by this connection are noted by the writer (response-cache.ts).
     */
    changeStamp: () => String(dataVersion.get()),
    searchClips(q: ClipQuery): { total: number; rows: ClipRow[] } {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit: q.limit, offset: q.offset };
      if (q.rigType) {
        where.push('rig_type = @rigType');
        params.rigType = q.rigType;
      }
      if (q.query) {
        where.push('instr(lower(name), @query) > 0');
        params.query = q.query.toLowerCase();
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = prepared(`SELECT COUNT(*) FROM clips ${clause}`).pluck().get(params) as number;
      const rows = prepared(`SELECT * FROM clips ${clause} ORDER BY rig_type, name, id LIMIT @limit OFFSET @offset`).all(params) as ClipRow[];
      return { total, rows };
    },
  };
}
