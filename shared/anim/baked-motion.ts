/**
 * A clip as dense per-frame samples on one skeleton (every joint's local rotation, optional local
 * translation), the form retargeting writes and post-passes (foot planting) edit before it becomes tracks.
 */
import type { Clip, ClipTrack } from './clip';
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import type { Pose } from './pose';

export interface BakedMotion {
  times: Float32Array;
  /** Per joint: frames * 4 local rotations (xyzw). */
  rotation: Float32Array[];
  /** Per joint: frames * 3 local translations, or null when the joint stays at its rest offset. */
  translation: (Float32Array | null)[];
}

/** Writes frame f of `motion` into `pose` (joints without translation keys get their rest offset). */
export function bakedPose(skel: Skeleton, motion: BakedMotion, f: number, pose: Pose): void {
  for (let j = 0; j < skel.names.length; j++) {
    const r = motion.rotation[j], t = motion.translation[j];
    for (let c = 0; c < 4; c++) pose.local[j * 4 + c] = r[f * 4 + c];
    for (let c = 0; c < 3; c++) pose.translation[j * 3 + c] = t ? t[f * 3 + c] : skel.restLocal[j * REST_STRIDE + c];
  }
}

/** Keeps each joint's quaternions on one hemisphere from frame to frame, so linear keys slerp the short way. */
export function makeContinuous(motion: BakedMotion): void {
  const frames = motion.times.length;
  for (const r of motion.rotation)
    for (let f = 1; f < frames; f++) {
      const o = f * 4;
      if (r[o - 4] * r[o] + r[o - 3] * r[o + 1] + r[o - 2] * r[o + 2] + r[o - 1] * r[o + 3] < 0)
        for (let c = 0; c < 4; c++) r[o + c] = -r[o + c];
    }
}

/** Tracks of a baked motion: a rotation track per listed joint, a translation track where one was baked. */
export function bakedTracks(skel: Skeleton, motion: BakedMotion, keep: (j: number) => boolean): ClipTrack[] {
  const tracks: ClipTrack[] = [];
  for (let j = 0; j < skel.names.length; j++) {
    if (!keep(j)) continue;
    tracks.push({ joint: skel.names[j], path: 'rotation', interpolation: 'LINEAR', times: motion.times, values: motion.rotation[j] });
    const t = motion.translation[j];
    if (t) tracks.push({ joint: skel.names[j], path: 'translation', interpolation: 'LINEAR', times: motion.times, values: t });
  }
  return tracks;
}

export function bakedClip(name: string, duration: number, skel: Skeleton, motion: BakedMotion, keep: (j: number) => boolean): Clip {
  return { name, duration, tracks: bakedTracks(skel, motion, keep) };
}
