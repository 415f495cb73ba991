/**
 * A clip file's skeleton without its control rig: subtrees in which no joint carries skin weight (IK
 * targets, poles, foot-roll controls hanging from the root) are dropped, as GUIDE section 4 compares
 * deforming skeletons. Names leave such bones out by not knowing them; structure would count them as
 * limbs (KayKit's `control-heel-roll.l` -> `IK-foot.l` reaches the floor and took the toes' place).
 * Kept: every weighted joint and its ancestors, and an unweighted leaf hanging from a weighted joint
 * (an end marker or a prop slot: it tells where the chain ends). Files without skin weights (a clip
 * alone) are returned as they are.
 */
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import type { SkinnedPart } from './leaf-ends';

/**
 * @example const { skeleton, parts } = deformingSkeleton(model.skeleton, model.parts); // KayKit: 41 -> 23 joints
 */
export function deformingSkeleton(skel: Skeleton, parts: SkinnedPart[]): { skeleton: Skeleton; parts: SkinnedPart[] } {
  const n = skel.names.length;
  const weighted = new Uint8Array(n);
  let any = false;
  for (const p of parts) {
    if (!p.skinJoints || !p.skinWeights) continue;
    for (let i = 0; i < p.skinJoints.length; i++)
      if (p.skinWeights[i] > 0 && p.skinJoints[i] < n) { weighted[p.skinJoints[i]] = 1; any = true; }
  }
  if (!any) return { skeleton: skel, parts };
  const keep = new Uint8Array(n);
  for (let j = n - 1; j >= 0; j--) {
    if (weighted[j]) keep[j] = 1;
    if (keep[j] && skel.parents[j] >= 0) keep[skel.parents[j]] = 1;
  }
  const hasChild = new Uint8Array(n);
  for (let j = 0; j < n; j++) if (skel.parents[j] >= 0) hasChild[skel.parents[j]] = 1;
  for (let j = 0; j < n; j++) if (!keep[j] && !hasChild[j] && skel.parents[j] >= 0 && weighted[skel.parents[j]]) keep[j] = 1;
  if (keep.every((k) => k === 1)) return { skeleton: skel, parts };

  const index = new Int32Array(n).fill(-1);
  const kept: number[] = [];
  for (let j = 0; j < n; j++) if (keep[j]) { index[j] = kept.length; kept.push(j); }
  const restLocal = new Float32Array(kept.length * REST_STRIDE);
  kept.forEach((j, i) => restLocal.set(skel.restLocal.subarray(j * REST_STRIDE, (j + 1) * REST_STRIDE), i * REST_STRIDE));
  const skeleton: Skeleton = {
    names: kept.map((j) => skel.names[j]),
    parents: Int32Array.from(kept.map((j) => (skel.parents[j] < 0 ? -1 : index[skel.parents[j]]))),
    restLocal,
    ...(skel.roles ? { roles: kept.map((j) => skel.roles![j]) } : {}),
  };
  // Weights only sit on kept joints, so every weighted index has a new one.
  const remapped = parts.map((p) => {
    if (!p.skinJoints || !p.skinWeights) return p;
    const joints = new Uint16Array(p.skinJoints.length);
    for (let i = 0; i < joints.length; i++) joints[i] = p.skinWeights[i] > 0 && p.skinJoints[i] < n ? index[p.skinJoints[i]] : 0;
    return { ...p, skinJoints: joints };
  });
  return { skeleton, parts: remapped };
}
