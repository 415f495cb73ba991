/**
 * Non-humanoid correspondence: creature skeletons (Mesh2Motion fox, horse, bird, shark, snake, spider;
 * Rigdesk templates) name their limbs as chains (`Front_Leg_Upper_L`, `tail_1..tail_8`, `wing_1..5_L`,
 * `leg_b_2_r`) with joint counts that differ from the templates. Chains are found by keyword and side on
 * both skeletons, then each target chain joint takes the source chain joint nearest to it by arc length
 * along the chain (so 8 shark tail joints drive 4 template tail joints, the first at the base).
 * Notes: rejected name aliases per joint (each creature pack numbers and splits limbs its own way:
 * fox legs have 5 joints, horse legs 6, the template 4); rejected matching by rest position (creatures
 * differ in proportions far more than humans, so nearest joints cross limbs).
 */
import type { Skeleton } from '../rig/skeleton';
import type { WorldPose } from './pose';
import { normaliseBoneName } from './bone-map';

/** Joints that anchor a limb on the body rather than bend it (scapula, pelvis) or mark its end. */
const NOT_IN_CHAIN = /(tip|leaf|end|anchor|scapula|shoulder|pelvis|collar|clavicle|feather|drv)/;

/** Chain key of a source joint name, or '' (e.g. `left_front_leg`, `tail`, `left_wing`, `left_leg2`). */
export function sourceChainKey(raw: string): string {
  const { base, side } = normaliseBoneName(raw.replace(/\.\d+$/, ''));
  if (NOT_IN_CHAIN.test(base)) return '';
  const s = side ? `${side}_` : '';
  if (side && /leg[abcd]\d/.test(base)) return `${s}leg${'abcd'.indexOf(/leg([abcd])\d/.exec(base)![1]) + 1}`;
  if (side && /(leg|thigh|calf|ankle|foot|toe|humerus|hip)/.test(base) && /(front|fore|arm)/.test(base)) return `${s}front_leg`;
  if (side && /(leg|thigh|calf|ankle|foot|toe|hip)/.test(base) && /(back|hind|rear)/.test(base)) return `${s}back_leg`;
  if (side && /wing/.test(base)) return `${s}wing`;
  if (side && /fin/.test(base)) return /back|rear|pelvic/.test(base) ? `${s}back_fin` : `${s}fin`;
  if (!side && /tail/.test(base)) return 'tail';
  if (!side && /dorsal/.test(base)) return 'dorsal_fin';
  return '';
}

/** Chain key of a Rigdesk template role, with the joint's order in the chain. */
export function targetChainKey(role: string): { key: string; order: number } | null {
  let m = /^(left|right)_(front|back)_(upper_leg|lower_leg|foot|toes)$/.exec(role);
  if (m) return { key: `${m[1]}_${m[2] === 'front' ? 'front' : 'back'}_leg`, order: ['upper_leg', 'lower_leg', 'foot', 'toes'].indexOf(m[3]) };
  // A biped creature (kaiju) names its arms front legs and its legs back legs.
  m = /^(left|right)_(upper_arm|lower_arm|hand)$/.exec(role);
  if (m) return { key: `${m[1]}_front_leg`, order: ['upper_arm', 'lower_arm', 'hand'].indexOf(m[2]) };
  m = /^(left|right)_(upper_leg|lower_leg|foot|toes)$/.exec(role);
  if (m) return { key: `${m[1]}_back_leg`, order: ['upper_leg', 'lower_leg', 'foot', 'toes'].indexOf(m[2]) };
  m = /^(left|right)_leg(\d)_(hip|knee|ankle)$/.exec(role);
  if (m) return { key: `${m[1]}_leg${m[2]}`, order: ['hip', 'knee', 'ankle'].indexOf(m[3]) };
  m = /^(left|right)_wing_(\d+)$/.exec(role);
  if (m) return { key: `${m[1]}_wing`, order: Number(m[2]) };
  m = /^(left|right)_fin$/.exec(role);
  if (m) return { key: `${m[1]}_fin`, order: 0 };
  m = /^tail_(\d+)$/.exec(role);
  if (m) return { key: 'tail', order: Number(m[1]) };
  if (role === 'abdomen') return { key: 'tail', order: 0 };
  if (role === 'dorsal_fin') return { key: 'dorsal_fin', order: 0 };
  // A snake's whole body: its template spine runs head to tail, like a creature's tail chain.
  m = /^spine_(\d+)$/.exec(role);
  if (m) return { key: 'tail', order: Number(m[1]) };
  return null;
}

function chainsOf(n: number, keyOf: (j: number) => { key: string; order: number } | null, depth: (j: number) => number): Map<string, number[]> {
  const out = new Map<string, { j: number; order: number }[]>();
  for (let j = 0; j < n; j++) {
    const k = keyOf(j);
    if (!k) continue;
    out.set(k.key, [...(out.get(k.key) ?? []), { j, order: k.order }]);
  }
  return new Map([...out].map(([k, v]) => [k, v.sort((a, b) => a.order - b.order || depth(a.j) - depth(b.j)).map((x) => x.j)]));
}

function arcParams(chain: number[], rest: WorldPose): number[] {
  const out = [0];
  const p = rest.position;
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1] * 3, b = chain[i] * 3;
    out.push(out[i - 1] + Math.hypot(p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]));
  }
  const total = out[out.length - 1];
  return total > 0 ? out.map((x) => x / total) : out.map((_, i) => (chain.length > 1 ? i / (chain.length - 1) : 0));
}

/**
 * Fills `map` (target joint -> source joint, -1 unmapped) for target chain joints left unmapped by
 * roles. Returns how many joints it mapped.
 */
export function mapCreatureChains(src: Skeleton, target: Skeleton, tgtRoles: string[], srcRest: WorldPose, tgtRest: WorldPose, map: Int32Array): number {
  const depthOf = (s: Skeleton): ((j: number) => number) => {
    const d = new Int32Array(s.names.length);
    for (let j = 0; j < s.names.length; j++) d[j] = s.parents[j] < 0 ? 0 : d[s.parents[j]] + 1;
    return (j) => d[j];
  };
  const sDepth = depthOf(src);
  const sChains = chainsOf(src.names.length, (j) => {
    const key = sourceChainKey(src.names[j]);
    return key ? { key, order: sDepth(j) } : null;
  }, sDepth);
  const tChains = chainsOf(target.names.length, (j) => targetChainKey(tgtRoles[j]), depthOf(target));
  let added = 0;
  for (const [key, tChain] of tChains) {
    const sChain = sChains.get(key);
    if (!sChain?.length) continue;
    const su = arcParams(sChain, srcRest), tu = arcParams(tChain, tgtRest);
    tChain.forEach((k, i) => {
      if (map[k] >= 0) return;
      let best = 0;
      for (let s = 1; s < sChain.length; s++) if (Math.abs(su[s] - tu[i]) < Math.abs(su[best] - tu[i])) best = s;
      map[k] = sChain[best];
      added++;
    });
  }
  return added;
}
