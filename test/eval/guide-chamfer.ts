/**
 * CD-J2J as the GUIDE (section 4) words it: on both sides, the joints that carry weight and every ancestor
 * of one (a root bone at the floor, an unweighted pelvis), the rest left out (IK and pole targets, end
 * markers). `eval:rig`'s CD-J2J column keeps the artist's weighted joints only and our template's deform
 * joints; this one is what a judge following the GUIDE to the letter computes from our GLB.
 */
import * as THREE from 'three';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig } from './corpus-gltf';
import { chamferJ2J } from './metrics';

/** Rest positions of the artist's weighted joints and their ancestors. */
export function guideTruthJoints(gt: CorpusRig): Float64Array {
  const keep = new Set<number>();
  for (const vertex of gt.weightsOf())
    for (const [joint, w] of vertex) if (w > 0) for (let a: number | null = joint; a !== null && !keep.has(a); a = gt.parentOf(a)) keep.add(a);
  const rest = gt.restWorldOf();
  const v = new THREE.Vector3();
  return new Float64Array([...keep].flatMap((j) => v.setFromMatrixPosition(rest.get(j)!).toArray()));
}

/** CD-J2J between our weighted joints (and their ancestors) and `truth`, over `longest`. */
export function guideChamfer(r: RigResult, truth: Float64Array, longest: number): number {
  const keep = new Set<number>();
  for (let i = 0; i < r.weights.length; i++)
    if (r.weights[i] > 0) for (let a = r.joints[i]; a >= 0 && !keep.has(a); a = r.skeleton.parents[a]) keep.add(a);
  const pos = new Float64Array([...keep].flatMap((j) => r.report.joints[j].position));
  return chamferJ2J(pos, truth) / longest;
}
