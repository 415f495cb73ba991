/**
 * Semantic bone mapping: a joint name from a common humanoid convention (Mixamo `mixamorig:`, Unreal
 * mannequin, Unity/VRM humanoid, Rigify `DEF-`, KayKit, Mesh2Motion, Rigdesk templates) to a Rigdesk
 * role (`hips`, `left_upper_arm`, `left_index_1`, ...). Names are normalised (prefix, case, separators,
 * side markers) and looked up in one alias table, so a new convention is a few table rows.
 * Notes: rejected fuzzy string distance (maps `lowerarm` to `lowerleg`); an explicit table fails loudly.
 */

const BASE: Record<string, string> = {};
function alias(role: string, ...names: string[]): void {
  for (const n of names) BASE[n] = role;
}
alias('hips', 'hips', 'hip', 'pelvis');
alias('spine', 'spine', 'spine01', 'spine001', 'spine1st');
alias('chest', 'spine1', 'spine02', 'spine002', 'chest');
alias('upper_chest', 'spine2', 'spine03', 'spine003', 'upperchest');
alias('neck', 'neck', 'neck01', 'neck1');
alias('head', 'head');
alias('shoulder', 'shoulder', 'clavicle');
alias('upper_arm', 'arm', 'upperarm');
alias('lower_arm', 'forearm', 'lowerarm');
alias('hand', 'hand', 'wrist');
alias('upper_leg', 'upleg', 'upperleg', 'thigh');
alias('lower_leg', 'leg', 'lowerleg', 'calf', 'shin');
alias('foot', 'foot');
alias('toes', 'toebase', 'toes', 'toe', 'ball');
const PHALANX: Record<string, number> = { proximal: 1, intermediate: 2, distal: 3, metacarpal: 1 };

/** Lower-case name without rig prefixes and separators, and its side. */
export function normaliseBoneName(raw: string): { base: string; side: 'left' | 'right' | '' } {
  let n = raw.replace(/^.*[|:]/, '').replace(/^(DEF|ORG|MCH)[-_.]/i, '').replace(/^Bip0?1[ _]?/i, '');
  let side: 'left' | 'right' | '' = '';
  const suffix = /[._ -]([LRlr])$/.exec(n) ?? /[._-](left|right)$/i.exec(n);
  if (suffix) {
    side = suffix[1][0].toLowerCase() === 'l' ? 'left' : 'right';
    n = n.slice(0, suffix.index);
  } else {
    const prefix = /^(left|right)/i.exec(n) ?? /^([LRlr])[._ -]/.exec(n);
    if (prefix) {
      side = prefix[1][0].toLowerCase() === 'l' ? 'left' : 'right';
      n = n.slice(prefix[0].length);
    }
  }
  return { base: n.toLowerCase().replace(/[^a-z0-9]/g, ''), side };
}

/** The Rigdesk role of a bone name, or '' when unknown. */
export function roleOfBone(raw: string): string {
  const { base, side } = normaliseBoneName(raw);
  const s = side ? `${side}_` : '';
  // Fingers: "handindex1", "index01", "findex01", "indexproximal", "thumbmetacarpal".
  const f = /^(?:hand)?f?(thumb|index|middle|ring|pinky)(?:0?([1-3])|(proximal|intermediate|distal|metacarpal))$/.exec(base);
  if (f && side) return `${s}${f[1]}_${f[2] ? Number(f[2]) : PHALANX[f[3]]}`;
  const role = BASE[base];
  if (!role) return '';
  const sided = !['hips', 'spine', 'chest', 'upper_chest', 'neck', 'head'].includes(role);
  if (sided !== Boolean(side)) return '';
  return `${s}${role}`;
}

/**
 * Roles for every joint of a skeleton, one joint per role. When two joints claim a role (KayKit has
 * `wrist.l` and `hand.l`), the one nearer the root wins: it carries the motion of the other.
 */
export function mapBones(names: string[], parents: ArrayLike<number>, given?: string[]): string[] {
  const roles = names.map((n, i) => (given && given[i] ? given[i] : roleOfBone(n)));
  const depth = names.map(() => 0);
  for (let j = 0; j < names.length; j++) depth[j] = parents[j] < 0 ? 0 : depth[parents[j]] + 1;
  const best = new Map<string, number>();
  roles.forEach((r, j) => {
    if (!r) return;
    const b = best.get(r);
    if (b === undefined || depth[j] < depth[b]) best.set(r, j);
  });
  return roles.map((r, j) => (r && best.get(r) === j ? r : ''));
}
