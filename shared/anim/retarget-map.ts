/**
 * Joint correspondence for retargeting: which source joint drives each target joint, found through
 * semantic roles (bone-map.ts), with the coverage check that fails a clip naming the unmatched bones.
 * When a role is split over a chain of source joints (KayKit `wrist.l` -> `hand.l`), the root-most one
 * gives the position and the deepest one the rotation: the KayKit clips key `hand.l` and leave `wrist.l`
 * still, so taking the wrist alone froze every hand.
 */
import type { Skeleton } from '../rig/skeleton';
import { mapBones, roleOfBone } from './bone-map';
import { templateKeyRole } from './template-roles';

export class RetargetError extends Error {
  constructor(message: string) {
    super(`retarget: ${message}`);
    this.name = 'RetargetError';
  }
}

function rawRole(skel: Skeleton, j: number): string {
  return skel.roles?.[j] || roleOfBone(skel.names[j]) || templateKeyRole(skel.names[j]);
}

/** Roles of a skeleton: its own `roles`, else names through the alias table, else template keys. */
export function skeletonRoles(skel: Skeleton): string[] {
  return mapBones(skel.names, skel.parents, skel.names.map((_, i) => rawRole(skel, i)));
}

export interface JointMatch {
  srcRoles: string[];
  tgtRoles: string[];
  /** Per target joint: source joint giving its position (and rest direction), or -1. */
  map: Int32Array;
  /** Per target joint: source joint giving its rotation (deepest joint of the same role), or -1. */
  rotationSource: Int32Array;
}

export function matchJoints(src: Skeleton, target: Skeleton, minCoverage: number, clipName: string): JointMatch {
  const srcRoles = skeletonRoles(src);
  const tgtRoles = skeletonRoles(target);
  const srcByRole = new Map<string, number>();
  srcRoles.forEach((r, j) => r && srcByRole.set(r, j));
  const nT = target.names.length;
  const map = new Int32Array(nT).fill(-1);
  let roled = 0, mapped = 0;
  for (let k = 0; k < nT; k++) {
    const r = tgtRoles[k];
    if (!r || /_end$/.test(r)) continue;
    roled++;
    const s = srcByRole.get(r);
    if (s !== undefined) { map[k] = s; mapped++; }
  }
  const root = target.parents.indexOf(-1);
  if (map[root] < 0 || mapped < minCoverage * roled) {
    const used = new Set(Array.from(map).filter((s) => s >= 0));
    const unmatchedSrc = src.names.filter((_, j) => !used.has(j) && !/(_end|_leaf|end)$/i.test(src.names[j]));
    const missing = target.names.filter((_, k) => tgtRoles[k] && !/_end$/.test(tgtRoles[k]) && map[k] < 0);
    throw new RetargetError(
      `clip "${clipName}" cannot be mapped onto this skeleton (${mapped} of ${roled} joints matched). ` +
        `Source bones not matched: ${unmatchedSrc.slice(0, 40).join(', ') || 'none'}${unmatchedSrc.length > 40 ? ', ...' : ''}. ` +
        `Target joints without a source: ${missing.join(', ')}.`,
    );
  }
  const rotationSource = Int32Array.from(map);
  for (let k = 0; k < nT; k++) {
    let s = map[k];
    if (s < 0) continue;
    const role = srcRoles[s];
    for (;;) {
      const child = src.names.findIndex((_, c) => src.parents[c] === s && rawRole(src, c) === role);
      if (child < 0) break;
      s = child;
    }
    rotationSource[k] = s;
  }
  return { srcRoles, tgtRoles, map, rotationSource };
}

/** The first joint below k (depth-first in listing order) that has a source, for bone directions. */
export function firstMappedDescendant(skel: Skeleton, map: Int32Array, k: number): number {
  for (let j = k + 1; j < skel.names.length; j++) {
    let a = skel.parents[j];
    let d = 1;
    while (a >= 0 && a !== k) { a = skel.parents[a]; d++; }
    if (a === k && map[j] >= 0 && d === 1) return j;
  }
  // No mapped direct child: a mapped grandchild (e.g. KayKit has no neck: chest -> head).
  for (let j = k + 1; j < skel.names.length; j++) {
    let a = skel.parents[j];
    while (a >= 0 && a !== k) a = skel.parents[a];
    if (a === k && map[j] >= 0) return j;
  }
  return -1;
}

/** Nearest ancestor of k that has a source, or -1. */
export function mappedAncestor(skel: Skeleton, map: Int32Array, k: number): number {
  for (let a = skel.parents[k]; a >= 0; a = skel.parents[a]) if (map[a] >= 0) return a;
  return -1;
}
