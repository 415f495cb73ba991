/**
 * "Characters whose rig is right" (issue 15's shape target applies to them): a measured criterion on the
 * fast rig Rigdesk fits to the stripped mesh, with issue 13's thresholds.
 * - Bipeds whose artist skeleton names the arms and the head or legs (as eval:rig): semantic joint error
 *   (GUIDE section 4: hips, spine, neck, head, arms and legs) <= 3% of height, issue 13's per-character maximum.
 * - Other characters (no semantic joints to compare: creatures, the Slime): CD-J2J between the rig's
 *   deforming joints and the artist's weighted joints <= 3.5% of the longest side, issue 13's plan target.
 */
import * as THREE from 'three';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig, JointId } from './corpus-gltf';
import { chamferJ2J, heightOf, longestSide } from './metrics';
import { corpusRole, SEMANTIC_ROLES } from './roles';

export const SEMANTIC_RIGHT = 0.03;
export const CDJ2J_RIGHT = 0.035;

export interface RigCheck { measure: 'semantic' | 'CD-J2J'; value: number; right: boolean }

export function rigCheck(r: RigResult, gt: CorpusRig, plan: string): RigCheck {
  const roleNode = new Map<string, JointId>();
  for (const j of gt.joints) {
    const role = corpusRole(j.name);
    if (role && !roleNode.has(role)) roleNode.set(role, j.node);
  }
  const rest = gt.restWorldOf();
  if (plan === 'biped' && roleNode.has('left_upper_arm') && (roleNode.has('left_upper_leg') || roleNode.has('head'))) {
    let sum = 0, n = 0;
    for (const role of SEMANTIC_ROLES) {
      const g = roleNode.get(role);
      const j = r.report.joints.find((q) => q.role === role);
      if (g === undefined || !j) continue;
      sum += new THREE.Vector3().setFromMatrixPosition(rest.get(g)!).distanceTo(new THREE.Vector3(...j.position));
      n++;
    }
    const value = n ? sum / n / heightOf(gt.positions) : NaN;
    return { measure: 'semantic', value, right: value <= SEMANTIC_RIGHT };
  }
  const pred = new Float64Array(r.report.joints.filter((j) => j.deform).flatMap((j) => j.position));
  const truth = new Float64Array(gt.restWorld.flatMap((m) => new THREE.Vector3().setFromMatrixPosition(m).toArray()));
  const value = chamferJ2J(pred, truth) / longestSide(gt.positions);
  return { measure: 'CD-J2J', value, right: value <= CDJ2J_RIGHT };
}
