/**
 * Evaluates a clip at a time onto a pose (tracks addressed by joint name; joints without a track keep
 * the pose's current value). Rotation keys are slerped, translations lerped, STEP holds, times outside
 * the keys clamp, as glTF and three.js play them.
 */
import type { Clip, ClipTrack } from './clip';
import type { Skeleton } from '../rig/skeleton';
import type { Pose } from './pose';
import { qSlerp } from './quat';

export interface BoundTrack {
  joint: number;
  track: ClipTrack;
}

/** Tracks whose joint exists in the skeleton (scale tracks dropped). */
export function bindClip(skel: Skeleton, clip: Clip): BoundTrack[] {
  const index = new Map(skel.names.map((n, i) => [n, i]));
  const out: BoundTrack[] = [];
  for (const track of clip.tracks) {
    const j = index.get(track.joint);
    if (j !== undefined && track.path !== 'scale' && track.times.length > 0) out.push({ joint: j, track });
  }
  return out;
}

export function sampleBound(bound: BoundTrack[], t: number, pose: Pose): void {
  for (const { joint, track } of bound) {
    const times = track.times;
    const n = times.length;
    let i = 0;
    let f = 0;
    if (t <= times[0]) i = 0;
    else if (t >= times[n - 1]) i = n - 1;
    else {
      let lo = 0, hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (times[mid] <= t) lo = mid; else hi = mid;
      }
      i = lo;
      f = track.interpolation === 'STEP' ? 0 : (t - times[lo]) / (times[hi] - times[lo] || 1);
    }
    const i2 = Math.min(i + 1, n - 1);
    if (track.path === 'rotation') qSlerp(pose.local, joint * 4, track.values, i * 4, track.values, i2 * 4, f);
    else
      for (let c = 0; c < 3; c++)
        pose.translation[joint * 3 + c] = track.values[i * 3 + c] * (1 - f) + track.values[i2 * 3 + c] * f;
  }
}
