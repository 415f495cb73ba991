/**
 * Installs the built-in clip library: per clip, a GLB (the body plan's preview character skinned to
 * the template skeleton, with the clip) and a preview PNG of the mid-clip pose, into the clips table.
 */
import { createHash } from 'node:crypto';
import { builtinClips } from '../../../shared/anim/library';
import { clipPoseAt, clipSceneModel } from '../../../shared/anim/clip-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { encodePng } from '../../../shared/render/encode-png';
import { renderThumbnail } from '../../../shared/render/render-thumbnail';
import type { Store } from '../context';
import { storeClips, type ClipToStore } from './store-clips';

export const BUILTIN_CLIPS_SOURCE = 'built-in (authored by Rigdesk, CC0-1.0)';

export async function installBuiltinClips(store: Store, onProgress?: (done: number, total: number) => void): Promise<{ clips: number }> {
  const all = builtinClips();
  const rows: ClipToStore[] = [];
  for (const [i, c] of all.entries()) {
    const model = clipSceneModel(c.plan, c.skeleton, [c.clip]);
    const pose = clipPoseAt(c.skeleton, c.clip, c.clip.duration * 0.25);
    const previewPng = await encodePng(renderThumbnail(model, { width: 256, height: 256, pose }));
    rows.push({
      id: c.id, name: c.clip.name, rigType: c.plan, durationSeconds: c.clip.duration, fps: c.fps, loop: c.loop,
      source: BUILTIN_CLIPS_SOURCE, builtin: true, glb: await writeGlb(model), previewPng,
    });
    onProgress?.(i + 1, all.length);
  }
  const result = await storeClips(store, rows);
  await markBuiltinClipsInstalled(store);
  return result;
}

/** Changes whenever the built-in clip list or its keys change, so an update re-installs them. */
export function builtinClipsVersion(): string {
  const h = createHash('sha256');
  for (const c of builtinClips()) {
    h.update(`${c.id}:${c.clip.duration}:`);
    for (const t of c.clip.tracks) h.update(new Uint8Array(t.values.buffer, t.values.byteOffset, t.values.byteLength));
  }
  return h.digest('hex').slice(0, 16);
}

export async function builtinClipsInstalled(store: Store): Promise<boolean> {
  return (await store.settings.get('builtin_clips_version')) === builtinClipsVersion();
}

export async function markBuiltinClipsInstalled(store: Store): Promise<void> {
  await store.settings.set('builtin_clips_version', builtinClipsVersion());
}
