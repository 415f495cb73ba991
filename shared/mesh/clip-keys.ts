/**
 * Clip tracks made safe for writers: keyframe times strictly increasing (a repeated time keeps
 * its last value), values finite, rotations unit quaternions.
 */
import type { ClipTrack } from '../anim/clip';

export interface CleanTrack {
  times: Float32Array;
  values: Float32Array;
}

export function cleanTrack(track: ClipTrack): CleanTrack | null {
  const comps = track.path === 'rotation' ? 4 : 3;
  const n = Math.min(track.times.length, Math.floor(track.values.length / comps));
  const times = new Float32Array(n);
  const values = new Float32Array(n * comps);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = track.times[i];
    if (!Number.isFinite(t)) continue;
    let ok = true;
    for (let c = 0; c < comps; c++) if (!Number.isFinite(track.values[i * comps + c])) ok = false;
    if (!ok) continue;
    if (k > 0 && t <= times[k - 1]) k--; // overwrite the earlier key at the same time
    times[k] = t;
    for (let c = 0; c < comps; c++) values[k * comps + c] = track.values[i * comps + c];
    if (comps === 4) {
      const o = k * 4;
      const l = Math.hypot(values[o], values[o + 1], values[o + 2], values[o + 3]);
      if (l > 0) for (let c = 0; c < 4; c++) values[o + c] /= l;
      else values.set([0, 0, 0, 1], o);
    }
    k++;
  }
  if (k === 0) return null;
  return { times: times.slice(0, k), values: values.slice(0, k * comps) };
}
