/**
 * Foot slide of a clip: for each planted stretch of each foot (frames given by the caller, e.g. the
 * source's contacts from retargetClip), how far the foot drifts from where it landed, measured against
 * the ground (which moves under in-place clips at `groundVelocity`). Reported as the mean and worst
 * drift per contact; callers divide by leg length to compare characters.
 *
 * @example
 *   const out = retargetClip(src, rig.skeleton);
 *   const slide = footSlide(rig.skeleton, out.clip, out.feet, out.groundVelocity);
 */
import type { Clip } from './clip';
import type { Skeleton } from '../rig/skeleton';
import { forwardKinematics, newWorldPose, restPose } from './pose';
import { bindClip, sampleBound } from './sample-clip';

export interface PlantedFoot {
  joint: string;
  /** Per frame (frames evenly spaced over the clip's duration, ends included): 1 when planted. */
  planted: Uint8Array;
}

export interface FootSlide {
  /** Mean over contacts of the largest horizontal drift from the landing point (model units). */
  mean: number;
  worst: number;
  contacts: number;
}

export function footSlide(skel: Skeleton, clip: Clip, feet: PlantedFoot[], groundVelocity: [number, number] = [0, 0]): FootSlide {
  const bound = bindClip(skel, clip);
  const pose = restPose(skel);
  const world = newWorldPose(skel.names.length);
  const drifts: number[] = [];
  for (const foot of feet) {
    const j = skel.names.indexOf(foot.joint);
    if (j < 0) throw new Error(`foot-slide: no joint ${foot.joint}`);
    const n = foot.planted.length;
    let ax = 0, az = 0, drift = -1;
    for (let f = 0; f < n; f++) {
      if (!foot.planted[f]) {
        if (drift >= 0) drifts.push(drift);
        drift = -1;
        continue;
      }
      const t = n > 1 ? (f / (n - 1)) * clip.duration : 0;
      sampleBound(bound, t, pose);
      forwardKinematics(skel, pose, world);
      const x = world.position[j * 3] - groundVelocity[0] * t, z = world.position[j * 3 + 2] - groundVelocity[1] * t;
      if (drift < 0) { ax = x; az = z; drift = 0; }
      drift = Math.max(drift, Math.hypot(x - ax, z - az));
    }
    if (drift >= 0) drifts.push(drift);
  }
  if (!drifts.length) return { mean: 0, worst: 0, contacts: 0 };
  return { mean: drifts.reduce((a, b) => a + b, 0) / drifts.length, worst: Math.max(...drifts), contacts: drifts.length };
}
