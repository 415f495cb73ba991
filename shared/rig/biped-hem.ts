/**
 * A hem taken for the crotch: a dress or a skirt closed over the legs shows the legs only below its hem, so
 * the space between them ends at the hem and the crotch is found there (issue 13's first failure class: hips
 * at 0.18 H instead of about 0.5 H). What tells a hem from a crotch is the body just above it: over a crotch
 * the thigh goes on up into the hip (the section above the crotch, from the leg's axis outwards, forwards
 * and backwards, is about the thigh's), over a hem the garment stands out over the leg in every direction
 * and its section is many times the legs' (a dress leaves room to walk). Under a hem the hips are placed
 * from the body's proportions (HIP_OF_HEAD) and the fit says so; the feet and ankles stay the legs' own.
 */
import type { Branch } from './curve-skeleton';
import type { FitResult } from './fit-common';
import { fitHipsOverShoulderHeight, MAX_HIPS_OVER_SHOULDER_HEIGHT, MIN_HIPS_OVER_SHOULDER_HEIGHT } from './biped-proportions';
import { at, sectionArea } from './fit-common';
import type { Vec3 } from './fit-common';
import type { Polyline } from './polyline';
import type { Volume } from './volume';
import { insideAt, insideRun } from './volume';

/**
 * A crotch found is a hem when both figures below pass their thresholds; each alone lets some real crotch
 * through. Real crotches: eval:rig's 24 corpus bipeds at rest and the KayKit adventurers, Alien and Kenney
 * characters of eval:rig-posed (arms 45 and 70 degrees down, idle), fast and pro; dresses: those of
 * `eval:rig-sweep --extras` (hems from the knee to the ankle, flaring 1.1-1.8 times the hips; seeds 1-100,
 * fast; 6 of their 20 hems are under 0.12 H and go to the joined-legs rule instead).
 * - HEM_STEP, the reach around a leg over the hem against the leg's own (hemStep): adults 0.43-1.35 (their
 *   thighs go on up into the hips), chibis 1.5-2.8 (short legs under a wider pelvis or armour: KayKit Knight
 *   with its arms 70 degrees down 2.77, the Robot's posts 2.2-2.27), dresses 2.30-6.69 (13 of 14 over 2.5);
 * - HEM_AREA, the section over the hem against the two legs' under it (hemAreaRatio): KayKit, Kenney and
 *   the adults at most 4.93 (kaiju 5.8), dresses 5.64-30.6; the Robot's posts (72-76) and the Banana's stick
 *   legs (54-73) pass it and fail the step.
 * Together: no real crotch, 13 of the 14 dresses (the one missed: step 2.30).
 */
export const HEM_STEP = 2.5;
export const HEM_AREA = 5.5;
/**
 * The hip joints' height under a hem, as a share of the Head joint's (where the neck meets the skull): the
 * corpus artists' 0.50-0.65 on adult bodies (human-male 0.59, Animated_Woman 0.59, Zombie 0.65,
 * Female_Dress 0.52, Goblin 0.50, Robot 0.50; median 0.55), 0.41-0.51 on chibis (Kenney 0.51, KayKit 0.42,
 * Alien 0.41). The geometry says nothing above the hem; a long garment is more often on an adult body.
 */
export const HIP_OF_HEAD = 0.55;

/**
 * A crotch found under this share of the one the head's base predicts (HIP_OF_HEAD of the base, less the
 * hip joints' height over the crotch) may be a garment's lower edge, even one that stands out from the legs
 * no more than skin (a tight tunic over both thighs: isHem's figures read it as a crotch); the fit is tried
 * again with it read as a hem and the second fit kept only when the shoulders agree (refitUnderHem).
 * Measured with the head's base found: the corpus bipeds' real crotches 0.89 (Goblin, a large head) and
 * over, 0 A.D.'s bare and trousered humans 0.98 and over; 0 A.D.'s tight long tunics 0.78-0.81, the crotch
 * at their hem, hip joints 15% of the height low. Short tunics (0.87-0.90) are let through. A chibi's base
 * can be a helmet's or a tuft's (0.33-0.57 here); its shoulders refuse the second fit. Figures: FIT-DESIGN.md.
 */
export const LOW_CROTCH_OF_PROPORTION = 0.85;

/**
 * Whether the crotch found at `y` is a hem (both figures above past their thresholds; `xc` the mid-plane).
 * The section is measured only where the reach already says hem.
 */
export function isHem(vol: Volume, footL: Branch, footR: Branch, y: number, xc: number, H: number): boolean {
  const legs = legPointsBelow(vol, footL, footR, y);
  return legs !== null && hemStep(vol, legs, y, xc, H) >= HEM_STEP && hemAreaRatio(vol, legs, y, H) >= HEM_AREA;
}

/** How the fit reads the crotch found (readHem): a hem or not, the crotch the head predicts, and whether the crotch, not read as a hem, lies far under that one. */
export interface HemReading {
  hem: number | null;
  crotchOfHead: number;
  crotchUnderHead: boolean;
}

/**
 * The crotch found (`crotch.y`; `joined` when the legs were read as joined to the floor, `inShell` when legs
 * modelled inside a skirt gave it, `toldHem` when a refit asks for it to be read as a hem) read against the
 * head's base `headBase` (Infinity when none: nothing is a hem then). A hem by the figures (isHem), or when
 * told so; inside a shell only when it also lies far under the head's prediction (LOW_CROTCH_OF_PROPORTION),
 * the legs in the shell being joined too.
 */
export function readHem(vol: Volume, footL: Branch | null, footR: Branch | null, crotch: { y: number; joined: boolean; inShell: boolean; toldHem: boolean }, headBase: number, xc: number, H: number, hipOverCrotch: number): HemReading {
  const crotchOfHead = HIP_OF_HEAD * headBase - hipOverCrotch * H;
  if (crotch.joined || !footL || !footR || !Number.isFinite(headBase)) return { hem: null, crotchOfHead, crotchUnderHead: false };
  const underHead = crotch.y < LOW_CROTCH_OF_PROPORTION * crotchOfHead;
  const isOne = crotch.inShell ? crotch.toldHem && underHead : crotch.toldHem || isHem(vol, footL, footR, crotch.y, xc, H);
  return { hem: isOne ? crotch.y : null, crotchOfHead, crotchUnderHead: underHead && !isOne };
}

/** Each leg's path point 3 voxels under `y`, or null where a path does not reach that low. */
function legPointsBelow(vol: Volume, footL: Branch, footR: Branch, y: number): [Vec3, Vec3] | null {
  const below = y - 3 * vol.grid.h;
  const sL = footL.path.sAtHeight(below), sR = footR.path.sAtHeight(below);
  return sL < 0 || sR < 0 ? null : [at(footL.path, sL), at(footR.path, sR)];
}

/**
 * The body's reach around a leg's axis 3 voxels above `y` over its reach at the leg's point 3 voxels below
 * (outwards from the mid-plane `xc`, forwards and backwards, each run from the axis to the surface), the
 * smaller of the two legs; 0 where a leg's point is outside.
 */
export function hemStep(vol: Volume, legs: readonly [Vec3, Vec3], y: number, xc: number, H: number): number {
  const h = vol.grid.h;
  const reach = (x: number, yy: number, z: number, sign: number): number =>
    insideAt(vol, x, yy, z) ? insideRun(vol, [x, yy, z], sign, 0, 0, 0.3 * H) + insideRun(vol, [x, yy, z], 0, 0, 1, 0.3 * H) + insideRun(vol, [x, yy, z], 0, 0, -1, 0.3 * H) : 0;
  let step = Infinity;
  for (const p of legs) {
    const sign = Math.sign(p[0] - xc) || 1;
    const below = reach(p[0], y - 3 * h, p[2], sign);
    if (below <= 0) return 0;
    step = Math.min(step, reach(p[0], y + 3 * h, p[2], sign) / below);
  }
  return step;
}

/**
 * The body's horizontal section 3 voxels above `y` (around the point midway between the legs) over the two
 * legs' sections at their points 3 voxels below it.
 */
export function hemAreaRatio(vol: Volume, [l, r]: readonly [Vec3, Vec3], y: number, H: number): number {
  const below = sectionArea(vol, l, [0, 1, 0], 0.3 * H) + sectionArea(vol, r, [0, 1, 0], 0.3 * H);
  const mid = [(l[0] + r[0]) / 2, y + 3 * vol.grid.h, (l[2] + r[2]) / 2];
  return below > 0 ? sectionArea(vol, mid, [0, 1, 0], 0.5 * H) / below : 0;
}

/**
 * A leg under a hem at height `hem`: its path (tip at the toe) is the leg's below the hem and runs on into
 * the garment above it, towards the torso. The hip joint stands at `hipY` over the point where the leg
 * enters the garment (legs go straight up into a dress); the knee at `kneeY` on the path when that is
 * below the hem, else on the line from that entry point to the hip joint.
 */
export function legUnderHem(P: Polyline, hem: number, hipY: number, kneeY: number, step: number): { hip: Vec3; knee: Vec3 } {
  const sEntry = Math.max(0, P.sAtHeight(hem - 2 * step));
  const entry = at(P, sEntry);
  const hip: Vec3 = [entry[0], hipY, entry[2]];
  const sKnee = kneeY < entry[1] ? P.sAtHeight(kneeY) : -1;
  if (sKnee >= 0) return { hip, knee: at(P, sKnee) };
  const f = Math.min(1, Math.max(0, (kneeY - entry[1]) / Math.max(1e-9, hipY - entry[1])));
  return { hip, knee: [entry[0], kneeY, entry[2] + (hip[2] - entry[2]) * f] };
}

/**
 * Hip joints under this share of the shoulders' height send the fit back to read the crotch as a hem: a
 * little over the check's MIN_HIPS_OVER_SHOULDER_HEIGHT (0.4, which only says so), still under every
 * plausible fit's: artists 0.47-0.68, our fits on the corpus at rest 0.45 and more, on the sweep 0.49 and
 * more. Seed 280 (a knee-length dress, hips 19% of the height low) reads 0.405: at 0.42 it is refitted
 * (fast / pro 8.83 / 8.55 -> 4.42 / 4.40%), and no other fit of the sweep (600), eval:rig-posed (160) or
 * eval:rig moves.
 */
export const HEM_REFIT_BELOW = 0.42;

/**
 * A hem the hem figures (isHem) let through: a dress whose hem stands near the knee and flares little (the
 * sweep's bodies with extras, seeds 1-300: 5 of 82 hems measure a step of 2.0-2.5 or a section ratio of 3.9-5.0,
 * inside the real crotches' range) leaves the crotch at the hem and the hip joints under 0.41 of the
 * shoulders' height (biped-proportions.ts, lowHips: artists 0.47-0.68), hips 15-19% of the height low.
 * Detected after the fit (HEM_REFIT_BELOW), or by the crotch lying far under the head's prediction
 * (`crotchUnderHead`, LOW_CROTCH_OF_PROPORTION), repaired by fitting again with the crotch read as a hem
 * (the hips then from the head's proportions); the second fit is kept only when its hip joints stand within
 * the artists' range under its shoulders (neither lowHips nor highHips; for the head's trigger the ratio
 * must be read: a chibi whose "head base" was a tuft gets no shoulders-to-hips ratio). A fit whose legs
 * were already read as joined or under a hem keeps its reading.
 */
export function refitUnderHem(first: FitResult, again: () => FitResult, floorY: number, crotchUnderHead = false): FitResult {
  const lowHips = fitHipsOverShoulderHeight(first, floorY) < HEM_REFIT_BELOW;
  if (!(lowHips || crotchUnderHead) || first.doubts?.some((d) => d.code === 'joined_legs')) return first;
  const second = again();
  const ratio = fitHipsOverShoulderHeight(second, floorY);
  // As lowHips and highHips read it: a fit the ratio does not apply to (NaN) passes, when its hips were sunk.
  const plausible = ratio >= MIN_HIPS_OVER_SHOULDER_HEIGHT && ratio <= MAX_HIPS_OVER_SHOULDER_HEIGHT;
  return plausible || (lowHips && Number.isNaN(ratio)) ? second : first;
}
