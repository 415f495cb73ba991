/**
 * The semantic joint error of a biped rig against a synthetic character's ground truth: the distance of
 * each semantic joint (GUIDE section 4: hips, spine, neck, head and the limbs' upper/lower/end joints) to
 * its true position, by Mixamo key (the rig must use boneNaming 'mixamo'). A joint the rig lacks counts as
 * infinitely far.
 */
import type { RigResult } from '../../shared/rig/types';
import type { SyntheticCharacter } from '../../shared/rig/synthetic/characters';

export const SEMANTIC_KEYS = [
  'Hips', 'Spine', 'Neck', 'Head',
  ...['Left', 'Right'].flatMap((s) => ['Arm', 'ForeArm', 'Hand', 'UpLeg', 'Leg', 'Foot'].map((k) => `${s}${k}`)),
];

export interface SemanticError {
  /** Mean distance over SEMANTIC_KEYS, divided by `height`. */
  mean: number;
  worst: { key: string; error: number };
  perJoint: Record<string, number>;
}

export function semanticError(r: RigResult, c: SyntheticCharacter, height: number): SemanticError {
  const perJoint: Record<string, number> = {};
  let sum = 0;
  let worst = { key: '', error: -1 };
  for (const key of SEMANTIC_KEYS) {
    const t = c.truth.keys.indexOf(key);
    if (t < 0) throw new Error(`${c.name}: no ground-truth joint ${key}`);
    const j = r.report.joints.find((q) => q.name === key);
    const p = c.truth.positions;
    const e = j ? Math.hypot(j.position[0] - p[t * 3], j.position[1] - p[t * 3 + 1], j.position[2] - p[t * 3 + 2]) / height : Infinity;
    perJoint[key] = e;
    sum += e;
    if (e > worst.error) worst = { key, error: e };
  }
  return { mean: sum / SEMANTIC_KEYS.length, worst, perJoint };
}
