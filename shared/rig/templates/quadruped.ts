/** Quadruped template: spine from hips to head, a tail, four legs of four segments each. */
import type { Template, TemplateJoint } from './template';
import { joint, SIDES, tailChain, validateTemplate } from './template';

export function quadrupedTemplate(): Template {
  const j: TemplateJoint[] = [
    joint('Hips', null, 'hips'),
    joint('Spine', 'Hips', 'spine'),
    joint('Spine1', 'Spine', 'chest'),
    joint('Spine2', 'Spine1', 'upper_chest'),
    joint('Neck', 'Spine2', 'neck'),
    joint('Head', 'Neck', 'head'),
    joint('Head_End', 'Head', 'head_end', false),
    ...tailChain(),
  ];
  for (const [end, parent] of [['Front', 'Spine2'], ['Back', 'Hips']] as const)
    for (const [S, s] of SIDES) {
      const p = `${S}${end}`;
      const r = `${s}_${end.toLowerCase()}`;
      j.push(
        joint(`${p}UpperLeg`, parent, `${r}_upper_leg`),
        joint(`${p}LowerLeg`, `${p}UpperLeg`, `${r}_lower_leg`),
        joint(`${p}Foot`, `${p}LowerLeg`, `${r}_foot`),
        joint(`${p}Toe`, `${p}Foot`, `${r}_toes`),
        joint(`${p}Toe_End`, `${p}Toe`, `${r}_toe_end`, false),
      );
    }
  const t = { plan: 'quadruped', joints: j };
  validateTemplate(t);
  return t;
}
