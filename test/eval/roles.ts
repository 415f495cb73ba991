/** Semantic roles of the corpus skeletons' joints (ground truth), matching Rigdesk's template roles. */
const SIDE_ROLES: [string, string][] = [
  ['upperarm', 'upper_arm'], ['lowerarm', 'lower_arm'], ['upperleg', 'upper_leg'], ['lowerleg', 'lower_leg'],
];

export function corpusRole(name: string): string | null {
  const kay: Record<string, string> = { hips: 'hips', spine: 'spine', chest: 'upper_chest', head: 'head' };
  if (kay[name]) return kay[name];
  let m = /^(upperarm|lowerarm|wrist|upperleg|lowerleg|foot|toes)\.([lr])$/.exec(name);
  if (m) {
    const side = m[2] === 'l' ? 'left' : 'right';
    const base = SIDE_ROLES.find(([k]) => k === m![1])?.[1] ?? ({ wrist: 'hand', foot: 'foot', toes: 'toes' } as Record<string, string>)[m[1]];
    return `${side}_${base}`;
  }
  const ue: Record<string, string> = { pelvis: 'hips', spine_01: 'spine', spine_02: 'chest', spine_03: 'upper_chest', neck_01: 'neck' };
  if (ue[name]) return ue[name];
  m = /^(clavicle|upperarm|lowerarm|hand|thigh|calf|foot|ball)_([lr])$/.exec(name);
  if (m) {
    const side = m[2] === 'l' ? 'left' : 'right';
    const map: Record<string, string> = { clavicle: 'shoulder', upperarm: 'upper_arm', lowerarm: 'lower_arm', hand: 'hand', thigh: 'upper_leg', calf: 'lower_leg', foot: 'foot', ball: 'toes' };
    return `${side}_${map[m[1]]}`;
  }
  return null;
}

/** The joints of the semantic joint error (GUIDE section 4). */
export const SEMANTIC_ROLES = [
  'hips', 'spine', 'neck', 'head',
  ...['left', 'right'].flatMap((s) => ['upper_arm', 'lower_arm', 'hand', 'upper_leg', 'lower_leg', 'foot'].map((r) => `${s}_${r}`)),
];
