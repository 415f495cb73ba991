/**
 * A pose on a skeleton: local rotation per joint (xyzw) and local translation per joint (rest unless a
 * clip moves it), plus forward kinematics to world rotations and positions. Scale is ignored: Rigdesk
 * skeletons have scale 1 and clips that scale bones are rare enough to drop (retargeting warns).
 */
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import { qMul, qRotate } from './quat';

export interface Pose {
  local: Float64Array; // n*4
  translation: Float64Array; // n*3
}

export interface WorldPose {
  rotation: Float64Array; // n*4
  position: Float64Array; // n*3
}

export function restPose(skel: Skeleton): Pose {
  const n = skel.names.length;
  const pose: Pose = { local: new Float64Array(n * 4), translation: new Float64Array(n * 3) };
  resetPose(skel, pose);
  return pose;
}

export function resetPose(skel: Skeleton, pose: Pose): void {
  const r = skel.restLocal;
  for (let j = 0; j < skel.names.length; j++) {
    const o = j * REST_STRIDE;
    pose.translation[j * 3] = r[o]; pose.translation[j * 3 + 1] = r[o + 1]; pose.translation[j * 3 + 2] = r[o + 2];
    pose.local[j * 4] = r[o + 3]; pose.local[j * 4 + 1] = r[o + 4]; pose.local[j * 4 + 2] = r[o + 5]; pose.local[j * 4 + 3] = r[o + 6];
  }
}

export function newWorldPose(n: number): WorldPose {
  return { rotation: new Float64Array(n * 4), position: new Float64Array(n * 3) };
}

/** World transforms of every joint (parents listed before children). */
export function forwardKinematics(skel: Skeleton, pose: Pose, out: WorldPose): WorldPose {
  const n = skel.names.length;
  for (let j = 0; j < n; j++) {
    const p = skel.parents[j];
    if (p < 0) {
      out.rotation.set(pose.local.subarray(j * 4, j * 4 + 4), j * 4);
      out.position.set(pose.translation.subarray(j * 3, j * 3 + 3), j * 3);
    } else {
      qMul(out.rotation, j * 4, out.rotation, p * 4, pose.local, j * 4);
      qRotate(out.position, j * 3, out.rotation, p * 4, pose.translation, j * 3);
      out.position[j * 3] += out.position[p * 3];
      out.position[j * 3 + 1] += out.position[p * 3 + 1];
      out.position[j * 3 + 2] += out.position[p * 3 + 2];
    }
  }
  return out;
}

export function restWorld(skel: Skeleton): WorldPose {
  return forwardKinematics(skel, restPose(skel), newWorldPose(skel.names.length));
}
