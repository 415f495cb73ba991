/**
 * The semantic joint error of a rig against a corpus character's own skeleton (GUIDE section 4), shared by
 * `eval:rig` (rest pose) and `eval:rig-posed` (the same characters re-posed with their own skeleton): the
 * mean distance over SEMANTIC_ROLES between the artist's joint with that role and the rig's joint with that
 * role, over the roles both have. The caller divides by the height.
 */
import path from 'node:path';
import * as THREE from 'three';
import type { RigResult, RigType } from '../../shared/rig/types';
import type { CorpusRig, JointId } from './corpus-gltf';
import { corpusRole, SEMANTIC_ROLES } from './roles';

/** The first weighted ground-truth joint of each role. */
export function corpusRoleNodes(gt: CorpusRig): Map<string, JointId> {
  const roleNode = new Map<string, JointId>();
  for (const j of gt.joints) {
    const role = corpusRole(j.name);
    if (role && !roleNode.has(role)) roleNode.set(role, j.node);
  }
  return roleNode;
}

/** Semantic error where the artist's skeleton names at least the arms and the head or legs. */
export function hasSemanticBiped(plan: RigType, roleNode: Map<string, JointId>): boolean {
  return plan === 'biped' && roleNode.has('left_upper_arm') && (roleNode.has('left_upper_leg') || roleNode.has('head'));
}

/** The model's name in the tables: the file name without extension, Kenney's `character-` as `kenney-`. */
export function corpusModelName(rel: string): string {
  return path.basename(rel).replace(/\.(glb|fbx)$/, '').replace(/^character-/, 'kenney-');
}

export interface SemanticJoint {
  role: string;
  /** Distance in the model's units. */
  error: number;
  truth: [number, number, number];
  rig: [number, number, number];
}

export interface CorpusSemantic {
  /** Mean distance (model units) over the roles both skeletons have; NaN when none. */
  mean: number;
  joints: SemanticJoint[];
}

/** `world`: the ground truth's world matrices (its rest, or a posed frame). */
export function corpusSemanticError(r: RigResult, roleNode: Map<string, JointId>, world: Map<JointId, THREE.Matrix4>): CorpusSemantic {
  let sum = 0;
  const joints: SemanticJoint[] = [];
  for (const role of SEMANTIC_ROLES) {
    const g = roleNode.get(role);
    const j = r.report.joints.find((q) => q.role === role);
    if (g === undefined || !j) continue;
    const gp = new THREE.Vector3().setFromMatrixPosition(world.get(g)!);
    const d = gp.distanceTo(new THREE.Vector3(...j.position));
    joints.push({ role, error: d, truth: gp.toArray(), rig: j.position });
    sum += d;
  }
  return { mean: joints.length ? sum / joints.length : NaN, joints };
}

/** One line per semantic joint: error, truth and rig positions (model units). */
export function formatSemanticJoint(j: SemanticJoint): string {
  const f = (v: number[]): string => v.map((x) => x.toFixed(3).padStart(7)).join(' ');
  return `  ${j.role.padEnd(16)} err ${j.error.toFixed(3)}  truth ${f(j.truth)}  rig ${f(j.rig)}`;
}
