/**
 * Structural joint correspondence, for clips whose bone names follow no known convention (`Bone.001`,
 * `joint7`, `b_Hip_01`): the clip's skeleton is matched to the target by shape, not by name.
 *  1. Chains: the target's chain ends ("anchors": head, hands, toes, tail tip, wing tips, fins; fingers
 *     left out) and the source's ("terminals": leaves, with unanimated end markers dropped and small
 *     branching tips such as a hand with fingers or a head with eyes taken whole).
 *  2. Frame: both skeletons in a box-normalised frame (centre of their joints, each axis divided by its
 *     half extent, so a chibi and an adult line up); the source turned by the quarter turn about +Y that
 *     fits best, which settles which end is forward and which side is left.
 *  3. Anchors take the terminal whose chain tip lies nearest (names' side markers break ties); branch
 *     joints (lowest common ancestors of two anchors, and the root) take the source's branch joints of
 *     the matched terminals; the joints between take source joints by an ordered alignment on position
 *     and arc length, so a missing neck or a split spine still lines up.
 *  A clip that leaves a limb of its own unplaced, or a target chain without a candidate while the clip
 *  has a chain left over, fails, naming what the clip has and what the body plan needs.
 * Notes: rejected matching every joint by nearest rest position (limbs cross between proportions);
 * rejected graph isomorphism (joint counts differ per chain between packs, so no isomorphism exists);
 * rejected comparing a chain's joints from the segment's top joint on each side rather than in the box
 * frames (it maps the Barbarian's arms onto its fast rig, left out today, but on all 72 clips anonymous onto
 * our rigs went 2.16 -> 2.18% shape, <= 2% on 51 -> 49: Mage idle 1.12 -> 1.83).
 */
import type { Skeleton } from '../rig/skeleton';
import type { WorldPose } from './pose';
import { normaliseBoneName } from './bone-map';
import { continuedChains, isHandBranch } from './extra-chains';

const FINGER_ROLE = /_(thumb|index|middle|ring|pinky)_\d$/;
/** Farther than this (box-normalised units) a chain tip is not the same chain. */
const MAX_TIP_DISTANCE = 1.0;
/** Cost of leaving a joint out of a chain alignment (box-normalised units). */
const GAP_COST = 0.35;
/**
 * A branching tip whose subtree spans less than this fraction of the skeleton is one terminal (a hand with
 * its fingers, a head with eyes and jaw). At 0.15 the long 4-joint fingers of Mixamo-style hands (Zombie,
 * Alien) counted as extra arms once names were gone.
 */
const SMALL_TIP = 0.25;
/** Cost of a pair of chains meeting at the root in one skeleton and not in the other. */
const TOPOLOGY_COST = 0.5;
/** Chain kinds that may take each other's place (a wing or fin is a mirrored pair, as an arm is). */
const KIND_CLASS: Record<string, string> = { arm: 'pair', wing: 'pair', fin: 'pair', leg: 'leg', head: 'head', tail: 'tail', 'dorsal fin': 'tail' };
/** Cost of pairing chains of different kinds (box-normalised units). */
const KIND_COST = 0.5;
/** Two chain tips this close (fraction of the extent) in height and in distance from the body axis mirror each other. */
const MIRROR = 0.15;
/**
 * Weight of where a joint lies along its segment (0 to 1) against its box-normalised distance: at 1 a
 * chibi's one-bone leg took the template's knee instead of its thigh (box positions follow proportions).
 */
const ALONG_WEIGHT = 2;
/**
 * A thin axis (a biped's depth) is divided by at least this fraction of the widest half extent: divided by
 * a quarter, a Kenney mini's head end and the template's toes came out a whole box apart in depth.
 */
const THIN_AXIS_FLOOR = 0.5;

export interface StructuralResult {
  /** Per target joint: the source joint driving it, or -1. */
  map: Int32Array;
  /** Target anchors no source chain fits (e.g. the hands of a biped under a fox clip). */
  unplacedTargets: number[];
  /** Source chains (terminal joints) left over that are real limbs. */
  unplacedSources: number[];
  /** 'the clip has ...; a biped needs ...' when the body plans differ, else ''. */
  mismatch: string;
}

interface Tree {
  n: number;
  parents: Int32Array;
  children: number[][];
  depth: Int32Array;
}

function treeOf(parents: Int32Array, keep: (j: number) => boolean): Tree {
  const n = parents.length;
  const children: number[][] = Array.from({ length: n }, () => []);
  const depth = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const p = parents[j];
    depth[j] = p < 0 ? 0 : depth[p] + 1;
    if (p >= 0 && keep(j) && keep(p)) children[p].push(j);
  }
  return { n, parents, children, depth };
}

function lca(t: Tree, a: number, b: number): number {
  while (a !== b && a >= 0 && b >= 0) {
    if (t.depth[a] > t.depth[b]) a = t.parents[a];
    else if (t.depth[b] > t.depth[a]) b = t.parents[b];
    else { a = t.parents[a]; b = t.parents[b]; }
  }
  return a === b ? a : -1;
}

function isAncestor(t: Tree, a: number, j: number): boolean {
  for (let k = j; k >= 0; k = t.parents[k]) if (k === a) return true;
  return false;
}

/** Joints strictly between ancestor a and descendant d, top down. */
function between(t: Tree, a: number, d: number): number[] {
  const out: number[] = [];
  for (let k = t.parents[d]; k >= 0 && k !== a; k = t.parents[k]) out.push(k);
  return out.reverse();
}

/**
 * Positions centred on the joints' box and divided per axis by its half extent (floored). With `axis`,
 * x and z are centred on that joint instead (a biped's root over its feet): a box centre is pulled
 * forward by a template's toes and by a chibi's big head alike, and the two pulls read as a half turn.
 */
function boxNormalise(pos: Float64Array, joints: number[], axis = -1): Float64Array {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (const j of joints) for (let c = 0; c < 3; c++) { lo[c] = Math.min(lo[c], pos[j * 3 + c]); hi[c] = Math.max(hi[c], pos[j * 3 + c]); }
  const half = [0, 1, 2].map((c) => (hi[c] - lo[c]) / 2);
  const floor = Math.max(...half) * THIN_AXIS_FLOOR || 1;
  const out = new Float64Array(pos.length);
  for (let j = 0; j < pos.length / 3; j++)
    for (let c = 0; c < 3; c++) out[j * 3 + c] = (pos[j * 3 + c] - (axis >= 0 && c !== 1 ? pos[axis * 3 + c] : (lo[c] + hi[c]) / 2)) / Math.max(half[c], floor);
  return out;
}

function extentOf(pos: Float64Array, joints: number[]): number {
  let e = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (const j of joints) { lo = Math.min(lo, pos[j * 3 + c]); hi = Math.max(hi, pos[j * 3 + c]); }
    e = Math.max(e, hi - lo);
  }
  return e || 1;
}

function d3(a: Float64Array, i: number, b: Float64Array, k: number): number {
  return Math.hypot(a[i * 3] - b[k * 3], a[i * 3 + 1] - b[k * 3 + 1], a[i * 3 + 2] - b[k * 3 + 2]);
}

/** The joint of j's subtree (all joints) farthest from j: where the chain really ends. */
function tipOf(parents: Int32Array, pos: Float64Array, j: number): number {
  let best = j, bestD = 0;
  for (let k = j + 1; k < parents.length; k++) {
    let a = parents[k];
    while (a >= 0 && a !== j) a = parents[a];
    if (a !== j) continue;
    const d = d3(pos, k, pos, j);
    if (d > bestD) { bestD = d; best = k; }
  }
  return best;
}

/**
 * Source joints taking part, its chain terminals (see the module note), and the joints framing the
 * body (the main tree without what collapsed terminals hide, end markers included).
 */
function sourceTerminals(src: Skeleton, pos: Float64Array, animated: Set<number> | null): { keep: Uint8Array; terminals: number[]; frame: number[] } {
  const n = src.names.length;
  const all = treeOf(src.parents, () => true);
  // The biggest tree: extra roots are IK targets, poles and armature helpers.
  const size = new Int32Array(n);
  for (let j = n - 1; j >= 0; j--) { size[j]++; if (src.parents[j] >= 0) size[src.parents[j]] += size[j]; }
  let root = -1;
  for (let j = 0; j < n; j++) if (src.parents[j] < 0 && (root < 0 || size[j] > size[root])) root = j;
  const keep = new Uint8Array(n);
  for (let j = 0; j < n; j++) keep[j] = isAncestor(all, root, j) ? 1 : 0;
  const inTree = [...Array(n).keys()].filter((j) => keep[j]);
  // End markers: leaves the clip never keys.
  if (animated) for (let j = 0; j < n; j++) if (keep[j] && all.children[j].length === 0 && !animated.has(j) && j !== root) keep[j] = 0;
  const extent = extentOf(pos, inTree);
  const terminals: number[] = [];
  const hidden = new Set<number>();
  const hide = (j: number): void => { for (const c of all.children[j]) { hidden.add(c); hide(c); } };
  const visit = (j: number): void => {
    const kids = all.children[j].filter((c) => keep[c]);
    if (kids.length === 0) { if (j !== root) terminals.push(j); return; }
    const small = d3(pos, tipOf(src.parents, pos, j), pos, j) < SMALL_TIP * extent;
    if (j !== root && kids.length >= 2 && (small || isHandBranch(kids.map((c) => d3(pos, tipOf(src.parents, pos, c), pos, c)), extent))) {
      terminals.push(j);
      hide(j);
      return;
    }
    kids.forEach(visit);
  };
  visit(root);
  return { keep, terminals, frame: inTree.filter((j) => !hidden.has(j)) };
}

function sideOfChain(src: Skeleton, t: Tree, root: number, j: number): 'left' | 'right' | '' {
  for (let k = j; k >= 0 && k !== root; k = t.parents[k]) {
    const s = normaliseBoneName(src.names[k]).side;
    if (s) return s;
  }
  return '';
}

/** Kind of chain a target anchor ends (for messages), from its role. */
function targetKind(role: string): string {
  if (/hand$/.test(role)) return 'arm';
  if (/wing/.test(role)) return 'wing';
  if (/fin$/.test(role) && !/dorsal/.test(role)) return 'fin';
  if (/dorsal/.test(role)) return 'dorsal fin';
  if (/(toes|foot|ankle|toe)$/.test(role)) return 'leg';
  if (/head/.test(role)) return 'head';
  if (/(tail|abdomen|spine)/.test(role)) return 'tail';
  return role;
}

/** Distances beyond 0.9 of MAX_TIP_DISTANCE pressed into [0.9, 1) of it, keeping their order. */
function squash(c: number): number {
  const knee = 0.9 * MAX_TIP_DISTANCE;
  return c <= knee ? c : knee + (MAX_TIP_DISTANCE - knee) * (1 - 1 / (1 + (c - knee) / MAX_TIP_DISTANCE));
}

function describe(counts: Map<string, number>): string {
  const order = ['arm', 'leg', 'wing', 'fin', 'dorsal fin', 'tail', 'head'];
  const parts = [...counts].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([k, c]) => (c === 1 ? `a ${k}` : `${c} ${k}s`));
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Maps `src` onto `target` by structure. `tgtRoles` are the target's roles (template roles), `animated`
 * the source joints the clip keys (its unkeyed leaves are end markers), or null when unknown.
 */
export function structuralMatch(src: Skeleton, target: Skeleton, tgtRoles: string[], srcRest: WorldPose, tgtRest: WorldPose, animated: Set<number> | null): StructuralResult {
  const nT = target.names.length, nS = src.names.length;
  // Target: fingers and end markers out; anchors are the deform joints that end a chain.
  const tKeep = (k: number): boolean => !FINGER_ROLE.test(tgtRoles[k] ?? '');
  const tTree = treeOf(target.parents, tKeep);
  const isEnd = (k: number): boolean => /_end$/i.test(tgtRoles[k] || target.names[k]);
  const tRoot = target.parents.indexOf(-1);
  const tJoints = [...Array(nT).keys()].filter(tKeep);
  // Anchors as the clip's terminals are found (sourceTerminals): a small branching tip (a hand with
  // unroled fingers, a head with eyes) is one anchor; Rigdesk's rigs give fingers roles, so theirs are
  // unchanged. Onto the Robot's own skeleton its 3 palms and their fingers had made 8 hands.
  let anchors: number[] = [];
  {
    const tExtent = extentOf(tgtRest.position, tJoints);
    const tip = (j: number): number => d3(tgtRest.position, tipOf(target.parents, tgtRest.position, j), tgtRest.position, j);
    const visit = (j: number): void => {
      const kids = tTree.children[j].filter((c) => !isEnd(c));
      if (kids.length === 0) { if (j !== tRoot) anchors.push(j); return; }
      if (j !== tRoot && kids.length >= 2 && (tip(j) < SMALL_TIP * tExtent || isHandBranch(kids.map(tip), tExtent))) { anchors.push(j); return; }
      kids.forEach(visit);
    };
    visit(tRoot);
    anchors.sort((x, y) => x - y);
  }
  // The same rule on the target as on the clip: a chain starting where another ends continues it (a rig
  // with IK feet on its root, as the clip's own skeleton has: onto Quaternius' own skeletons the feet were
  // taken for two more limbs and the legs, hips and trunk shifted one joint). Rigdesk's rigs have none.
  const tExtension = new Map<number, { joints: number[]; tip: number }>();
  {
    const tChain = (k: number): number[] => {
      const out = [k];
      for (let p = target.parents[k]; p >= 0 && p !== tRoot && tTree.children[p].filter((c) => !isEnd(c)).length === 1; p = target.parents[p]) out.push(p);
      return out;
    };
    const tips = anchors.map((a) => tipOf(target.parents, tgtRest.position, a));
    const cont = continuedChains(anchors.map((a) => tChain(a).at(-1)!), tips, tgtRest.position, extentOf(tgtRest.position, tJoints));
    cont.forEach((u, i) => { if (u >= 0 && cont[u] < 0) tExtension.set(anchors[u], { joints: tChain(anchors[i]).reverse(), tip: tips[i] }); });
    anchors = anchors.filter((_, i) => cont[i] < 0);
  }
  const biped = tgtRoles.includes('left_hand');
  // Box-centred positions for aligning joints within chains; for matching a biped's chain tips, x and z
  // centred on the root instead (see boxNormalise).
  const tN = boxNormalise(tgtRest.position, tJoints);
  const tTipN = biped ? boxNormalise(tgtRest.position, tJoints, tRoot) : tN;
  const tTip = anchors.map((a) => tExtension.get(a)?.tip ?? tipOf(target.parents, tgtRest.position, a));

  const found = sourceTerminals(src, srcRest.position, animated);
  const { keep, frame } = found;
  const sTree = treeOf(src.parents, (j) => keep[j] === 1);
  const sJoints = [...Array(nS).keys()].filter((j) => keep[j]);
  const sRoot = sJoints.find((j) => src.parents[j] < 0 || !keep[src.parents[j]]) ?? 0;
  /** The chain ending at terminal j: its joints up to (not including) the joint where it branches off. */
  const chainOf = (j: number): number[] => {
    const out = [j];
    for (let k = src.parents[j]; k >= 0 && k !== sRoot && sTree.children[k].length === 1; k = src.parents[k]) out.push(k);
    return out;
  };
  const extent = extentOf(srcRest.position, sJoints);
  // Chains continuing another one from elsewhere in the hierarchy (IK feet on the root) are not limbs of
  // their own: the chain they continue ends where they end (the foot says which way the leg faces) and
  // takes their joints after its own (see continuedChains).
  const allTips = found.terminals.map((j) => tipOf(src.parents, srcRest.position, j));
  const continued = continuedChains(found.terminals.map((j) => chainOf(j).at(-1)!), allTips, srcRest.position, extent);
  const extension = new Map<number, { joints: number[]; tip: number }>();
  continued.forEach((u, i) => { if (u >= 0 && continued[u] < 0) extension.set(found.terminals[u], { joints: chainOf(found.terminals[i]).reverse(), tip: allTips[i] }); });
  const terminals = found.terminals.filter((_, i) => continued[i] < 0);
  const sTip = terminals.map((j) => extension.get(j)?.tip ?? allTips[found.terminals.indexOf(j)]);
  const sides = terminals.map((j) => sideOfChain(src, sTree, sRoot, j));
  // What each source chain is, from its rest pose alone (on the floor, mirrored, highest): see chainKinds.
  const sFloor = Math.min(...frame.map((j) => srcRest.position[j * 3 + 1]));
  const sKinds = chainKinds(sTip, srcRest.position, sRoot, extentOf(srcRest.position, frame), sFloor, terminals);

  // The quarter turn about +Y that fits best decides forward and left.
  const turns: ((x: number, z: number) => [number, number])[] = [(x, z) => [x, z], (x, z) => [z, -x], (x, z) => [-x, -z], (x, z) => [-z, x]];
  // Pairs of matched chains that meet at the root in one skeleton and above it in the other: a quarter
  // turn that lays a quadruped's head and tail onto a biped's arms meets here.
  const topologyConflicts = (placed: [number, number][]): number => {
    if (placed.length < 2) return 0;
    // Each side's hub is where its placed chains meet: on the target too, not its root (a rig whose root
    // is an armature bone above the body, as Quaternius' own skeletons: every pair counted as a conflict).
    const hub = placed.reduce((acc, p) => lca(sTree, acc, p[1]), placed[0][1]);
    const tHub = placed.reduce((acc, p) => lca(tTree, acc, p[0]), placed[0][0]);
    let bad = 0;
    for (let x = 0; x < placed.length; x++)
      for (let y = x + 1; y < placed.length; y++)
        if ((lca(tTree, placed[x][0], placed[y][0]) === tHub) !== (lca(sTree, placed[x][1], placed[y][1]) === hub)) bad++;
    return bad;
  };
  let best: { cost: number; pos: Float64Array; pairs: [number, number, number][] } | null = null;
  for (const [ti, turn] of turns.entries()) {
    const turned = Float64Array.from(srcRest.position);
    for (let j = 0; j < nS; j++) [turned[j * 3], turned[j * 3 + 2]] = turn(srcRest.position[j * 3], srcRest.position[j * 3 + 2]);
    const sN = boxNormalise(turned, frame);
    const sTipN = biped ? boxNormalise(turned, frame, sRoot) : sN;
    const candidates: [number, number, number][] = [];
    anchors.forEach((a, ai) => {
      const side = /^left/.test(tgtRoles[a]) ? 'left' : /^right/.test(tgtRoles[a]) ? 'right' : '';
      terminals.forEach((_, si) => {
        let c = d3(tTipN, tTip[ai], sTipN, sTip[si]);
        if (side && sides[si]) c += sides[si] === side ? -0.05 : 0.3;
        // Biped targets: kinds agreeing let rest poses differ (arms down against a T-pose), disagreeing cost
        // extra (arms hanging beside a chibi with no leg bones are not its legs). Not for creatures: their
        // files' rest frames vary (Quaternius' eagle lies Z-up, its folded wings the lowest chains).
        const tk = biped && KIND_CLASS[targetKind(tgtRoles[a])], sk = KIND_CLASS[sKinds[si]];
        // Squashed below the limit rather than cut at it, so that the nearer of two far chains still wins:
        // cut, Female_Dress' hanging arms tied on the template's T-pose hands and crossed sides.
        if (tk && sk) c = tk === sk ? squash(c) : c + KIND_COST;
        candidates.push([c, ai, si]);
      });
    });
    candidates.sort((x, y) => x[0] - y[0]);
    const usedA = new Set<number>(), usedS = new Set<number>();
    const pairs: [number, number, number][] = [];
    let cost = 0;
    for (const [c, ai, si] of candidates) {
      if (c > MAX_TIP_DISTANCE || usedA.has(ai) || usedS.has(si)) continue;
      usedA.add(ai); usedS.add(si);
      pairs.push([ai, si, c]);
      cost += c;
    }
    // Most files face +Z (glTF's convention): a turn must earn its place.
    cost += (ti ? 0.2 : 0) + MAX_TIP_DISTANCE * (anchors.length - pairs.length) + TOPOLOGY_COST * topologyConflicts(pairs.map(([ai, si]) => [anchors[ai], terminals[si]]));
    if (!best || cost < best.cost - 1e-9) best = { cost, pos: sN, pairs };
  }
  const { pos: sN, pairs } = best!;

  const map = new Int32Array(nT).fill(-1);
  const placedA = new Set(pairs.map((p) => p[0])), placedS = new Set(pairs.map((p) => p[1]));
  const unplacedTargets = anchors.filter((_, ai) => !placedA.has(ai));
  // A leftover source chain counts when it is a limb: two joints or more, reaching a sixth of the body.
  const unplacedSources = terminals.filter((j, si) => {
    if (placedS.has(si)) return false;
    const chain = chainOf(j);
    const base = src.parents[chain[chain.length - 1]];
    return chain.length >= 2 && base >= 0 && d3(srcRest.position, sTip[si], srcRest.position, base) > 0.15 * extent;
  });

  // Key joints: anchors, the target's branch joints between them, and the root.
  for (const [ai, si] of pairs) map[anchors[ai]] = terminals[si];
  const placed = pairs.map(([ai, si]) => [anchors[ai], terminals[si]] as const);
  for (let x = 0; x < placed.length; x++)
    for (let y = x + 1; y < placed.length; y++) {
      const t = lca(tTree, placed[x][0], placed[y][0]);
      const s = lca(sTree, placed[x][1], placed[y][1]);
      if (t >= 0 && s >= 0 && map[t] < 0) map[t] = s;
    }
  if (placed.length === 1) map[tRoot] = map[tRoot] >= 0 ? map[tRoot] : sRoot;
  if (map[tRoot] < 0 && placed.length) {
    // The root takes the clip's hub (the joint its limbs meet at); but a target root above its own hub
    // (an armature's root bone under the hips, on the floor) is the clip's root when the clip has one
    // above its hub too: both carry the whole body, and the hub turning the root as well swung the hips
    // about the floor (KayKit onto its own skeleton: Running_A offset 2.7% of height).
    const sHub = placed.reduce((acc, p) => lca(sTree, acc, p[1]), placed[0][1]);
    const tHub = placed.reduce((acc, p) => lca(tTree, acc, p[0]), placed[0][0]);
    map[tRoot] = tHub !== tRoot && sHub !== sRoot && isAncestor(sTree, sRoot, sHub) ? sRoot : sHub;
  }
  // A source branch joint hanging straight from its mapped ancestor (a Kenney `torso` on the root, at hip
  // height) pivots wherever it sits: it drives the target joint of that segment nearest to it, not
  // only the target's branch joint (the chest), so the whole trunk bends with it.
  for (let k = 0; k < nT; k++) {
    if (k === tRoot || map[k] < 0 || anchors.includes(k)) continue;
    let a = target.parents[k];
    while (a >= 0 && map[a] < 0) a = target.parents[a];
    if (a < 0 || src.parents[map[k]] !== map[a]) continue;
    const seg = [...between(tTree, a, k), k];
    const near = seg.reduce((b, j) => (d3(tN, j, best!.pos, map[k]) < d3(tN, b, best!.pos, map[k]) ? j : b), k);
    // The branch joint keeps it too (the same world rotation as following its parent), so that no limb
    // joint is aligned into it later.
    if (near !== k) map[near] = map[k];
  }

  // Joints between key joints: an ordered alignment on position and arc length (gaps allowed). A chain's
  // end joint aligns too (a dragon's 4-joint tail on the template's 1-joint tail takes the first, not the tip).
  const anchorSet = new Set(anchors);
  const keyT = [...Array(nT).keys()].filter((k) => map[k] >= 0);
  for (const k of keyT) {
    let a = target.parents[k];
    while (a >= 0 && map[a] < 0) a = target.parents[a];
    if (a < 0 || !isAncestor(sTree, map[a], map[k]) || map[a] === map[k]) continue;
    const tIn = between(tTree, a, k), sIn = between(sTree, map[a], map[k]);
    if (anchorSet.has(k)) {
      const s = map[k], ext = extension.get(s), tExt = tExtension.get(k);
      map[k] = -1;
      const sList = [...sIn, s, ...(ext?.joints ?? [])];
      const tList = [...tIn, k, ...(tExt?.joints ?? [])];
      // Chains of three joints or more are measured to their last joints, not their mesh ends: a KayKit
      // hand slot's end, set by the sword or shield it holds (0.13-0.39 H off the arm's line), skewed where
      // every arm joint lay along the arm and shifted the right arm one joint up. Shorter chains (a Kenney
      // one-bone leg) need the mesh end: the joint alone has no length; so does a chain ending in a hand
      // taken whole (the Robot's elbow, which its fingers continue: measured to it, shape 9.2 -> 10.9) and a
      // leg an IK foot continues (the Robot's legs measured to the foot joint: 9.2 -> 9.9). Biped targets
      // only: on the Dragon's and Eagle's wings it moved shape 9.71 -> 9.72 and 0.29 -> 0.31.
      const sLast = sList[sList.length - 1];
      const long = biped && !ext && !tExt && sList.length >= 3 && tIn.length >= 2 && sTree.children[sLast].length === 0;
      alignSegment(tList, sList, a, long ? k : tExt?.tip ?? tipOf(target.parents, tgtRest.position, k), map, tN, sN, map[a], long ? sLast : ext?.tip ?? tipOf(src.parents, srcRest.position, s));
    } else alignSegment(tIn, sIn, a, k, map, tN, sN, map[a], map[k]);
  }
  let mismatch = '';
  if (unplacedSources.length) {
    const has = new Map<string, number>(), needs = new Map<string, number>();
    for (const a of anchors) needs.set(targetKind(tgtRoles[a]), (needs.get(targetKind(tgtRoles[a])) ?? 0) + 1);
    const limbs = terminals.filter((j, si) => placedS.has(si) || unplacedSources.includes(j));
    const kinds = chainKinds(limbs.map((j) => sTip[terminals.indexOf(j)]), srcRest.position, map[tRoot] >= 0 ? map[tRoot] : sRoot, extent, undefined, limbs);
    kinds.forEach((kind) => has.set(kind, (has.get(kind) ?? 0) + 1));
    const missing = [...needs.keys()].filter((k) => !has.has(k));
    const plan = tgtRoles.includes('left_hand') ? 'a biped' : 'this body plan';
    mismatch = `the clip has ${describe(has)}${missing.length ? ` and no ${missing.map((m) => `${m}s`).join(' or ')}` : ''}; ${plan} needs ${describe(needs)}`;
  }
  return { map, unplacedTargets, unplacedSources, mismatch };
}

/**
 * Kinds of the clip's chains from their tips, whichever way the clip faces: on the floor a leg; a tip
 * with a mirror partner (same height, same distance from the hub's vertical) an arm; of the rest the
 * highest the head, the others tails. `floorY`: the skeleton's floor when known (else the lowest tip: a
 * skeleton with no leg bones would have its lowest arms called legs). `ends`: each chain's last joint; two
 * chains of which these mirror each other mirror too, whatever they hold (the Barbarian's hand slots sit
 * at 0.40 H either side, while the axe and shield they carry end 0.47 and 0.63 H from its axis).
 */
function chainKinds(tips: number[], pos: Float64Array, hub: number, extent: number, floorY?: number, ends?: number[]): string[] {
  const floor = floorY ?? Math.min(...tips.map((t) => pos[t * 3 + 1]));
  const y = (t: number): number => pos[t * 3 + 1];
  const r = (t: number): number => Math.hypot(pos[t * 3] - pos[hub * 3], pos[t * 3 + 2] - pos[hub * 3 + 2]);
  const kinds: string[] = tips.map((t) => (y(t) - floor < 0.08 * extent ? 'leg' : ''));
  tips.forEach((a, i) => {
    if (kinds[i]) return;
    const mirrors = (p: number, q: number): boolean => Math.abs(y(p) - y(q)) < MIRROR * extent && Math.abs(r(p) - r(q)) < MIRROR * extent && d3(pos, p, pos, q) > 0.3 * r(p);
    const partner = tips.findIndex((b, k) => k !== i && kinds[k] !== 'leg' && (mirrors(a, b) || (ends !== undefined && mirrors(ends[i], ends[k]))));
    if (partner >= 0) kinds[i] = kinds[partner] = 'arm';
  });
  const rest = tips.filter((_, i) => !kinds[i]);
  const top = rest.length ? rest.reduce((a, b) => (y(b) > y(a) ? b : a)) : -1;
  return tips.map((t, i) => kinds[i] || (t === top ? 'head' : 'tail'));
}

function alignSegment(tIn: number[], sIn: number[], tA: number, tB: number, map: Int32Array, tN: Float64Array, sN: Float64Array, sA: number, sB: number): void {
  if (!tIn.length || !sIn.length) return;
  // Where each joint lies along the segment: its projection on the segment's direction (first joint to
  // end), from the joint above the segment (0) to the end (1). Arc length from that joint misled on a
  // Kenney leg hanging from a root on the floor; box positions misled on a chibi's short legs.
  const along = (chain: number[], pos: Float64Array, a: number, b: number): number[] => {
    const o = chain[0] * 3, d = [pos[b * 3] - pos[o], pos[b * 3 + 1] - pos[o + 1], pos[b * 3 + 2] - pos[o + 2]];
    const dot = (j: number): number => (pos[j * 3] - pos[a * 3]) * d[0] + (pos[j * 3 + 1] - pos[a * 3 + 1]) * d[1] + (pos[j * 3 + 2] - pos[a * 3 + 2]) * d[2];
    const span = dot(b);
    return chain.map((j) => (Math.abs(span) < 1e-12 ? 0 : Math.min(1, Math.max(0, dot(j) / span))));
  };
  const tu = along(tIn, tN, tA, tB), su = along(sIn, sN, sA, sB);
  const cost = (i: number, j: number): number => d3(tN, tIn[i], sN, sIn[j]) + ALONG_WEIGHT * Math.abs(tu[i] - su[j]);
  // Edit-distance style table: D[i][j] = best cost aligning the first i target and j source joints.
  // Every source joint is used when the target chain has room for it: a chibi's one-bone leg must drive
  // the thigh even though its joint sits far from the template's (positions alone left it out).
  const m = tIn.length, n = sIn.length;
  const srcGap = n <= m ? Infinity : GAP_COST;
  const D = Array.from({ length: m + 1 }, (_, i) => new Float64Array(n + 1).fill(0).map((_, j) => (i === 0 ? (j ? j * srcGap : 0) : j === 0 ? i * GAP_COST : 0)));
  for (let i = 1; i <= m; i++)
    for (let j = 1; j <= n; j++) D[i][j] = Math.min(D[i - 1][j - 1] + cost(i - 1, j - 1), D[i - 1][j] + GAP_COST, D[i][j - 1] + srcGap);
  for (let i = m, j = n; i > 0 && j > 0; ) {
    if (D[i][j] === D[i - 1][j - 1] + cost(i - 1, j - 1)) { map[tIn[i - 1]] = sIn[j - 1]; i--; j--; }
    else if (D[i][j] === D[i - 1][j] + GAP_COST) i--;
    else j--;
  }
}
