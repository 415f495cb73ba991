/**
 * Which horizontal direction a shape faces, from its geometry, and the rotation_y that turns it to +Z.
 * The cue depends on the body plan:
 * - biped: toes point forward of the ankles;
 * - quadruped, avian: the toes, as for bipeds, when two or more feet stand and reach forward at least
 *   MIN_TOE_REACH on average: paws, hooves and bird feet point forward (toe tip ahead of the leg at 0.12 H:
 *   0 A.D.'s quadrupeds 0.04-0.28 H on 22 of 35, none further back than 0.02 H but the woolly sheep; every
 *   random quadruped of eval:quadruped-sweep 0.06-0.27, random birds 0.04-0.22 on 55 of 60 (one 0.006 H
 *   behind); corpus fox and horse 0.07, bird-base 0.34, the Mesh2Motion dragon 0.14). Otherwise, of the
 *   extremities at the body's two ends (not feet or wings), the one thickest at 0.3 of its length from its
 *   tip is the head (a skull and jaws; tails, ears and horns are thin there: corpus head / tail radius
 *   Quaternius Pig 0.088 / 0.021, fox 0.066 / 0.045, horse 0.048 / 0.029). The highest extremity, used
 *   before, was the Pig's curled tail above its lowered snout (180 suggested). The thickness alone, before
 *   the toes (session 26), read a bump on the rump or a bushy tail as the head: 0 A.D.'s fox, wolf,
 *   wolfhound and hippo and 11 of 60 random quadrupeds turned by 180 (toes first: facing right with the
 *   quadruped plan on 27 -> 31 of 35 and 49 -> 60 of 60; random birds 53 -> 58, 0 A.D.'s birds 2 -> 4 of
 *   5; the corpus's 7 unchanged). A single "foot" is no stance (a flying hawk's tail touching the floor);
 * - serpentine, aquatic: the thickest point of the body is nearer the head than the tail;
 * - hexapod, octopod: the thickest point is the abdomen, behind the legs;
 * - others: no front, null.
 * Legged and winged plans face across their lateral axis (where feet pair up, else the widest direction:
 * arms, wings and splayed legs spread sideways); snakes and fish face along their long axis.
 */
import type { RigType } from './types';
import type { ShapeFeatures, Tip } from './shape-features';
import { lateralPair } from './plan-scores';
import { MIN_TOE_REACH } from './facing';

/** Facing in degrees about +Y, 0 = +Z, 90 = +X (the convention of FitResult.facingDeg), or null. */
export function shapeFacingDeg(plan: RigType, f: ShapeFeatures): number | null {
  if (plan === 'others') return null;
  const legged = plan !== 'serpentine' && plan !== 'aquatic';
  const fwd: 0 | 2 = legged ? (f.lateralAxis === 0 ? 2 : 0) : f.longAxis;
  const sign = facingSign(plan, f, fwd);
  if (sign === 0) return null;
  if (fwd === 2) return sign > 0 ? 0 : 180;
  return sign > 0 ? 90 : -90;
}

function facingSign(plan: RigType, f: ShapeFeatures, fwd: 0 | 2): number {
  switch (plan) {
    case 'biped':
      return Math.sign(toeOffset(f, fwd));
    case 'quadruped':
    case 'avian': {
      const toes = f.feet.length >= 2 ? toeOffset(f, fwd) : 0;
      if (toes !== 0) return Math.sign(toes);
      const wings: Tip[] = plan === 'avian' ? lateralPair(f, 0.15 * f.height) ?? [] : [];
      const rest = f.tips.filter((t) => !f.feet.includes(t) && !wings.includes(t));
      if (rest.length === 0) return Math.sign(toeOffset(f, fwd));
      // Head and tail are the body's ends: a bump on the back (a saddle, a mane) is neither.
      const extent = fwd === 0 ? f.extentX : f.extentZ;
      const ends = rest.filter((t) => Math.abs(t.p[fwd]) >= 0.3 * extent);
      const thick = (t: Tip): number => t.branch.path.radiusAt(0.3 * t.branch.path.length);
      const top = ends.length ? ends.reduce((a, b) => (thick(b) > thick(a) ? b : a)) : rest.reduce((a, b) => (b.p[1] > a.p[1] ? b : a));
      return Math.abs(top.p[fwd]) > 2 * f.voxel ? Math.sign(top.p[fwd]) : Math.sign(toeOffset(f, fwd));
    }
    case 'serpentine':
    case 'aquatic':
      return Math.abs(f.centre[fwd]) > f.voxel ? Math.sign(f.centre[fwd]) : 0;
    case 'hexapod':
    case 'octopod':
      return Math.abs(f.centre[fwd]) > f.voxel ? -Math.sign(f.centre[fwd]) : 0;
    default:
      return 0;
  }
}

/**
 * Sum over the feet of how far each toe tip lies ahead of its leg just above the ankle; 0 when the feet
 * reach less than MIN_TOE_REACH ahead or behind on average (facing.ts: blob feet show no front).
 */
function toeOffset(f: ShapeFeatures, fwd: 0 | 2): number {
  let sum = 0, n = 0;
  for (const t of f.feet) {
    const P = t.branch.path;
    const s = P.findS((_x, y) => y >= 0.12 * f.height);
    if (s < 0) continue;
    const q = P.pointAt(s);
    sum += t.p[fwd] - q[fwd];
    n++;
  }
  return Math.abs(sum) > Math.max(f.voxel, MIN_TOE_REACH * f.height * n) ? sum : 0;
}

/**
 * The rotation_y that makes a model facing `facingDeg` (after `rotationY` was applied) face +Z: spec 4.1
 * rule 3 (-90 for +X, 90 for -X, 180 for -Z), the same arithmetic as facing.ts's warning, in (-180, 180].
 */
export function rotationToFaceZ(facingDeg: number, rotationY: number): number {
  const snapped = Math.round(facingDeg / 90) * 90;
  const fix = ((((rotationY - snapped) % 360) + 540) % 360) - 180;
  return fix === -180 ? 180 : fix;
}
