/**
 * Hexapod (3 leg pairs) and octopod (4 leg pairs) templates: a body with head and abdomen, and legs of
 * hip (at the body), knee (the high bend), ankle and tip. Leg 1 is the front pair.
 */
import type { Template, TemplateJoint } from './template';
import { joint, SIDES, validateTemplate } from './template';

export function multilegTemplate(plan: 'hexapod' | 'octopod'): Template {
  const pairs = plan === 'hexapod' ? 3 : 4;
  const j: TemplateJoint[] = [
    joint('Body', null, 'body'),
    joint('Head', 'Body', 'head'),
    joint('Head_End', 'Head', 'head_end', false),
    joint('Abdomen', 'Body', 'abdomen'),
    joint('Abdomen_End', 'Abdomen', 'abdomen_end', false),
  ];
  for (const [S, s] of SIDES)
    for (let n = 1; n <= pairs; n++) {
      const p = `${S}Leg${n}`;
      j.push(
        joint(`${p}Hip`, 'Body', `${s}_leg${n}_hip`),
        joint(`${p}Knee`, `${p}Hip`, `${s}_leg${n}_knee`),
        joint(`${p}Ankle`, `${p}Knee`, `${s}_leg${n}_ankle`),
        joint(`${p}_End`, `${p}Ankle`, `${s}_leg${n}_end`, false),
      );
    }
  const t = { plan, joints: j };
  validateTemplate(t);
  return t;
}
