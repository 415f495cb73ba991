/**
 * Avian template: spine, neck and head, a tail of three deforming joints (the quadruped's chain, shorter:
 * every avian artist in the corpus bends the tail, but they disagree on how much - weighted tail joints:
 * bird-base 4, the Eagle 2, the Quaternius Dragon 4, the Mesh2Motion dragon 7; FIT-DESIGN.md), two wings of
 * three segments, two legs.
 */
import type { Template, TemplateJoint } from './template';
import { AVIAN_TAIL_JOINTS, joint, SIDES, tailChain, validateTemplate } from './template';

export function avianTemplate(): Template {
  const j: TemplateJoint[] = [
    joint('Hips', null, 'hips'),
    joint('Spine', 'Hips', 'spine'),
    joint('Spine1', 'Spine', 'chest'),
    joint('Neck', 'Spine1', 'neck'),
    joint('Head', 'Neck', 'head'),
    joint('Head_End', 'Head', 'head_end', false),
    ...tailChain(AVIAN_TAIL_JOINTS),
  ];
  for (const [S, s] of SIDES)
    j.push(
      joint(`${S}Wing1`, 'Spine1', `${s}_wing_1`),
      joint(`${S}Wing2`, `${S}Wing1`, `${s}_wing_2`),
      joint(`${S}Wing3`, `${S}Wing2`, `${s}_wing_3`),
      joint(`${S}WingTip_End`, `${S}Wing3`, `${s}_wing_end`, false),
    );
  for (const [S, s] of SIDES)
    j.push(
      joint(`${S}UpLeg`, 'Hips', `${s}_upper_leg`),
      joint(`${S}Leg`, `${S}UpLeg`, `${s}_lower_leg`),
      joint(`${S}Foot`, `${S}Leg`, `${s}_foot`),
      joint(`${S}Toe_End`, `${S}Foot`, `${s}_toe_end`, false),
    );
  const t = { plan: 'avian', joints: j };
  validateTemplate(t);
  return t;
}
