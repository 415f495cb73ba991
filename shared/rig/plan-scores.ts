/**
 * How well each body plan fits a shape, in [0, 1], from the layout of its extremities (shape-features.ts).
 * Heuristics, each a product of soft indicators, so one missing cue lowers a score without zeroing it:
 * - biped: two feet (or one blob: a long dress), taller than wide, a head above the feet, a limb out to each side;
 * - quadruped: four paired feet spread along a body that is longer than tall and held off the floor;
 * - hexapod / octopod: six / eight paired feet under a flat body;
 * - avian: two thin limbs spanning the widest direction (wings) and reaching far from the body, on a flat shape, at most two feet;
 *   or, whatever the body's attitude and up to four feet, two such limbs that are sheets in cross-section (membranes,
 *   feather fans: wings, not arms or legs, which also lowers biped and quadruped) with nothing as flat reaching as
 *   far to the front or back (a hat's brim);
 * - serpentine: low and thin compared with its length;
 * - aquatic: a thick body, elongated in its volume (not only its fins), lying on the floor (no legs), with extremities at both ends;
 * - others: a constant floor, so a shape that fits nothing well is 'others'.
 */
import type { RigType } from './types';
import type { ShapeFeatures, Tip } from './shape-features';

export const OTHERS_SCORE = 0.3;

export function soft(x: number, lo: number, hi: number): number {
  return Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
}

/** 1 for exactly k, 0.5 one off, 0 beyond. */
export function countMatch(n: number, k: number): number {
  return Math.max(0, 1 - Math.abs(n - k) / 2);
}

/** The most lateral tip on each side of the mid-plane (along `f.lateralAxis`), above `minY`, not a foot. */
export function lateralPair(f: ShapeFeatures, minY: number): [Tip, Tip] | null {
  const a = f.lateralAxis;
  const extent = a === 0 ? f.extentX : f.extentZ;
  const side = (sign: number): Tip | null => {
    let best: Tip | null = null;
    for (const t of f.tips) {
      if (f.feet.includes(t) || t.p[1] < minY || sign * t.p[a] < 0.35 * extent) continue;
      if (!best || sign * t.p[a] > sign * best.p[a]) best = t;
    }
    return best;
  };
  const pos = side(1), neg = side(-1);
  return pos && neg ? [pos, neg] : null;
}

export function scoreBodyPlans(f: ShapeFeatures): Record<RigType, number> {
  const n = f.feet.length;
  const H = Math.max(f.height, 1e-9);
  const la = f.longAxis;
  const other = la === 0 ? 2 : 0;
  const paired = f.pairedShare;
  const feetMid = n ? [f.feet.reduce((s, t) => s + t.p[0], 0) / n, f.feet.reduce((s, t) => s + t.p[2], 0) / n] : [0, 0];

  // Taller than wide across the shoulders (a tail makes a biped long front to back, not wide).
  const tall = soft(H / (f.lateralAxis === 0 ? f.extentX : f.extentZ), 0.5, 0.9);
  const head = f.tips.some((t) => !f.feet.includes(t) && t.p[1] >= 0.8 * H && Math.hypot(t.p[0] - feetMid[0], t.p[2] - feetMid[1]) < 0.35 * H);
  const arms = lateralPair(f, 0.25 * H) !== null;

  const wings = lateralPair(f, 0.15 * H);
  const thinWings = wings !== null && wings.every((t) => t.branch.path.radiusAt(0.3 * t.branch.path.length) <= 0.5 * f.bodyRadius);
  // Wings reach far from the body: 4.4-12.4 body radii from its centre on the corpus (Eagle 4.4, Quaternius
  // Dragon 5.1, Mesh2Motion bird 8.0 and dragon 11.8); the Slime's side lobes, 1.5, made it an avian.
  const wingReach = wings ? Math.min(...wings.map((t) => Math.abs(t.p[f.lateralAxis] - f.centre[f.lateralAxis]))) / f.bodyRadius : 0;
  // Membrane wings: both lateral extremities are sheets in section (Tip.sheet: width / thickness 3.6-10.1 on
  // the corpus's winged bodies, reaching 4.4-11.8 body radii; every other lateral pair reaching 3 radii or
  // more 1.0-1.4: adult humans, the synthetic bipeds and robot, the synthetic bird's and insects' capsule
  // wings) and reach beyond 3 body radii (the flat things on chibis reach 2.7 at most: the KayKit
  // characters' hand-slot props 2.5-5.8 at 2.6-2.7, the Mage's hat brim 7.2 / 6.7 at 2.1). They tell a
  // winged body standing upright (Quaternius Dragon, Eagle) or on four legs (Mesh2Motion dragon) from a
  // biped with arms.
  // Wings are a pair; a disc (a hat's brim) is flat all round: another sheet extremity within 0.15 H of the
  // wing tips' height reaches to the front or back 0.7 or more of the lateral pair's reach (the Mage's brim
  // 1.03-1.07, the KayKit props 0.97-1.58, synthetic brims 1.0-1.1; the winged bodies at most 0.48, the
  // Eagle's feathers, over four rotations).
  const fwd = f.lateralAxis === 0 ? 2 : 0;
  const disc = wings !== null && f.tips.some((t) => !wings.includes(t) && t.sheet >= 2 &&
    Math.abs(t.p[1] - 0.5 * (wings[0].p[1] + wings[1].p[1])) < 0.15 * H && Math.abs(t.p[fwd] - f.centre[fwd]) >= 0.7 * wingReach * f.bodyRadius);
  const membrane = wings && thinWings && !disc ? soft(Math.min(...wings.map((t) => t.sheet)), 2, 3) * soft(wingReach, 3, 4) : 0;
  const notWinged = 1 - 0.5 * membrane;
  // No separate feet (one floor blob, or none) is still a biped in a long dress or robe.
  const biped = Math.max(countMatch(n, 2), n <= 1 ? 0.5 : 0) * (0.4 + 0.6 * tall) * (head ? 1 : 0.6) * (arms ? 1 : 0.7) * notWinged;

  const along = f.feet.map((t) => t.p[la]);
  const spread = n ? (Math.max(...along) - Math.min(...along)) / f.long : 0;
  const held = soft(f.clearance, 0.1, 0.3);
  const quadruped = countMatch(n, 4) * (0.4 + 0.6 * soft(f.long / H, 1.2, 1.8)) * soft(spread, 0.15, 0.35) * (0.2 + 0.8 * held) * (0.5 + 0.5 * paired) * notWinged;

  const flat = soft(f.long / H, 1.5, 2.5);
  const multileg = (k: number): number => countMatch(n, k) * (0.4 + 0.6 * flat) * (0.5 + 0.5 * paired);

  // Six or eight feet with membrane wings are an insect's (hexapod, octopod).
  const avian = Math.max((thinWings ? 1 : 0) * soft(wingReach, 2, 4) * (0.3 + 0.7 * flat) * (n <= 2 ? 1 : n === 3 ? 0.5 : 0.2), membrane * (n <= 4 ? 1 : 0.2));

  const serpentine = soft(0.25 - H / f.long, 0, 0.12) * soft(0.08 - f.bodyRadius / f.long, 0, 0.035) * (thinWings ? 0.3 : 1);

  const limbs = f.tips.filter((t) => !f.feet.includes(t)).sort((a, b) => b.prominence - a.prominence).slice(0, 2);
  const atEnd = (sign: number): boolean => limbs.some((t) => sign * t.p[la] >= 0.35 * f.long && Math.abs(t.p[other]) < 0.15 * f.long);
  const ends = atEnd(1) && atEnd(-1);
  const aquatic = soft(f.bodyRadius / f.long, 0.05, 0.08) * (1 - soft(f.clearance, 0.12, 0.3)) * soft(f.long / H, 1.5, 2.2) * (n <= 4 ? 1 : 0) * (ends ? 1 : 0.2) * soft(f.volumeAspect, 1.3, 1.8);

  return {
    biped, quadruped, hexapod: multileg(6), octopod: multileg(8), avian, serpentine, aquatic, others: OTHERS_SCORE,
  };
}
