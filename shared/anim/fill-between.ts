/**
 * Joints names leave out between two joints names matched: Quaternius' spine is `Hips` -> `Abdomen` ->
 * `Torso` -> `Neck`, and no alias table knows `Abdomen` or `Torso` (the multileg template's `Abdomen` is a
 * spider's), so onto a Rigdesk `Spine` -> `Spine1` -> `Spine2` the whole trunk followed the hips and the
 * shoulders were carried rigidly with them. Names settle both ends of such a stretch; the joints between
 * are matched along it as structural-map.ts matches a chain's inner joints: each joint's place along the
 * stretch (its projection on the line from the upper matched joint to the lower, 0 to 1), aligned in order,
 * every source joint used while the target has room for it.
 * Rests on: the joints strictly between two corresponding joints of two skeletons are the same stretch of
 * the body in both (a chain has no branch in between to go elsewhere).
 */
import type { Skeleton } from '../rig/skeleton';
import type { WorldPose } from './pose';

/** Cost of leaving a joint out (fraction of the stretch). */
const GAP = 0.35;

function along(chain: number[], pos: Float64Array, a: number, b: number): number[] {
  const d = [0, 1, 2].map((c) => pos[b * 3 + c] - pos[a * 3 + c]);
  const span = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  return chain.map((j) => {
    if (span < 1e-18) return 0;
    const t = ((pos[j * 3] - pos[a * 3]) * d[0] + (pos[j * 3 + 1] - pos[a * 3 + 1]) * d[1] + (pos[j * 3 + 2] - pos[a * 3 + 2]) * d[2]) / span;
    return Math.min(1, Math.max(0, t));
  });
}

/** Joints strictly between ancestor a and descendant d (top down), or null when a is not above d. */
function between(parents: ArrayLike<number>, a: number, d: number): number[] | null {
  const out: number[] = [];
  let k = parents[d];
  while (k >= 0 && k !== a) { out.push(k); k = parents[k]; }
  return k === a ? out.reverse() : null;
}

/**
 * Fills `map` (target joint -> source joint, -1 none) for unmatched target joints lying between a matched
 * joint and its nearest matched ancestor, from the unmatched source joints between their sources.
 * `skip(k)`: target joints never filled (end markers). Returns how many joints it filled.
 */
export function fillBetween(src: Skeleton, target: Skeleton, srcRest: WorldPose, tgtRest: WorldPose, map: Int32Array, skip: (k: number) => boolean): number {
  const used = new Set(Array.from(map).filter((s) => s >= 0));
  let filled = 0;
  for (let k = 0; k < target.names.length; k++) {
    if (map[k] < 0 || skip(k)) continue;
    let a = target.parents[k];
    while (a >= 0 && map[a] < 0) a = target.parents[a];
    if (a < 0 || map[a] === map[k]) continue;
    const tIn = between(target.parents, a, k)!.filter((j) => !skip(j));
    const sIn = between(src.parents, map[a], map[k]);
    if (!tIn.length || !sIn?.length || sIn.some((s) => used.has(s))) continue;
    const tu = along(tIn, tgtRest.position, a, k), su = along(sIn, srcRest.position, map[a], map[k]);
    const m = tIn.length, n = sIn.length;
    const srcGap = n <= m ? Infinity : GAP;
    const D = Array.from({ length: m + 1 }, (_, i) => Float64Array.from({ length: n + 1 }, (_, j) => (i === 0 ? (j ? j * srcGap : 0) : j === 0 ? i * GAP : 0)));
    const cost = (i: number, j: number): number => Math.abs(tu[i] - su[j]);
    for (let i = 1; i <= m; i++)
      for (let j = 1; j <= n; j++) D[i][j] = Math.min(D[i - 1][j - 1] + cost(i - 1, j - 1), D[i - 1][j] + GAP, D[i][j - 1] + srcGap);
    for (let i = m, j = n; i > 0 && j > 0; ) {
      if (D[i][j] === D[i - 1][j - 1] + cost(i - 1, j - 1)) { map[tIn[i - 1]] = sIn[j - 1]; used.add(sIn[j - 1]); filled++; i--; j--; }
      else if (D[i][j] === D[i - 1][j] + GAP) i--;
      else j--;
    }
  }
  return filled;
}

/**
 * Joints names leave out below a matched joint whose limb goes on as one chain in both skeletons:
 * Quaternius' hands are `Palm.L`, which no alias table knows, so a Rigdesk `LeftHand` followed the forearm
 * rigidly. Rests on: a matched joint's only child in the target and its only child in the clip (end
 * markers and other matched joints aside) continue the same limb. Repeated down while both stay single.
 * `skip(k)`: target joints never filled (end markers); `srcEnd(s)`: source end markers (unkeyed leaves).
 */
export function fillOnlyChildren(src: Skeleton, target: Skeleton, map: Int32Array, skip: (k: number) => boolean, srcEnd: (s: number) => boolean): number {
  const used = new Set(Array.from(map).filter((s) => s >= 0));
  const kids = (parents: ArrayLike<number>, n: number): number[][] => {
    const out: number[][] = Array.from({ length: n }, () => []);
    for (let j = 0; j < n; j++) if (parents[j] >= 0) out[parents[j]].push(j);
    return out;
  };
  const tKids = kids(target.parents, target.names.length), sKids = kids(src.parents, src.names.length);
  let filled = 0;
  for (let k = 0; k < target.names.length; k++) {
    if (map[k] < 0 || skip(k)) continue;
    for (let t = k, s = map[k]; ; ) {
      const tc = tKids[t].filter((c) => !skip(c));
      const sc = sKids[s].filter((c) => !srcEnd(c));
      if (tc.length !== 1 || sc.length !== 1 || map[tc[0]] >= 0 || used.has(sc[0])) break;
      map[tc[0]] = sc[0];
      used.add(sc[0]);
      filled++;
      t = tc[0]; s = sc[0];
    }
  }
  return filled;
}
