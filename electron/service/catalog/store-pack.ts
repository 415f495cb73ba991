import type { Store } from '../context';
import { newFileToken } from '../files/blob-store';
import { noteCatalogWrite } from './response-cache';
import type { AssetRowToWrite } from '../store/catalog-writes';
import type { FileRow } from '../store/files-repo';

export interface PackToStore {
  id: string;
  name: string;
  source: string;
  builtin: boolean;
  assets: { name: string; displayName: string; category: string; glb: Uint8Array; thumbnailPng: Uint8Array; triangles: number }[];
}

/**
 * Writes a pack into the catalog in one store transaction: blobs first (content-addressed, harmless if
 * the transaction then fails), then the pack row and its assets. Re-storing a pack replaces its
 * assets, so a re-import updates instead of duplicating; a failure leaves the catalog as it was.
 */
export async function storePack(store: Store, pack: PackToStore): Promise<{ pack_id: string; assets: number }> {
  const now = Date.now();
  // Stored in name order, so the catalog lists a pack alphabetically (lists follow storage order).
  const sorted = [...pack.assets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: FileRow[] = [];
  const assets: AssetRowToWrite[] = sorted.map((asset) => {
    const id = `${pack.id}/${asset.name}`;
    const model = store.blobs.put(asset.glb);
    const thumb = store.blobs.put(asset.thumbnailPng);
    const modelFile = { token: newFileToken(), sha256: model.sha256, filename: `${asset.name}.glb`, content_type: 'model/gltf-binary', bytes: model.bytes, created_at: now };
    const thumbFile = { token: newFileToken(), sha256: thumb.sha256, filename: `${asset.name}.png`, content_type: 'image/png', bytes: thumb.bytes, created_at: now };
    files.push(modelFile, thumbFile);
    return {
      id, pack_id: pack.id, name: asset.displayName, category: asset.category, search_text: searchText(id, asset.displayName),
      model_token: modelFile.token, thumbnail_token: thumbFile.token, triangles: asset.triangles,
    };
  });
  await store.catalogWrites.replacePack({ id: pack.id, name: pack.name, source: pack.source, builtin: pack.builtin }, assets, files, now);
  noteCatalogWrite();
  return { pack_id: pack.id, assets: pack.assets.length };
}

/** What `query` matches against: id and display name, lower-cased once at write time. */
export function searchText(id: string, name: string): string {
  return `${id}\n${name}`.toLowerCase();
}

/** Dense 0-based `ord` in catalog order (see migration 4), after assets were written directly (benchmarks). */
export async function renumberAssets(store: Store): Promise<void> {
  await store.catalogWrites.renumber();
}
