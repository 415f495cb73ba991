/** Serpentine template: a chain from the head to the tail tip; Spine01 (behind the head) is the root. */
import type { Template, TemplateJoint } from './template';
import { joint, validateTemplate } from './template';

export const SERPENTINE_SEGMENTS = 10;

export function serpentineTemplate(): Template {
  const j: TemplateJoint[] = [joint('Spine01', null, 'spine_1'), joint('Head', 'Spine01', 'head'), joint('Head_End', 'Head', 'head_end', false)];
  for (let i = 2; i <= SERPENTINE_SEGMENTS; i++) j.push(joint(`Spine${pad(i)}`, `Spine${pad(i - 1)}`, `spine_${i}`));
  j.push(joint('Tail_End', `Spine${pad(SERPENTINE_SEGMENTS)}`, 'tail_end', false));
  const t = { plan: 'serpentine', joints: j };
  validateTemplate(t);
  return t;
}

export function pad(i: number): string {
  return String(i).padStart(2, '0');
}
