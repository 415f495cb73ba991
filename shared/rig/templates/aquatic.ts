/**
 * Aquatic template: body root, head to the front, a four-segment tail, pectoral fins of three joints each
 * (a fin bends along its span: the Mesh2Motion shark's fins carry three joints and a tip; a ray's wings
 * flap in a wave) and a dorsal fin.
 */
import type { Template, TemplateJoint } from './template';
import { joint, SIDES, validateTemplate } from './template';

export function aquaticTemplate(): Template {
  const j: TemplateJoint[] = [
    joint('Body', null, 'body'),
    joint('Head', 'Body', 'head'),
    joint('Head_End', 'Head', 'head_end', false),
    joint('Tail1', 'Body', 'tail_1'),
    joint('Tail2', 'Tail1', 'tail_2'),
    joint('Tail3', 'Tail2', 'tail_3'),
    joint('Tail4', 'Tail3', 'tail_4'),
    joint('Tail_End', 'Tail4', 'tail_end', false),
    joint('DorsalFin', 'Body', 'dorsal_fin'),
    joint('DorsalFin_End', 'DorsalFin', 'dorsal_fin_end', false),
  ];
  for (const [S, s] of SIDES)
    j.push(joint(`${S}Fin`, 'Body', `${s}_fin`), joint(`${S}Fin2`, `${S}Fin`, `${s}_fin_2`), joint(`${S}Fin3`, `${S}Fin2`, `${s}_fin_3`), joint(`${S}Fin_End`, `${S}Fin3`, `${s}_fin_end`, false));
  const t = { plan: 'aquatic', joints: j };
  validateTemplate(t);
  return t;
}
