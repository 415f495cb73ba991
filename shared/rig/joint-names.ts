/**
 * The joint names a rig request may give positions for (`joints`, issue 14): the template's names for the
 * body plan, in the request's bone_naming (bipeds), with fingers when asked. A biped's tail joints are
 * accepted (a tail is added when the mesh has one; the rig fails naming the joint when it has none);
 * `others` grows its skeleton from the shape, so only its naming pattern can be checked before the fit.
 */
import type { BoneNaming, RigType } from './types';
import { templateFor } from './templates';
import { bipedName, bipedTemplate } from './templates/biped';

const OTHERS_NAME = /^(Root|Branch\d{2,}_(\d+|End))$/;

/** The known names, or null for `others` (see `isJointNameFor`). */
export function jointNamesFor(rigType: RigType, naming: BoneNaming, fingers: boolean): string[] | null {
  if (rigType === 'others') return null;
  if (rigType === 'biped') return bipedTemplate(fingers, true).joints.map((j) => bipedName(j.key, naming));
  return templateFor(rigType).joints.map((j) => j.key);
}

export function isJointNameFor(rigType: RigType, naming: BoneNaming, fingers: boolean, name: string): boolean {
  const names = jointNamesFor(rigType, naming, fingers);
  return names ? names.includes(name) : OTHERS_NAME.test(name);
}

/** What a request may name, for an error message. */
export function jointNamesHint(rigType: RigType, naming: BoneNaming, fingers: boolean): string {
  const names = jointNamesFor(rigType, naming, fingers);
  if (!names) return 'others rigs name their joints Root, Branch01_1, ..., Branch01_End';
  return `${rigType}${rigType === 'biped' ? ` (${naming}${fingers ? ', with fingers' : ''})` : ''} joints are ${names.join(', ')}`;
}
