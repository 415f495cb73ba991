/**
 * Biped template (Mixamo-style keys without prefix) and its namings: mixamo (default), unreal, unity, vrm.
 * `rig_fingers` adds exactly 30 bones: {Left,Right}Hand{Thumb,Index,Middle,Ring,Pinky}{1,2,3}; a tail found
 * on the mesh adds the quadruped's 5 tail joints (same keys and roles), listed last so that the joints of a
 * tail-less rig keep their indices.
 */
import type { BoneNaming } from '../types';
import type { Template, TemplateJoint } from './template';
import { joint, SIDES, tailChain, validateTemplate } from './template';

export const FINGERS = ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky'] as const;

export function bipedTemplate(fingers: boolean, tail = false): Template {
  const j: TemplateJoint[] = [
    joint('Hips', null, 'hips'),
    joint('Spine', 'Hips', 'spine'),
    joint('Spine1', 'Spine', 'chest'),
    joint('Spine2', 'Spine1', 'upper_chest'),
    joint('Neck', 'Spine2', 'neck'),
    joint('Head', 'Neck', 'head'),
    joint('HeadTop_End', 'Head', 'head_end', false),
  ];
  for (const [S, s] of SIDES) {
    j.push(
      joint(`${S}Shoulder`, 'Spine2', `${s}_shoulder`),
      joint(`${S}Arm`, `${S}Shoulder`, `${s}_upper_arm`),
      joint(`${S}ForeArm`, `${S}Arm`, `${s}_lower_arm`),
      joint(`${S}Hand`, `${S}ForeArm`, `${s}_hand`),
    );
    if (fingers)
      for (const f of FINGERS)
        for (let k = 1; k <= 3; k++)
          j.push(joint(`${S}Hand${f}${k}`, k === 1 ? `${S}Hand` : `${S}Hand${f}${k - 1}`, `${s}_${f.toLowerCase()}_${k}`));
  }
  for (const [S, s] of SIDES)
    j.push(
      joint(`${S}UpLeg`, 'Hips', `${s}_upper_leg`),
      joint(`${S}Leg`, `${S}UpLeg`, `${s}_lower_leg`),
      joint(`${S}Foot`, `${S}Leg`, `${s}_foot`),
      joint(`${S}ToeBase`, `${S}Foot`, `${s}_toes`),
      joint(`${S}Toe_End`, `${S}ToeBase`, `${s}_toe_end`, false),
    );
  if (tail) j.push(...tailChain());
  const t = { plan: 'biped', joints: j };
  validateTemplate(t);
  return t;
}

const UNREAL: Record<string, string> = {
  Hips: 'pelvis', Spine: 'spine_01', Spine1: 'spine_02', Spine2: 'spine_03', Neck: 'neck_01', Head: 'head',
  HeadTop_End: 'head_end', Shoulder: 'clavicle', Arm: 'upperarm', ForeArm: 'lowerarm', Hand: 'hand',
  UpLeg: 'thigh', Leg: 'calf', Foot: 'foot', ToeBase: 'ball', Toe_End: 'ball_end',
};
const UNITY: Record<string, string> = {
  Hips: 'Hips', Spine: 'Spine', Spine1: 'Chest', Spine2: 'UpperChest', Neck: 'Neck', Head: 'Head',
  HeadTop_End: 'HeadTop_End', Shoulder: 'Shoulder', Arm: 'UpperArm', ForeArm: 'LowerArm', Hand: 'Hand',
  UpLeg: 'UpperLeg', Leg: 'LowerLeg', Foot: 'Foot', ToeBase: 'Toes', Toe_End: 'Toes_End',
};
const PHALANX_UNITY = ['Proximal', 'Intermediate', 'Distal'];
const PHALANX_VRM_THUMB = ['Metacarpal', 'Proximal', 'Distal'];

/** The user-facing name of a biped key under a naming convention. */
export function bipedName(key: string, naming: BoneNaming): string {
  // Tail joints have no engine-standard humanoid name: every naming keeps the quadruped's keys.
  if (naming === 'mixamo' || key.startsWith('Tail')) return key;
  const side = key.startsWith('Left') ? 'Left' : key.startsWith('Right') ? 'Right' : '';
  const rest = side ? key.slice(side.length) : key;
  const finger = /^Hand(Thumb|Index|Middle|Ring|Pinky)([123])$/.exec(rest);
  if (naming === 'unreal') {
    const sfx = side ? `_${side[0].toLowerCase()}` : '';
    if (finger) return `${finger[1].toLowerCase()}_0${finger[2]}${sfx}`;
    return `${UNREAL[rest]}${sfx}`;
  }
  let name: string;
  if (finger) {
    const k = Number(finger[2]) - 1;
    const phalanx = naming === 'vrm' && finger[1] === 'Thumb' ? PHALANX_VRM_THUMB[k] : PHALANX_UNITY[k];
    name = `${side}${finger[1]}${phalanx}`;
  } else name = `${side}${UNITY[rest]}`;
  // VRM humanoid names are lowerCamelCase versions of Unity's.
  return naming === 'vrm' ? name[0].toLowerCase() + name.slice(1) : name;
}
