import type { Db } from './database';
import type { FileRow } from './files-repo';

export interface PackRowToWrite {
  id: string;
  name: string;
  source: string;
  builtin: boolean;
}

export interface AssetRowToWrite {
  id: string;
  pack_id: string;
  name: string;
  category: string;
  search_text: string;
  model_token: string;
  thumbnail_token: string;
  triangles: number;
}

export interface ClipRowToWrite {
  id: string;
  name: string;
  rig_type: string;
  duration_seconds: number;
  fps: number;
  loop: boolean;
  source: string;
  file_token: string;
  preview_token: string | null;
  builtin: boolean;
}

export type CatalogWrites = ReturnType<typeof createCatalogWrites>;

/**
 * The write side of the asset catalog and the clip library, each write one IMMEDIATE transaction:
 * a failure leaves the catalog as it was. Files are the catalog's published blobs (tokens).
 */
export function createCatalogWrites(db: Db) {
  const insertFile = db.prepare('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES (@token, @sha256, @filename, @content_type, @bytes, @created_at)');
  const deletePackAssets = db.prepare('DELETE FROM assets WHERE pack_id = ?');
  const upsertPack = db.prepare(`INSERT INTO asset_packs (id, name, license, source, builtin, updated_at) VALUES (?, ?, 'CC0-1.0', ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET name = excluded.name, source = excluded.source, builtin = excluded.builtin, updated_at = excluded.updated_at`);
  const insertAsset = db.prepare(`INSERT INTO assets (id, pack_id, name, category, search_text, model_token, thumbnail_token, triangles)
    VALUES (@id, @pack_id, @name, @category, @search_text, @model_token, @thumbnail_token, @triangles)`);
  const deleteClip = db.prepare('DELETE FROM clips WHERE id = ?');
  const insertClip = db.prepare(`INSERT INTO clips (id, name, rig_type, duration_seconds, fps, loop, license, source, file_token, preview_token, builtin)
    VALUES (@id, @name, @rig_type, @duration_seconds, @fps, @loop, 'CC0-1.0', @source, @file_token, @preview_token, @builtin)`);
  // Dense 0-based `ord` in catalog order (see migration 4).
  const renumber = (): void =>
    void db.exec(`
      WITH ranked AS (SELECT seq, ROW_NUMBER() OVER (ORDER BY seq) - 1 AS r FROM assets)
      UPDATE assets SET ord = (SELECT r FROM ranked WHERE ranked.seq = assets.seq)
        WHERE ord IS NOT (SELECT r FROM ranked WHERE ranked.seq = assets.seq)`);

  return {
    /** Replaces a pack's row and all its assets (a re-import updates instead of duplicating). */
    replacePack(pack: PackRowToWrite, assets: AssetRowToWrite[], files: FileRow[], now: number): void {
      db.transaction(() => {
        deletePackAssets.run(pack.id);
        upsertPack.run(pack.id, pack.name, pack.source, pack.builtin ? 1 : 0, now);
        for (const f of files) insertFile.run(f);
        for (const a of assets) insertAsset.run(a);
        renumber();
      }).immediate();
    },
    /** Inserts clips, replacing any with the same id. */
    replaceClips(clips: ClipRowToWrite[], files: FileRow[]): void {
      db.transaction(() => {
        for (const f of files) insertFile.run(f);
        for (const c of clips) {
          deleteClip.run(c.id);
          insertClip.run({ ...c, loop: c.loop ? 1 : 0, builtin: c.builtin ? 1 : 0 });
        }
      }).immediate();
    },
    /** Renumbers `ord` after assets were written outside replacePack (benchmarks fill the table directly). */
    renumber,
  };
}
