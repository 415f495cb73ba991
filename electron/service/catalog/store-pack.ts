import type { Store } from '../context';
import { newFileToken } from '../files/blob-store';
import { noteCatalogWrite } from './response-cache';

export interface PackToStore {
  id: string;
  name: string;
  source: string;
  builtin: boolean;
  assets: { name: string; displayName: string; category: string; glb: Uint8Array; thumbnailPng: Uint8Array; triangles: number }[];
}

/**
 * Writes a pack into the catalog in one transaction: blobs first (content-addressed, harmless if
 * the transaction then fails), then the pack row and its assets. Re-storing a pack replaces its
 * assets, so a re-import updates instead of duplicating; a failure leaves the catalog as it was.
 */
export function storePack(store: Store, pack: PackToStore): { pack_id: string; assets: number } {
  const now = Date.now();
  // Stored in name order, so the catalog lists a pack alphabetically (lists follow storage order).
  const sorted = [...pack.assets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const blobs = sorted.map((a) => ({ asset: a, model: store.blobs.put(a.glb), thumb: store.blobs.put(a.thumbnailPng) }));
  const { db } = store;
  const insertFile = db.prepare('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertAsset = db.prepare(`INSERT INTO assets (id, pack_id, name, category, search_text, model_token, thumbnail_token, triangles)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    db.prepare('DELETE FROM assets WHERE pack_id = ?').run(pack.id);
    db.prepare(`INSERT INTO asset_packs (id, name, license, source, builtin, updated_at) VALUES (?, ?, 'CC0-1.0', ?, ?, ?)
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, source = excluded.source, builtin = excluded.builtin, updated_at = excluded.updated_at`).run(
      pack.id,
      pack.name,
      pack.source,
      pack.builtin ? 1 : 0,
      now,
    );
    for (const { asset, model, thumb } of blobs) {
      const id = `${pack.id}/${asset.name}`;
      const modelToken = newFileToken();
      const thumbToken = newFileToken();
      insertFile.run(modelToken, model.sha256, `${asset.name}.glb`, 'model/gltf-binary', model.bytes, now);
      insertFile.run(thumbToken, thumb.sha256, `${asset.name}.png`, 'image/png', thumb.bytes, now);
      insertAsset.run(id, pack.id, asset.displayName, asset.category, searchText(id, asset.displayName), modelToken, thumbToken, asset.triangles);
    }
    renumberAssets(store);
  }).immediate();
  noteCatalogWrite();
  return { pack_id: pack.id, assets: pack.assets.length };
}

/** What `query` matches against: id and display name, lower-cased once at write time. */
export function searchText(id: string, name: string): string {
  return `${id}\n${name}`.toLowerCase();
}

/** Dense 0-based `ord` in catalog order (see migration 4); call inside the transaction that changed assets. */
export function renumberAssets(store: Store): void {
  store.db.exec(`
    WITH ranked AS (SELECT seq, ROW_NUMBER() OVER (ORDER BY seq) - 1 AS r FROM assets)
    UPDATE assets SET ord = (SELECT r FROM ranked WHERE ranked.seq = assets.seq)
      WHERE ord IS NOT (SELECT r FROM ranked WHERE ranked.seq = assets.seq)`);
}
