import type { Store } from '../context';
import { newFileToken } from '../files/blob-store';

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
 * Writes clips into the `clips` table in one transaction (blobs first: content-addressed, harmless if
 * the transaction then fails). A clip id already present is replaced, so re-installing or re-importing
 * updates instead of duplicating. Licence is always CC0-1.0 (the table enforces it).
 */
export function storeClips(store: Store, clips: ClipToStore[]): { clips: number } {
  const now = Date.now();
  const blobs = clips.map((c) => ({ c, file: store.blobs.put(c.glb), preview: c.previewPng ? store.blobs.put(c.previewPng) : null }));
  const { db } = store;
  const insertFile = db.prepare('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertClip = db.prepare(`INSERT INTO clips (id, name, rig_type, duration_seconds, fps, loop, license, source, file_token, preview_token, builtin)
    VALUES (?, ?, ?, ?, ?, ?, 'CC0-1.0', ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const { c, file, preview } of blobs) {
      db.prepare('DELETE FROM clips WHERE id = ?').run(c.id);
      const slug = c.id.replace(/[^\w.-]+/g, '-');
      const fileToken = newFileToken();
      insertFile.run(fileToken, file.sha256, `${slug}.glb`, 'model/gltf-binary', file.bytes, now);
      let previewToken: string | null = null;
      if (preview) {
        previewToken = newFileToken();
        insertFile.run(previewToken, preview.sha256, `${slug}.png`, 'image/png', preview.bytes, now);
      }
      insertClip.run(c.id, c.name, c.rigType, c.durationSeconds, c.fps, c.loop ? 1 : 0, c.source, fileToken, previewToken, c.builtin ? 1 : 0);
    }
  }).immediate();
  return { clips: clips.length };
}

/** The stored GLB of a catalog clip, by id (for `animation_url` given as a clip id). */
export function clipFileById(store: Store, id: string): { sha256: string; filename: string; name: string } | null {
  const row = store.db
    .prepare('SELECT c.name AS name, f.sha256 AS sha256, f.filename AS filename FROM clips c JOIN files f ON f.token = c.file_token WHERE c.id = ?')
    .get(id) as { sha256: string; filename: string; name: string } | undefined;
  return row ?? null;
}
