/**
 * Deformation error (GUIDE section 4): pose the ground-truth rig, transfer the motion to the Rigdesk rig
 * by joint correspondence (each mapped joint copies its GT joint's world rotation change from rest;
 * unmapped joints follow their parent; root translation scaled by leg length), skin both, and measure the
 * mean vertex distance.
 */
import * as THREE from 'three';
import type { Skeleton } from '../../shared/rig/skeleton';
import { REST_STRIDE } from '../../shared/rig/skeleton';
import type { WorldPose } from '../../shared/anim/pose';

export function restWorldMatrices(s: Skeleton): THREE.Matrix4[] {
  const out: THREE.Matrix4[] = [];
  for (let j = 0; j < s.names.length; j++) {
    const o = j * REST_STRIDE;
    const r = s.restLocal;
    const m = new THREE.Matrix4().compose(new THREE.Vector3(r[o], r[o + 1], r[o + 2]), new THREE.Quaternion(r[o + 3], r[o + 4], r[o + 5], r[o + 6]), new THREE.Vector3(r[o + 7], r[o + 8], r[o + 9]));
    out.push(s.parents[j] >= 0 ? out[s.parents[j]].clone().multiply(m) : m);
  }
  return out;
}

/** Predicted world matrices for one GT frame. `map[p]` is the GT node of predicted joint p, or null. */
export function transferFrame<K>(s: Skeleton, rest: THREE.Matrix4[], map: (K | null)[], gtRest: Map<K, THREE.Matrix4>, gtFrame: Map<K, THREE.Matrix4>, rootNode: K, legRatio: number): THREE.Matrix4[] {
  const out: THREE.Matrix4[] = [];
  const qa = new THREE.Quaternion(), qb = new THREE.Quaternion(), qr = new THREE.Quaternion();
  const pa = new THREE.Vector3(), pb = new THREE.Vector3(), sc = new THREE.Vector3();
  for (let j = 0; j < s.names.length; j++) {
    rest[j].decompose(pa, qr, sc);
    const p = s.parents[j];
    let rot: THREE.Quaternion;
    const g = map[j];
    if (g !== null && g !== undefined) {
      gtFrame.get(g)!.decompose(pb, qb, sc);
      gtRest.get(g)!.decompose(pb, qa, sc);
      rot = qb.clone().multiply(qa.clone().invert()).multiply(qr);
    } else if (p >= 0) {
      const qp = new THREE.Quaternion(), qpr = new THREE.Quaternion();
      out[p].decompose(pb, qp, sc);
      rest[p].decompose(pb, qpr, sc);
      rot = qp.clone().multiply(qpr.clone().invert()).multiply(qr);
    } else rot = qr.clone();
    let pos: THREE.Vector3;
    if (p < 0) {
      const a = new THREE.Vector3(), b = new THREE.Vector3();
      gtRest.get(rootNode)!.decompose(a, qa, sc);
      gtFrame.get(rootNode)!.decompose(b, qa, sc);
      pos = pa.clone().addScaledVector(b.sub(a), legRatio);
    } else {
      const pp = new THREE.Vector3(), ppr = new THREE.Vector3(), qp = new THREE.Quaternion(), qpr = new THREE.Quaternion();
      out[p].decompose(pp, qp, sc);
      rest[p].decompose(ppr, qpr, sc);
      const d = pa.clone().sub(ppr).applyQuaternion(qpr.clone().invert()).applyQuaternion(qp);
      pos = pp.add(d);
    }
    out.push(new THREE.Matrix4().compose(pos, rot, new THREE.Vector3(1, 1, 1)));
  }
  return out;
}

/** The first `n` joints of a world pose as matrices (unit scale), the form skinPredicted takes. */
export function poseMatrices(world: WorldPose, n: number): THREE.Matrix4[] {
  const p = world.position, r = world.rotation;
  return Array.from({ length: n }, (_, j) =>
    new THREE.Matrix4().compose(new THREE.Vector3(p[j * 3], p[j * 3 + 1], p[j * 3 + 2]), new THREE.Quaternion(r[j * 4], r[j * 4 + 1], r[j * 4 + 2], r[j * 4 + 3]), new THREE.Vector3(1, 1, 1)));
}

export function skinPredicted(restPositions: Float32Array, joints: Uint16Array, weights: Float32Array, rest: THREE.Matrix4[], frame: THREE.Matrix4[], out: Float32Array): void {
  const skinM = frame.map((f, j) => f.clone().multiply(rest[j].clone().invert()));
  const v = new THREE.Vector3(), acc = new THREE.Vector3();
  const e = skinM.map((m) => m.elements);
  for (let i = 0; i < restPositions.length / 3; i++) {
    acc.set(0, 0, 0);
    for (let k = 0; k < 4; k++) {
      const w = weights[i * 4 + k];
      if (w <= 0) continue;
      const m = e[joints[i * 4 + k]];
      const x = restPositions[i * 3], y = restPositions[i * 3 + 1], z = restPositions[i * 3 + 2];
      v.set(m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]);
      acc.addScaledVector(v, w);
    }
    out[i * 3] = acc.x;
    out[i * 3 + 1] = acc.y;
    out[i * 3 + 2] = acc.z;
  }
}

export function meanDistance(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i += 3) s += Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]);
  return s / (a.length / 3);
}

/**
 * Test poses for rigs without clips: world-axis rotations on GT joints by semantic role, applied down the
 * hierarchy (children inherit their parent's change). Returns GT world matrices per frame.
 */
export function rolePoses<K>(order: K[], parentOf: (n: K) => K | null, rest: Map<K, THREE.Matrix4>, roleOf: (n: K) => string | null): Map<K, THREE.Matrix4>[] {
  const deg = Math.PI / 180;
  const q = (x: number, y: number, z: number, a: number): THREE.Quaternion => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(x, y, z), a * deg);
  const poses: Record<string, THREE.Quaternion>[] = [
    { left_lower_arm: q(0, 1, 0, 70), right_lower_leg: q(1, 0, 0, 60), head: q(0, 1, 0, 30) },
    { left_upper_arm: q(0, 0, 1, -50), right_upper_arm: q(0, 0, 1, 50), spine: q(1, 0, 0, 20) },
    { left_upper_leg: q(1, 0, 0, -40), right_upper_arm: q(0, 1, 0, 45), right_lower_arm: q(0, 1, 0, 40), left_lower_leg: q(1, 0, 0, 50) },
  ];
  return poses.map((pose) => {
    const delta = new Map<K, THREE.Quaternion>();
    const out = new Map<K, THREE.Matrix4>();
    const pos = new Map<K, THREE.Vector3>();
    for (const n of order) {
      const p = parentOf(n);
      const pd = p !== null ? delta.get(p)! : new THREE.Quaternion();
      const role = roleOf(n);
      const own = role && pose[role] ? pose[role] : new THREE.Quaternion();
      const d = own.clone().multiply(pd);
      delta.set(n, d);
      const rp = new THREE.Vector3(), rq = new THREE.Quaternion(), rs = new THREE.Vector3();
      rest.get(n)!.decompose(rp, rq, rs);
      let np: THREE.Vector3;
      if (p !== null) {
        const pp = new THREE.Vector3();
        rest.get(p)!.decompose(pp, new THREE.Quaternion(), new THREE.Vector3());
        np = rp.clone().sub(pp).applyQuaternion(pd).add(pos.get(p)!);
      } else np = rp.clone();
      pos.set(n, np);
      out.set(n, new THREE.Matrix4().compose(np, d.clone().multiply(rq), rs));
    }
    return out;
  });
}
