/**
 * Biped tails (kaiju, lizard-folk, upright dragons, furries): an extremity left over after the feet, head
 * and hands are labelled, leaving the pelvis backwards or downwards-backwards, gets the quadruped's tail
 * chain `Tail -> Tail1 -> Tail2 -> Tail3 -> Tail_End` (parent Hips; `tail-chain.ts`). No such extremity: no tail joints at all, so
 * tail-less characters keep exactly the 25-joint rig.
 *
 * Test for a tail (all in the fit's normalised frame, H = height, facing +Z):
 * - the tip lies at least TAIL_MIN_BACK behind the pelvis root, no higher than TAIL_MAX_RISE above it, and more
 *   behind than to the side;
 * - walking the medial path from the tip towards the torso, the point where it comes within TAIL_ENTRY_BACK
 *   of the pelvis's depth is at pelvis height (between a little under the crotch and a little over the
 *   root), so a backpack, a cape hem or a hood hanging from the shoulders is not taken for a tail.
 *
 * Notes (extremities measured on the corpus with the fast grid, /H behind the pelvis root):
 * - KayKit boots' heels and the backs of the thighs stand 0.1-0.15 behind; the Mage's robe tips 0.3-0.35
 *   behind but at chest height (tip above the root); the synthetic biped's backpack 0.14 behind at chest
 *   height; the kaiju's tail 1.35 behind, tip at 0.13 of the height. A tail hanging straight down (no
 *   backwards reach) is not detected: from the pelvis down it cannot be told from a loincloth or a robe.
 * - A tail reaches out of the pelvis: from its root joint to its medial tip the real tails and the synthetic
 *   theropods' measure 0.75-1.42 H (kaiju 1.36-1.42, synthetic theropods 0.75-0.80; the Banana's curved
 *   body's end, taken for a tail, 0.56-0.58). Shorter than TAIL_MIN_LENGTH it is a bump on the back (KayKit's
 *   arms-down character, pro: 0.036 H, a bulge at the back of its body at 0.56 H), which a chain of four
 *   joints cannot bend: no tail.
 * - The root joint where the path crosses the back of the pelvis (one inside radius behind the root):
 *   limbRootS (where the path's radius grows past 1.5 limb radii, used for quadrupeds) lands far down a
 *   conical tail such as the kaiju's, whose base is as thick as its thighs.
 */
import type { Branch } from './curve-skeleton';
import type { Volume } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { at, medialTipS, radiusAt } from './fit-common';
import { placeTailChain } from './tail-chain';

/** The tail tip's minimum distance behind the pelvis root (fraction of the height). */
const TAIL_MIN_BACK = 0.25;
/**
 * The tail tip may rise at most this far above the pelvis root (fraction of the height). A theropod holds its
 * tail level, and the pelvis root the fit finds can lie 0.05-0.1 H under the tail's root: at 0.05 H, 13 of 60
 * random theropods' level tails (eval:theropod-sweep seeds 41-100, fast; 2 of seeds 1-40) were no tail and the
 * rig had none. What the limit keeps out stands higher: a robe's or cape's tips at chest height, 0.2 H and more
 * above the root (the Mage's). At 0.15 no corpus character, no biped of the sweep with extras and no
 * failure-class shape gains a tail.
 */
const TAIL_MAX_RISE = 0.15;
/** The path "reaches the body" where it comes within this distance behind the pelvis root (fraction of H). */
const TAIL_ENTRY_BACK = 0.1;
/** Where the path reaches the body: from this far below the crotch to this far above the root (fraction of H). */
const ENTRY_BELOW_CROTCH = 0.1;
const ENTRY_ABOVE_HIPS = 0.2;
/** A tail's chain, root joint to medial tip, is at least this long (fraction of H); shorter is a bump. */
const TAIL_MIN_LENGTH = 0.1;

/**
 * The tail among the extremities not labelled as feet, head or hands, or null. `hips` is the pelvis root,
 * `crotchY` the crotch height (normalised units).
 */
export function findTail(rest: readonly Branch[], hips: Vec3, crotchY: number, H: number): Branch | null {
  let best: Branch | null = null;
  let bestBack = 0;
  for (const b of rest) {
    const tip = at(b.path, 0);
    const back = hips[2] - tip[2];
    if (back < TAIL_MIN_BACK * H) continue;
    if (tip[1] > hips[1] + TAIL_MAX_RISE * H) continue;
    if (Math.abs(tip[0] - hips[0]) > 0.5 * back) continue;
    // A path that ends (at the torso centre) before reaching the pelvis's depth enters the body at its end:
    // a level torso's centre can lie behind the hip joints (the synthetic theropod's, 0.1 H behind).
    let sEntry = b.path.findS((_x, _y, z) => z >= hips[2] - TAIL_ENTRY_BACK * H);
    if (sEntry < 0) sEntry = b.path.length;
    const yEntry = at(b.path, sEntry)[1];
    if (yEntry < crotchY - ENTRY_BELOW_CROTCH * H || yEntry > hips[1] + ENTRY_ABOVE_HIPS * H) continue;
    if (back > bestBack) {
      best = b;
      bestBack = back;
    }
  }
  return best;
}

/**
 * Places Tail at the back of the pelvis (one inside radius behind the root, along the tail's medial path),
 * the other deforming tail joints evenly to 0.9 of the way to the medial tip, Tail_End at the medial tip
 * (`placeTailChain`). `centreX` (mirror-symmetric shapes) puts the chain on the mid-plane. False, and
 * nothing placed, when the chain would be shorter than TAIL_MIN_LENGTH: a bump, not a tail.
 */
export function placeTail(js: JointSet, vol: Volume, tail: Branch, hips: Vec3, centreX: number | null): boolean {
  const P = tail.path;
  const sTip = medialTipS(P);
  const rPelvis = radiusAt(vol, hips[0], hips[1], hips[2]);
  let sRoot = P.findS((_x, _y, z) => z >= hips[2] - rPelvis);
  if (sRoot < 0 || sRoot <= sTip) sRoot = P.length;
  const root = at(P, sRoot), tip = at(P, sTip);
  if (Math.hypot(root[0] - tip[0], root[1] - tip[1], root[2] - tip[2]) < TAIL_MIN_LENGTH * (vol.max[1] - vol.min[1])) return false;
  placeTailChain(js, P, sRoot, sTip, centreX);
  return true;
}
