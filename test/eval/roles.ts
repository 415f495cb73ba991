import type { CorpusRig, JointId } from './corpus-gltf';

/**
 * Semantic roles of the corpus skeletons' joints (ground truth), matching Rigdesk's template roles.
 * Conventions seen in the corpus: KayKit (`upperarm.l`), Unreal (`upperarm_l`), Mixamo (`LeftForeArm`),
 * Blender/Quaternius (`UpperArm.L`, `Palm.L`), Kenney (`arm-left`) and KayKit's arms-down character
 * (`armLeft`).
 */
const SIDE = (s: string): string => (/^(l|left)$/i.test(s) ? 'left' : 'right');

const KAYKIT_SIDED: Record<string, string> = { upperarm: 'upper_arm', lowerarm: 'lower_arm', wrist: 'hand', upperleg: 'upper_leg', lowerleg: 'lower_leg', foot: 'foot', toes: 'toes' };
const UE_SIDED: Record<string, string> = { clavicle: 'shoulder', upperarm: 'upper_arm', lowerarm: 'lower_arm', hand: 'hand', thigh: 'upper_leg', calf: 'lower_leg', foot: 'foot', ball: 'toes' };
const MIXAMO_SIDED: Record<string, string> = { Shoulder: 'shoulder', Arm: 'upper_arm', ForeArm: 'lower_arm', Hand: 'hand', UpLeg: 'upper_leg', Leg: 'lower_leg', Foot: 'foot', ToeBase: 'toes' };
const BLENDER_SIDED: Record<string, string> = { Shoulder: 'shoulder', UpperArm: 'upper_arm', LowerArm: 'lower_arm', Palm: 'hand', Palm1: 'hand', Hand: 'hand', UpperLeg: 'upper_leg', LowerLeg: 'lower_leg', Foot: 'foot' };
const KENNEY_SIDED: Record<string, string> = { arm: 'upper_arm', leg: 'upper_leg' };
const CENTRAL: Record<string, string> = {
  hips: 'hips', spine: 'spine', chest: 'upper_chest', head: 'head', // KayKit
  pelvis: 'hips', spine_01: 'spine', spine_02: 'chest', spine_03: 'upper_chest', neck_01: 'neck', // Unreal
  Hips: 'hips', Spine: 'spine', Spine1: 'chest', Spine2: 'upper_chest', Neck: 'neck', Head: 'head', // Mixamo
  Abdomen: 'spine', Torso: 'chest', // Quaternius
  torso: 'hips', // Kenney: the torso pivot sits on the hips
};

export function corpusRole(name: string): string | null {
  if (CENTRAL[name]) return CENTRAL[name];
  let m = /^(upperarm|lowerarm|wrist|upperleg|lowerleg|foot|toes)\.([lr])$/.exec(name);
  if (m) return `${SIDE(m[2])}_${KAYKIT_SIDED[m[1]]}`;
  m = /^(clavicle|upperarm|lowerarm|hand|thigh|calf|foot|ball)_([lr])$/.exec(name);
  if (m) return `${SIDE(m[2])}_${UE_SIDED[m[1]]}`;
  m = /^(?:mixamorig:)?(Left|Right)(Shoulder|Arm|ForeArm|Hand|UpLeg|Leg|Foot|ToeBase)$/.exec(name);
  if (m) return `${SIDE(m[1])}_${MIXAMO_SIDED[m[2]]}`;
  m = /^(Shoulder|UpperArm|LowerArm|Palm1?|Hand|UpperLeg|LowerLeg|Foot)\.([LR])$/.exec(name);
  if (m) return `${SIDE(m[2])}_${BLENDER_SIDED[m[1]]}`;
  m = /^(arm|leg)-(left|right)$/.exec(name);
  if (m) return `${SIDE(m[2])}_${KENNEY_SIDED[m[1]]}`;
  m = /^arm(Left|Right)$/.exec(name);
  if (m) return `${SIDE(m[1])}_upper_arm`;
  return null;
}

/** The joints of the semantic joint error (GUIDE section 4). */
export const SEMANTIC_ROLES = [
  'hips', 'spine', 'neck', 'head',
  ...['left', 'right'].flatMap((s) => ['upper_arm', 'lower_arm', 'hand', 'upper_leg', 'lower_leg', 'foot'].map((r) => `${s}_${r}`)),
];

/**
 * The clip transfer's correspondence: `roleNode` (weighted joints) plus the unweighted ancestors of weighted
 * joints that have a role. GUIDE section 4 counts those as deforming joints: they move what hangs from them.
 * The Quaternius Robot weights none of Hips, Abdomen and Neck, yet they carry its Head: without them our
 * pelvis stayed unrotated and our neck followed a chest copying the node its torso plate hangs from.
 * Robot deformation with own clips (fast / pro, with the clip repair in corpus-gltf.ts) 1.69 / 1.61% ->
 * 1.33 / 1.14%. No other corpus character changes.
 */
export function deformingRoleNode(gt: CorpusRig, roleNode: Map<string, JointId>): Map<string, JointId> {
  const out = new Map(roleNode);
  const weighted = new Set(gt.joints.map((j) => j.node));
  const deforming = new Set<JointId>();
  for (const n of weighted) for (let a = gt.parentOf(n); a !== null; a = gt.parentOf(a)) deforming.add(a);
  for (const n of gt.order) {
    if (!deforming.has(n) || weighted.has(n)) continue;
    const role = corpusRole(gt.nameOf(n));
    if (role && !out.has(role)) out.set(role, n);
  }
  return out;
}
