/**
 * Root motion for engines: `in_place` removes a clip's horizontal travel of the root joint (Hips), and
 * `root_bone` adds a `Root` joint on the floor under Hips, parent of the skeleton, that carries the
 * travel and the facing (Unreal's and Unity's root-motion convention), Hips keeping the rest.
 * Travel and facing are the straight trend from the first frame to the last: the sway and bob of a
 * walk cycle stay on Hips, so a looping walk in place does not rock its Root.
 * Notes: rejected removing all horizontal hips motion for in_place (the side sway of a walk is part of
 * the motion, not travel); rejected per-frame hips yaw on Root (a walk's hip twist would turn the
 * character's collider every step).
 */
import type { Clip, ClipTrack } from './clip';
import type { SceneModel } from '../mesh/model';
import { REST_STRIDE, type Skeleton } from '../rig/skeleton';
import { restPose } from './pose';
import { bindClip, sampleBound } from './sample-clip';
import { qAxisAngle, qInvMul, qRotate } from './quat';

export const ROOT_JOINT = 'Root';

function rootIndex(skel: Skeleton): number {
  return skel.parents.indexOf(-1);
}

/** Key times of a joint's tracks (translation and rotation), merged. */
function jointTimes(clip: Clip, joint: string): number[] {
  const set = new Set<number>([0, clip.duration]);
  for (const t of clip.tracks) if (t.joint === joint) for (const x of t.times) set.add(x);
  return [...set].sort((a, b) => a - b);
}

/** Hips world translation and rotation at each time (the root joint: its local is its world). */
function sampleRoot(skel: Skeleton, clip: Clip, times: number[]): { pos: Float64Array; rot: Float64Array } {
  const r = rootIndex(skel);
  const pose = restPose(skel);
  const bound = bindClip(skel, clip).filter((b) => b.joint === r);
  const pos = new Float64Array(times.length * 3), rot = new Float64Array(times.length * 4);
  times.forEach((t, f) => {
    sampleBound(bound, t, pose);
    pos.set(pose.translation.subarray(r * 3, r * 3 + 3), f * 3);
    rot.set(pose.local.subarray(r * 4, r * 4 + 4), f * 4);
  });
  return { pos, rot };
}

/** Horizontal travel (x, z) at time t: the straight line from the first frame's to the last's. */
function travelAt(pos: Float64Array, times: number[], f: number): [number, number] {
  const n = times.length - 1;
  const u = times[n] > times[0] ? (times[f] - times[0]) / (times[n] - times[0]) : 0;
  return [(pos[n * 3] - pos[0]) * u, (pos[n * 3 + 2] - pos[2]) * u];
}

/** Yaw (radians about +Y) of the direction a rotation turns +Z to. */
function yawOf(q: Float64Array, o: number): number {
  const v = new Float64Array(3);
  qRotate(v, 0, q, o, [0, 0, 1], 0);
  return Math.atan2(v[0], v[2]);
}

/** The clip with the root joint's horizontal travel removed; its vertical motion and sway kept. */
export function inPlaceClip(skel: Skeleton, clip: Clip): Clip {
  const joint = skel.names[rootIndex(skel)];
  const times = jointTimes(clip, joint);
  const { pos } = sampleRoot(skel, clip, times);
  const values = new Float32Array(times.length * 3);
  times.forEach((_, f) => {
    const [dx, dz] = travelAt(pos, times, f);
    values.set([pos[f * 3] - dx, pos[f * 3 + 1], pos[f * 3 + 2] - dz], f * 3);
  });
  const tracks = clip.tracks.filter((t) => !(t.joint === joint && t.path === 'translation'));
  tracks.push({ joint, path: 'translation', interpolation: 'LINEAR', times: Float32Array.from(times), values });
  return { ...clip, tracks };
}

/**
 * The model with a `Root` joint inserted first, on the floor (height `floorY`) under the rest Hips, as
 * the parent of the old root; skin indices shifted; each clip's travel and facing trend moved onto Root.
 */
export function withRootBone(model: SceneModel, floorY: number): SceneModel {
  const skel = model.skeleton;
  if (!skel) return model;
  const r = rootIndex(skel);
  const hips = skel.names[r];
  const n = skel.names.length;
  const rest = skel.restLocal;
  const rootPos = [rest[r * REST_STRIDE], floorY, rest[r * REST_STRIDE + 2]];
  const restLocal = new Float32Array((n + 1) * REST_STRIDE);
  restLocal.set([...rootPos, 0, 0, 0, 1, 1, 1, 1], 0);
  restLocal.set(rest, REST_STRIDE);
  // Hips rest relative to Root (Root has no rotation).
  for (let c = 0; c < 3; c++) restLocal[(r + 1) * REST_STRIDE + c] -= rootPos[c];
  const skeleton: Skeleton = {
    names: [ROOT_JOINT, ...skel.names],
    parents: Int32Array.from([-1, ...Array.from(skel.parents, (p) => p + 1)]),
    restLocal,
    ...(skel.roles ? { roles: ['root', ...skel.roles] } : {}),
  };
  const parts = model.parts.map((p) => (p.skinJoints ? { ...p, skinJoints: p.skinJoints.map((j) => j + 1) as typeof p.skinJoints } : p));
  const clips = model.clips.map((clip) => rootMotionClip(skel, clip, hips, rootPos));
  return { ...model, parts, skeleton, clips };
}

function rootMotionClip(skel: Skeleton, clip: Clip, hips: string, rootPos: number[]): Clip {
  const times = jointTimes(clip, hips);
  const { pos, rot } = sampleRoot(skel, clip, times);
  const nF = times.length;
  // Facing: the unwrapped yaw change of Hips from the first frame to the last, as a straight trend.
  let turn = yawOf(rot, (nF - 1) * 4) - yawOf(rot, 0);
  turn = Math.atan2(Math.sin(turn), Math.cos(turn));
  const rootT = new Float32Array(nF * 3), rootR = new Float32Array(nF * 4);
  const hipsT = new Float32Array(nF * 3), hipsR = new Float32Array(nF * 4);
  const q = new Float64Array(4), local = new Float64Array(4), d = new Float64Array(3);
  for (let f = 0; f < nF; f++) {
    const [dx, dz] = travelAt(pos, times, f);
    const u = times[nF - 1] > times[0] ? (times[f] - times[0]) / (times[nF - 1] - times[0]) : 0;
    const root = [rootPos[0] + dx, rootPos[1], rootPos[2] + dz];
    qAxisAngle(q, 0, 0, 1, 0, turn * u);
    rootT.set(root, f * 3);
    rootR.set(q, f * 4);
    // Hips local = Root^-1 * Hips world.
    qInvMul(local, 0, q, 0, rot, f * 4);
    hipsR.set(local, f * 4);
    const inv = Float64Array.from([-q[0], -q[1], -q[2], q[3]]);
    qRotate(d, 0, inv, 0, [pos[f * 3] - root[0], pos[f * 3 + 1] - root[1], pos[f * 3 + 2] - root[2]], 0);
    hipsT.set(d, f * 3);
  }
  const ts = Float32Array.from(times);
  const tracks: ClipTrack[] = clip.tracks.filter((t) => t.joint !== hips || t.path === 'scale');
  tracks.push(
    { joint: ROOT_JOINT, path: 'translation', interpolation: 'LINEAR', times: ts, values: rootT },
    { joint: ROOT_JOINT, path: 'rotation', interpolation: 'LINEAR', times: ts, values: rootR },
    { joint: hips, path: 'translation', interpolation: 'LINEAR', times: ts, values: hipsT },
    { joint: hips, path: 'rotation', interpolation: 'LINEAR', times: ts, values: hipsR },
  );
  return { ...clip, tracks };
}
