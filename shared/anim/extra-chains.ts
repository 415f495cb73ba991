/**
 * Structural rules telling a skeleton's limbs from the other chains a clip file carries, from rest pose
 * and hierarchy alone (names are meaningless here). Used by structural-map.ts; figures are in fractions
 * of the skeleton's extent (its largest axis span), measured on the corpus (eval:retarget --anonymous).
 */

/** A finger is shorter than this fraction of the extent (Quaternius Robot: 0.05-0.11; the shortest leg or head in the corpus, a Kenney mini's, over 0.2). */
export const FINGER_SPAN = 0.15;
/**
 * Two joints closer than this fraction of the extent are one place. Quaternius' IK feet (Female_Dress,
 * Robot, Pig) hang from the root starting exactly where their lower legs end (0.000 apart).
 */
export const SAME_PLACE = 0.01;

function dist(pos: Float64Array, a: number, b: number): number {
  return Math.hypot(pos[a * 3] - pos[b * 3], pos[a * 3 + 1] - pos[b * 3 + 1], pos[a * 3 + 2] - pos[b * 3 + 2]);
}

/**
 * A branch whose three or more child chains are all finger-short is a hand (or a head with eyes and
 * jaw): one chain end, not several limbs. Measured from each child, not from the branching joint: the
 * Robot's hands branch at the elbow, a forearm's length (0.41) from their finger tips, so a span taken
 * from the branch counted its 3 fingers and thumb as 4 arms per side.
 * `childSpans`: per child, the distance from it to the farthest joint below it.
 */
export function isHandBranch(childSpans: number[], extent: number): boolean {
  return childSpans.length >= 3 && childSpans.every((s) => s < FINGER_SPAN * extent);
}

/**
 * Chains that continue another chain from elsewhere in the hierarchy: their first joint sits where
 * another chain's tip is (an IK foot parented to the root at its lower leg's end, so that it can stay
 * planted). Such a chain is a part of that limb, not a limb of its own: left in, it took the foot's
 * place and the real leg was left over (Female_Dress, Robot, Pig). The Pig's `Hips` -> `Torso` starts
 * where its `Back` ends (0.000 apart) and continues it the same way.
 * Returns, per chain, the index of the chain it continues, or -1.
 */
export function continuedChains(firsts: number[], tips: number[], pos: Float64Array, extent: number): number[] {
  return firsts.map((f, i) => tips.findIndex((t, k) => k !== i && firsts[k] !== f && dist(pos, f, t) < SAME_PLACE * extent));
}
