/** Shared leg handling for multi-legged plans: which joints form each leg and how low the body must sit. */
import type { PoseBuilder } from './pose-builder';

type V3 = [number, number, number];

export interface LegChain {
  upper: string;
  mid: string;
  /** The IK end joint; it keeps its rest world rotation, so the rest of the foot follows rigidly. */
  end: string;
  /** Ground contact joint for drift measurement. */
  contact: string;
  pole: V3;
}

/** How far the body must drop so every leg reaches `reach` forward and back without straightening. */
export function dropForReach(b: PoseBuilder, legs: LegChain[], reach: number): number {
  let drop = 0;
  for (const l of legs) {
    const a = b.restPos(l.upper), m = b.restPos(l.mid), e = b.restPos(l.end);
    const len = 0.97 * (Math.hypot(m[0] - a[0], m[1] - a[1], m[2] - a[2]) + Math.hypot(e[0] - m[0], e[1] - m[1], e[2] - m[2]));
    const lateral = e[0] - a[0];
    const h = a[1] - e[1];
    const avail = Math.sqrt(Math.max(0, len * len - reach * reach - lateral * lateral));
    drop = Math.max(drop, h - avail);
  }
  return drop;
}

export function placeLeg(b: PoseBuilder, l: LegChain, target: V3, endPitch = 0): void {
  b.ik(l.upper, l.mid, l.end, target, l.pole);
  b.keepRestWorld(l.end, [1, 0, 0], endPitch);
}
