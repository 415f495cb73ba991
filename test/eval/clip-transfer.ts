/**
 * Issue 6 measurement: a corpus character's own clips retargeted by Rigdesk's `retargetClip` (the code
 * the rig job runs) from the original skeleton onto the Rigdesk rig of its stripped mesh; mean vertex
 * distance between the original animated character and the Rigdesk one, over all frames (30 fps), as a
 * fraction of height.
 * Beside it, to tell retargeting from rigging: `joint` is the same frames transferred from the
 * ground-truth skeleton by joint correspondence (deform.ts, GUIDE section 4), and `floor` the best any
 * motion of the Rigdesk joints could do with these skin weights (per joint, the rigid transform that
 * best fits its weighted vertices, Horn's method): what is above `floor` is retargeting's to win, what
 * is below it belongs to joint placement and weights. Foot slide: planted-foot drift of the retargeted
 * Walking_A / Running_A (120 fps) with foot IK off and on, against the source clip's own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { retargetClip } from '../../shared/anim/retarget';
import { footSlide } from '../../shared/anim/foot-slide';
import { bindClip, sampleBound } from '../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose, restWorld } from '../../shared/anim/pose';
import { readModel } from '../../shared/mesh/read-model';
import type { Skeleton } from '../../shared/rig/skeleton';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig, JointId } from './corpus-gltf';
import { meanDistance, poseMatrices, restWorldMatrices, skinPredicted, transferFrame } from './deform';
import { corpusRole } from './roles';

const SLIDE_CLIPS = ['Walking_A', 'Running_A'];

export async function clipTransferErrors(file: string, r: RigResult, gt: CorpusRig, clipNames: string[], height: number): Promise<Record<string, number>> {
  const src = (await readModel(new Uint8Array(readFileSync(file)), path.basename(file))).model;
  const rest = restWorldMatrices(r.skeleton);
  const n = r.skeleton.names.length;
  const pose = restPose(r.skeleton);
  const world = newWorldPose(n);
  const a = new Float32Array(gt.positions.length), b = new Float32Array(gt.positions.length);
  // Joint correspondence from the GT skeleton (as deform.ts): roles to GT nodes, root motion by hips height.
  const roleNode = new Map<string, JointId>();
  for (const j of gt.joints) {
    const role = corpusRole(j.name);
    if (role && !roleNode.has(role)) roleNode.set(role, j.node);
  }
  const map = (r.skeleton.roles ?? []).map((role) => roleNode.get(role) ?? null);
  const gtRest = gt.restWorldOf();
  const hips = roleNode.get('hips');
  const predHips = r.report.joints.find((j) => j.role === 'hips')?.position[1] ?? 0;
  const gtHips = hips ? new THREE.Vector3().setFromMatrixPosition(gtRest.get(hips)!).y : 0;
  const legRatio = gtHips > 0 ? predHips / gtHips : 1;
  const groups = jointVertexGroups(r, gt.positions.length / 3);
  const out: Record<string, number> = {};
  for (const name of clipNames) {
    const clip = src.clips.find((c) => c.name === name);
    const gtClip = gt.clips.find((c) => c.name === name);
    if (!clip || !gtClip || !src.skeleton) continue;
    const moved = retargetClip({ skeleton: src.skeleton, clip }, r.skeleton).clip;
    const bound = bindClip(r.skeleton, moved);
    const frames = Math.max(2, Math.round(clip.duration * 30) + 1);
    let sum = 0, joint = 0, floor = 0;
    for (let f = 0; f < frames; f++) {
      const t = (f / (frames - 1)) * clip.duration;
      sampleBound(bound, t, pose);
      forwardKinematics(r.skeleton, pose, world);
      const mats = poseMatrices(world, n);
      const gtFrame = gtClip.sample(t);
      gt.skinOf(gtFrame, a);
      skinPredicted(gt.positions, r.joints, r.weights, rest, mats, b);
      sum += meanDistance(a, b);
      if (hips) {
        skinPredicted(gt.positions, r.joints, r.weights, rest, transferFrame(r.skeleton, rest, map, gtRest, gtFrame, hips, legRatio), b);
        joint += meanDistance(a, b);
      }
      skinPredicted(gt.positions, r.joints, r.weights, rest.map(() => new THREE.Matrix4()), bestRigidPerJoint(gt.positions, a, groups), b);
      floor += meanDistance(a, b);
    }
    out[name] = sum / frames / height;
    if (hips) out[`${name}/joint`] = joint / frames / height;
    out[`${name}/floor`] = floor / frames / height;
    if (SLIDE_CLIPS.includes(name)) Object.assign(out, slideFigures(name, src.skeleton, clip, r.skeleton));
  }
  return out;
}

/** Foot slide with foot IK off and on, and the source's own, in model units and as a fraction of leg length. */
function slideFigures(name: string, srcSkel: Skeleton, clip: Parameters<typeof retargetClip>[0]['clip'], target: Skeleton): Record<string, number> {
  const on = retargetClip({ skeleton: srcSkel, clip }, target, { fps: 120 });
  const off = retargetClip({ skeleton: srcSkel, clip }, target, { fps: 120, footIk: 'off' });
  const leg = legOf(target);
  const after = footSlide(target, on.clip, on.feet, on.groundVelocity);
  const before = footSlide(target, off.clip, on.feet, on.groundVelocity);
  const g = on.groundVelocity.map((v) => v / on.legScale) as [number, number];
  const source = footSlide(srcSkel, clip, on.feet.map((f) => ({ joint: f.source, planted: f.planted })), g);
  return {
    [`${name}/slide_before`]: before.mean, [`${name}/slide_after`]: after.mean, [`${name}/slide_source_scaled`]: source.mean * on.legScale,
    [`${name}/slide_before_leg`]: before.mean / leg, [`${name}/slide_after_leg`]: after.mean / leg, [`${name}/contacts`]: after.contacts,
  };
}

function legOf(s: Skeleton): number {
  const w = restWorld(s).position;
  const at = (role: string): number => s.roles?.indexOf(role) ?? -1;
  const [a, b, c] = ['left_upper_leg', 'left_lower_leg', 'left_foot'].map(at);
  if (a < 0 || b < 0 || c < 0) return NaN;
  const d = (i: number, j: number): number => Math.hypot(w[i * 3] - w[j * 3], w[i * 3 + 1] - w[j * 3 + 1], w[i * 3 + 2] - w[j * 3 + 2]);
  return d(a, b) + d(b, c);
}

/** One printed line per character with the breakdown (joint correspondence, weights floor, foot slide). */
export function formatClipDetails(model: string, errs: Record<string, number>, clipNames: string[]): string {
  const p = (v: number | undefined): string => (v === undefined ? '-' : `${(v * 100).toFixed(2)}%`);
  const mm = (v: number | undefined): string => (v === undefined ? '-' : `${(v * 1000).toFixed(1)}`);
  const parts = clipNames.map((n) => `${n} joint-corr ${p(errs[`${n}/joint`])} floor ${p(errs[`${n}/floor`])}`);
  const slides = SLIDE_CLIPS.filter((n) => errs[`${n}/slide_after`] !== undefined).map(
    (n) => `${n} slide ${mm(errs[`${n}/slide_before`])} -> ${mm(errs[`${n}/slide_after`])} mm (${p(errs[`${n}/slide_before_leg`])} -> ${p(errs[`${n}/slide_after_leg`])} of leg; source ${mm(errs[`${n}/slide_source_scaled`])})`,
  );
  return `  ${model.padEnd(10)} ${parts.join('  ')}\n  ${''.padEnd(10)} ${slides.join('  ')}`;
}

/** Per Rigdesk joint: its weighted vertices (index, weight), for the floor fit. */
function jointVertexGroups(r: RigResult, nv: number): { idx: Uint32Array; w: Float32Array }[] {
  const lists = r.skeleton.names.map(() => ({ idx: [] as number[], w: [] as number[] }));
  for (let i = 0; i < nv; i++)
    for (let k = 0; k < 4; k++) {
      const w = r.weights[i * 4 + k];
      if (w > 0) { lists[r.joints[i * 4 + k]].idx.push(i); lists[r.joints[i * 4 + k]].w.push(w); }
    }
  return lists.map((l) => ({ idx: Uint32Array.from(l.idx), w: Float32Array.from(l.w) }));
}

/** For each joint, the rigid motion best taking its weighted rest vertices to their target positions. */
function bestRigidPerJoint(rest: Float32Array, target: Float32Array, groups: { idx: Uint32Array; w: Float32Array }[]): THREE.Matrix4[] {
  return groups.map(({ idx, w }) => {
    if (!idx.length) return new THREE.Matrix4();
    let W = 0;
    const ca = [0, 0, 0], cb = [0, 0, 0];
    for (let k = 0; k < idx.length; k++) {
      W += w[k];
      for (let c = 0; c < 3; c++) { ca[c] += w[k] * rest[idx[k] * 3 + c]; cb[c] += w[k] * target[idx[k] * 3 + c]; }
    }
    for (let c = 0; c < 3; c++) { ca[c] /= W; cb[c] /= W; }
    const S = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let k = 0; k < idx.length; k++)
      for (let x = 0; x < 3; x++)
        for (let y = 0; y < 3; y++) S[x * 3 + y] += w[k] * (rest[idx[k] * 3 + x] - ca[x]) * (target[idx[k] * 3 + y] - cb[y]);
    const [xx, xy, xz, yx, yy, yz, zx, zy, zz] = S;
    // Horn: the rotation is the top eigenvector of this symmetric 4x4. Shifted to be positive definite,
    // then squared repeatedly (M^(2^40)): every column converges to that eigenvector.
    const N = [
      [xx + yy + zz, yz - zy, zx - xz, xy - yx], [yz - zy, xx - yy - zz, xy + yx, zx + xz],
      [zx - xz, xy + yx, -xx + yy - zz, yz + zy], [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
    ];
    const shift = 4 * Math.max(...N.flat().map(Math.abs)) + 1e-12;
    let M = N.map((row, i) => row.map((x, j) => x + (i === j ? shift : 0)));
    for (let it = 0; it < 40; it++) {
      const P = M.map((row) => [0, 1, 2, 3].map((j) => row[0] * M[0][j] + row[1] * M[1][j] + row[2] * M[2][j] + row[3] * M[3][j]));
      const m = Math.max(...P.flat().map(Math.abs)) || 1;
      M = P.map((row) => row.map((x) => x / m));
    }
    let col = 0;
    for (let j = 1; j < 4; j++) if (Math.hypot(M[0][j], M[1][j], M[2][j], M[3][j]) > Math.hypot(M[0][col], M[1][col], M[2][col], M[3][col])) col = j;
    const l = Math.hypot(M[0][col], M[1][col], M[2][col], M[3][col]) || 1;
    const v = [M[0][col] / l, M[1][col] / l, M[2][col] / l, M[3][col] / l];
    const q = new THREE.Quaternion(v[1], v[2], v[3], v[0]);
    const t = new THREE.Vector3(cb[0], cb[1], cb[2]).sub(new THREE.Vector3(ca[0], ca[1], ca[2]).applyQuaternion(q));
    return new THREE.Matrix4().compose(t, q, new THREE.Vector3(1, 1, 1));
  });
}
