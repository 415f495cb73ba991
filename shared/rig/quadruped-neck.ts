/**
 * Where a quadruped's Head and Neck joints go on the head's path (from the snout's tip, arclength s, to the
 * withers at `sFront`). Artists put `Head` at the skull's base and the first neck joint where the neck
 * leaves the chest (the Mesh2Motion fox's `Spine_3` 0.07 m ahead of its shoulder joints, the horse's 0.03 m,
 * the Quaternius Pig's `Neck` 100 cm ahead of its `Shoulders`), whatever the neck's length. The fit had put
 * them at fixed shares of the path (0.4 and 0.7 of `sFront`), which lands on the skull's base and the
 * neck's middle only for a horse's proportions: on a long neck the Head went down the neck and the Neck to
 * its middle, on a short one the Head into the skull (`eval:quadruped-sweep`, 60 random bodies, fast: Head
 * 5.8 -> 4.0% and Neck 6.3 -> 3.7% of the size off on average; the corpus's Neck against its artists' 4.8 ->
 * 2.6%, the horse's Head 3.4 -> 1.4%).
 */
import type { Polyline } from './polyline';

/**
 * The skull's base is where the head's path turns from the skull into the neck: a bend at least half the
 * path's radius halfway (about the neck's) off the line from the snout's tip to the withers, searched
 * between 0.1 and 0.8 of the way.
 * A head held in line with its neck has no bend and keeps the old share, 0.4 of the way (the fox's head and
 * the Pig's, straight out in front of the body).
 */
const SKULL_BEND_RADII = 0.5;
const HEAD_SHARE = 0.4;
/** The neck's base: half the body's radius at the withers ahead of them along the head's path. */
const NECK_AHEAD_RADII = 0.5;
const NECK_SHARE = 0.7;

/** Arclengths from the snout's tip of the Head and the Neck joints; `step` the search's step (half a voxel). */
export function headAndNeckS(P: Polyline, sFront: number, step: number): { sHead: number; sNeck: number } {
  const sBend = P.bend(0, sFront, 0.1 * sFront, 0.8 * sFront, step, SKULL_BEND_RADII * P.radiusAt(0.5 * sFront));
  const sHead = sBend > 0 ? sBend : HEAD_SHARE * sFront;
  const sBase = sFront - NECK_AHEAD_RADII * P.radiusAt(sFront);
  return { sHead, sNeck: sBase > sHead ? sBase : Math.max(NECK_SHARE * sFront, sHead) };
}
