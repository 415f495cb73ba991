/**
 * Posed variants of a rigged corpus character, built with the artist's own skeleton and weights (for
 * `eval:rig-posed`): frames of WORLD matrices for every joint of the file's skeleton (what `skinOf` reads).
 * - arms lowered: each arm's subtree (the upper-arm role joint and everything under it) rotated about the
 *   upper-arm joint's world position, about the forward axis (+Z; characters face +Z, up is +Y), so that
 *   the arm (upper-arm joint to hand joint) points a given angle below horizontal;
 * - the first frame of a clip, with the hips' horizontal drift removed.
 */
import * as THREE from 'three';
import type { CorpusRig, JointId } from './corpus-gltf';

export type Frame = Map<JointId, THREE.Matrix4>;

/** The joint and every joint under it in the file's skeleton. */
export function subtreeOf(gt: CorpusRig, node: JointId): Set<JointId> {
  const out = new Set<JointId>([node]);
  for (const n of gt.order) {
    for (let a = gt.parentOf(n); a !== null; a = gt.parentOf(a))
      if (out.has(a)) {
        out.add(n);
        break;
      }
  }
  return out;
}

/** Per vertex, the joint carrying most of its weight (-1 for none). */
export function dominantJoints(gt: CorpusRig): Int32Array {
  return Int32Array.from(gt.weightsOf(), (ws) => (ws.length ? ws.reduce((a, b) => (b[1] > a[1] ? b : a))[0] : -1));
}

export interface Arm {
  side: 'left' | 'right';
  /** The upper-arm role joint (the pivot). */
  node: JointId;
  subtree: Set<JointId>;
  pivot: THREE.Vector3;
  /**
   * The hand joint, or (skeletons without one: Kenney, KayKit's arms-down character) the centroid of the arm's
   * far end (its vertices beyond 75% of the farthest one's distance from the pivot).
   */
  end: THREE.Vector3;
  /** The hand joint when `end` is one. */
  endNode: JointId | null;
  /** Angle of pivot -> end below horizontal, degrees (0 horizontal, 90 straight down). */
  angle: number;
}

/** Angle of pivot -> end below horizontal, degrees (0 horizontal, 90 straight down). */
export function elevationDeg(pivot: THREE.Vector3, end: THREE.Vector3): number {
  const d = end.clone().sub(pivot);
  return (Math.asin(Math.max(-1, Math.min(1, -d.y / d.length()))) * 180) / Math.PI;
}

export function armsOf(gt: CorpusRig, roleNode: Map<string, JointId>, rest: Frame, dominant: Int32Array): Arm[] {
  const arms: Arm[] = [];
  for (const side of ['left', 'right'] as const) {
    const node = roleNode.get(`${side}_upper_arm`);
    if (node === undefined) continue;
    const subtree = subtreeOf(gt, node);
    const pivot = new THREE.Vector3().setFromMatrixPosition(rest.get(node)!);
    const hand = roleNode.get(`${side}_hand`);
    let end: THREE.Vector3 | null = null;
    const endNode = hand !== undefined && subtree.has(hand) ? hand : null;
    if (endNode !== null) end = new THREE.Vector3().setFromMatrixPosition(rest.get(endNode)!);
    if (!end) {
      // The centroid of the arm's far end (vertices beyond 75% of the farthest one's distance): one tip
      // vertex of a blocky hand is not symmetric between the sides.
      const dist = (v: number): number => Math.hypot(gt.positions[v * 3] - pivot.x, gt.positions[v * 3 + 1] - pivot.y, gt.positions[v * 3 + 2] - pivot.z);
      let far = 0;
      for (let v = 0; v < dominant.length; v++) if (subtree.has(dominant[v])) far = Math.max(far, dist(v));
      const c = new THREE.Vector3();
      let k = 0;
      for (let v = 0; v < dominant.length; v++)
        if (subtree.has(dominant[v]) && dist(v) >= 0.75 * far) {
          c.x += gt.positions[v * 3];
          c.y += gt.positions[v * 3 + 1];
          c.z += gt.positions[v * 3 + 2];
          k++;
        }
      if (k) end = c.divideScalar(k);
    }
    if (!end) continue;
    arms.push({ side, node, subtree, pivot, end, endNode, angle: elevationDeg(pivot, end) });
  }
  return arms;
}

/**
 * The rotation about +Z (radians) that brings the arm to `targetDeg` below horizontal, or null when a turn
 * in the frontal plane cannot (an arm held forward: the turn keeps its forward part).
 */
export function lowering(arm: Arm, targetDeg: number): number | null {
  const d = arm.end.clone().sub(arm.pivot);
  const across = Math.hypot(d.x, d.y);
  const sin = (d.length() * Math.sin((targetDeg * Math.PI) / 180)) / across;
  if (sin > 1) return null;
  // Frontal-plane angle below horizontal now and the one that gives the target elevation.
  const delta = Math.asin(sin) - Math.atan2(-d.y, Math.abs(d.x));
  // Lowering an arm on +X turns it from +X towards -Y: clockwise about +Z.
  return d.x >= 0 ? -delta : delta;
}

/** Rest with each given arm's subtree turned by its angle (radians, about +Z through the pivot). */
export function armsFrame(gt: CorpusRig, rest: Frame, turns: { arm: Arm; radians: number }[]): Frame {
  const frame: Frame = new Map();
  for (const n of gt.order) frame.set(n, rest.get(n)!.clone());
  for (const { arm, radians } of turns) {
    const p = arm.pivot;
    const M = new THREE.Matrix4().makeTranslation(p.x, p.y, p.z).multiply(new THREE.Matrix4().makeRotationZ(radians)).multiply(new THREE.Matrix4().makeTranslation(-p.x, -p.y, -p.z));
    for (const n of arm.subtree) frame.set(n, M.clone().multiply(rest.get(n)!));
  }
  return frame;
}

/** A clip frame moved back horizontally so that `anchor` (the hips) stands where it stands at rest. */
export function anchoredFrame(frame: Frame, rest: Frame, anchor: JointId): Frame {
  const a = new THREE.Vector3().setFromMatrixPosition(rest.get(anchor)!);
  const b = new THREE.Vector3().setFromMatrixPosition(frame.get(anchor)!);
  const shift = new THREE.Matrix4().makeTranslation(a.x - b.x, 0, a.z - b.z);
  const out: Frame = new Map();
  for (const [n, m] of frame) out.set(n, shift.clone().multiply(m));
  return out;
}

/** The vertex nearest `p` (among those `only` keeps, when given): its index (-1 for none) and distance. */
export function nearestVertex(positions: ArrayLike<number>, p: ArrayLike<number>, only?: (v: number) => boolean): { index: number; distance: number } {
  let best = Infinity, index = -1;
  for (let i = 0; i < positions.length; i += 3) {
    if (only && !only(i / 3)) continue;
    const d = (positions[i] - p[0]) ** 2 + (positions[i + 1] - p[1]) ** 2 + (positions[i + 2] - p[2]) ** 2;
    if (d < best) {
      best = d;
      index = i / 3;
    }
  }
  return { index, distance: Math.sqrt(best) };
}

/** Distance from `p` to the nearest of the positions (of the vertices `only` keeps, when given). */
export function nearestVertexDistance(positions: ArrayLike<number>, p: THREE.Vector3, only?: (v: number) => boolean): number {
  return nearestVertex(positions, p.toArray(), only).distance;
}
