import type { Store } from '../context';
import { newFileToken } from '../files/blob-store';
import type { ClipRowToWrite } from '../store/catalog-writes';
import type { FileRow } from '../store/files-repo';

export interface ClipToStore {
  id: string;
  name: string;
  rigType: string;
  durationSeconds: number;
  fps: number;
  loop: boolean;
  source: string;
  builtin: boolean;
  glb: Uint8Array;
  previewPng: Uint8Array | null;
}

/**
 * Writes clips into the `clips` table in one store transaction (blobs first: content-addressed, harmless if
 * the transaction then fails). A clip id already present is replaced, so re-installing or re-importing
 * updates instead of duplicating. Licence is always CC0-1.0 (the table enforces it).
 */
export async function storeClips(store: Store, clips: ClipToStore[]): Promise<{ clips: number }> {
  const now = Date.now();
  const files: FileRow[] = [];
  const rows: ClipRowToWrite[] = clips.map((c) => {
    const slug = c.id.replace(/[^\w.-]+/g, '-');
    const file = store.blobs.put(c.glb);
    const fileRow = { token: newFileToken(), sha256: file.sha256, filename: `${slug}.glb`, content_type: 'model/gltf-binary', bytes: file.bytes, created_at: now };
    files.push(fileRow);
    let previewToken: string | null = null;
    if (c.previewPng) {
      const preview = store.blobs.put(c.previewPng);
      previewToken = newFileToken();
      files.push({ token: previewToken, sha256: preview.sha256, filename: `${slug}.png`, content_type: 'image/png', bytes: preview.bytes, created_at: now });
    }
    return {
      id: c.id, name: c.name, rig_type: c.rigType, duration_seconds: c.durationSeconds, fps: c.fps, loop: c.loop,
      source: c.source, file_token: fileRow.token, preview_token: previewToken, builtin: c.builtin,
    };
  });
  await store.catalogWrites.replaceClips(rows, files);
  return { clips: clips.length };
}

/** The stored GLB of a catalog clip, by id (for `animation_url` given as a clip id). */
export function clipFileById(store: Store, id: string): Promise<{ sha256: string; filename: string; name: string } | null> {
  return store.catalog.clipFile(id);
}
