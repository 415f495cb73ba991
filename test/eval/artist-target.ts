/**
 * The artist's own rig as a retargeting target (`eval:retarget --target artist`): a corpus character's
 * skeleton as the clip step sees a skeleton (joint scales baked, control rig dropped), with the artist's
 * skin weights, its joints renamed `Bone.NNN` and listed in a shuffled order (parents first), so nothing
 * about it can be read from names or order. A Rigdesk rig carries a semantic role per joint; this target
 * carries the roles the artist's names give (the eval's corpus table, then the retargeter's own alias
 * table), so it is a rig known to be right in every way a Rigdesk rig can be: playing a clip onto it, any
 * error left is the retargeter's (mapping, rest alignment, foot IK, root scaling), none the rigger's.
 * Its leaf bones get `_end` joints from the mesh (leaf-ends.ts), as the clip's skeleton does and as a
 * Rigdesk rig has end joints.
 * `originalName` says which artist bone each target joint is, so a mapping can be checked joint for joint.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readModel } from '../../shared/mesh/read-model';
import { bakeJointScale } from '../../shared/anim/bake-scale';
import { deformingSkeleton } from '../../shared/anim/deforming-skeleton';
import { skeletonRoles } from '../../shared/anim/retarget';
import type { Clip } from '../../shared/anim/clip';
import type { Skeleton } from '../../shared/rig/skeleton';
import { corpusRole } from './roles';
import { withLeafEnds } from '../../shared/anim/leaf-ends';
import { renameShuffled } from '../support/rename-skeleton';

export interface ArtistTarget {
  skeleton: Skeleton;
  /** 4 joint indices (into `skeleton`) and 4 weights per vertex, in the order of readCorpusRig's positions. */
  joints: Uint16Array;
  weights: Float32Array;
  /** Per target joint, the artist's bone it is. */
  originalName: string[];
  /** The unshuffled, named skeleton (for playing the artist's clip on it directly: the harness's floor). */
  named: Skeleton;
  /** Index in `named` of each target joint. */
  order: number[];
}

/** `excludeProps` as readCorpusRig's, so the vertices are the same ones in the same order. */
export async function artistTarget(file: string, seed: number, excludeProps: RegExp | null = /handslot/): Promise<ArtistTarget> {
  const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
  const skel = model.skeleton;
  if (!skel) throw new Error(`artist-target: ${file} has no skeleton`);
  const underProp = (j: number): boolean => {
    for (let a = j; a >= 0; a = skel.parents[a]) if (excludeProps?.test(skel.names[a])) return true;
    return false;
  };
  // The skeleton is the whole file's, as the clip's is (props included: a KayKit hand slot ends where the
  // weapon it holds ends); the skin compared is that of the parts readCorpusRig keeps.
  const keptPart = model.parts.map((p) => {
    for (let i = 0; i < p.skinJoints!.length; i++) if (p.skinWeights![i] > 0 && underProp(p.skinJoints![i])) return false;
    return true;
  });
  const empty: Clip = { name: '', duration: 0, tracks: [] };
  const baked = bakeJointScale(skel, empty).skeleton;
  const body = deformingSkeleton(baked, model.parts);
  const roled: Skeleton = { ...body.skeleton, roles: body.skeleton.names.map((n) => corpusRole(n) ?? '') };
  roled.roles = skeletonRoles(roled);
  // Leaf ends from the mesh, as the clip step gives the clip's skeleton and as a Rigdesk rig has end
  // joints: a leaf joint alone has no length (a Kenney limb is one joint). Their roles say only `_end` (one role per joint: `leafN_end` under a joint without one).
  const named = withLeafEnds(roled, body.parts);
  // A leaf carrying no skin (Blender's exported `Foot.R_end`, a hand slot without its prop) is an end
  // marker too, as it is to the clip step: a Rigdesk rig marks its end joints by role.
  const weighted = new Uint8Array(named.names.length);
  for (const p of body.parts) for (let i = 0; i < p.skinJoints!.length; i++) if (p.skinWeights![i] > 0) weighted[p.skinJoints![i]] = 1;
  const hasChild = new Uint8Array(named.names.length);
  named.parents.forEach((p) => { if (p >= 0) hasChild[p] = 1; });
  named.roles = named.roles!.map((r, j) => (j < roled.names.length && (weighted[j] || hasChild[j] || named.parents[j] < 0) ? r : `${roled.roles![named.parents[j]] || `leaf${j}`}_end`));
  const shuffled = renameShuffled(named, empty, (i) => (i === 0 ? 'Bone' : `Bone.${String(i).padStart(3, '0')}`), seed, true);
  const newIndex = new Int32Array(shuffled.order.length);
  shuffled.order.forEach((old, i) => { newIndex[old] = i; });
  const parts = body.parts.filter((_, i) => keptPart[i]);
  const nv = parts.reduce((s, p) => s + p.positions.length / 3, 0);
  const joints = new Uint16Array(nv * 4), weights = new Float32Array(nv * 4);
  let v0 = 0;
  for (const p of parts) {
    const n = p.positions.length / 3;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += p.skinWeights![v * 4 + k];
      for (let k = 0; k < 4; k++) {
        const w = p.skinWeights![v * 4 + k];
        joints[(v0 + v) * 4 + k] = w > 0 ? newIndex[p.skinJoints![v * 4 + k]] : 0;
        weights[(v0 + v) * 4 + k] = sum > 0 ? w / sum : 0;
      }
    }
    v0 += n;
  }
  return { skeleton: shuffled.skeleton, joints, weights, originalName: shuffled.order.map((j) => named.names[j]), named, order: shuffled.order };
}
