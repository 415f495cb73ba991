/**
 * Arms lowered part way (45-70 degrees below horizontal, idle poses), repaired from the body's outline.
 *
 * A thick arm lowered from a T-pose closes the armpit: the arm's medial path from the hand runs up the
 * forearm, then turns level into the torso where the arm meets it, at the armpit, and the chain fitted on
 * that path puts the shoulder at the armpit, level with the elbow (KayKit Knight and Barbarian lowered to
 * 45 degrees: shoulders 0.11-0.12 H under the artist's, the upper arm level).
 *
 * What it rests on instead: seen from the front, the body's outline on the arm's side (the most lateral
 * inside voxel of each horizontal slice) follows the upper side of the lowered arm from the hand up to the
 * top of the shoulder, slanting inwards at the arm's angle. There it leaves the arm: outwards into a head
 * or helmet wider than the shoulders (chibis), or inwards over the shoulder towards the neck, flatter than
 * the arm. The shoulder joint is the centre of the round head of the upper arm. A wider head hides the
 * top of that round, so the top found lies on the arm's upper side and the joint is one arm radius from it
 * square to the arm, inwards and down; where the outline goes over the round (it steps inwards by more than
 * an arm radius, or runs flatter than 20 degrees), the top is the round's and the joint one radius under it.
 * The outline gives the joint's height and side, not its depth: shoulder and elbow go to the body's
 * mid-depth (mid-depth.ts). A fist resting on the hip closes the armpit within the hand, so the path's wrist
 * lies a few voxels from the tip; it is then placed a hand length up the arm from the fist's bottom.
 * The outline is of the arm only while it moves little in depth: jumping back by more than two arm radii
 * once it has risen as high as an arm's, it has left the arm for long hair, a cape or a backpack behind the
 * back, which would hide the step over the shoulder's round (session 22, eval:rig-sweep --wear).
 * Figures and the tests that keep it in use: FIT-DESIGN.md, Biped rules.
 */
import type { Volume } from './volume';
import type { Vec3 } from './fit-common';
import type { JointSet } from './fit-common';
import { dist3, lerp3, mirrorX } from './fit-common';
import { collapsedAgainst, HAND_LENGTH, mirrorArm } from './biped-hanging-arms';
import { midDepth } from './mid-depth';

/** Steepest and flattest arm (degrees below horizontal) read here: steeper ones hang (biped-arm-down.ts). */
const MIN_ANGLE = 20;
const MAX_ANGLE = 72;
/** The outline slants inwards this many times the height it rises (20 degrees) or more: over the shoulder. */
const FLAT = 2.75;
/** A path-fitted shoulder this far (share of the height, seen from the front) from a lowered arm's outline shoulder collapsed into the armpit. */
const LOWERED_OFF = 0.05;
/** ... and the fitted upper arm at least this many degrees flatter than the arm's outline: it turned level into the torso. */
const LOWERED_TURN = 20;
/** A fist's extremity (its knuckles when the forearm hangs) lies at most half a hand length (0.11 H) above the fist's bottom. */
const FIST_BELOW_TIP = 0.055;
/**
 * A shoulder joint lies at most this many arm radii above the head's base: KayKit's arms-down character,
 * whose head sits on its shoulders, has its artist's shoulders 0.364 H up and its base read at 0.356-0.372 H
 * (FIT-DESIGN.md, Biped rules); every other corpus biped's shoulders are well under its neck.
 */
const ABOVE_BASE = 1;
/** The outline of a lowered arm rises at least this many arm radii from its tip to its shoulder. */
const MIN_RISE = 4;
/** The outline moving back this many arm radii in depth from one slice to the next has left the arm (see loweredArmShoulder). */
const DEPTH_JUMP = 2;
/** Artists' shoulder joints lie 0.074-0.167 H from the mid-plane on every corpus biped (biped-hanging-arms.ts). */
const SHOULDER_OFF_MID = 0.05;

/** The arm's extremity `tip` on side `sign` (+1 left), the mid-plane `xc`, the arm's radius, the highest height to scan. */
export interface ArmOutline {
  tip: Vec3;
  sign: number;
  xc: number;
  rArm: number;
  maxY: number;
  /** The head's base (headBaseY, biped-head-features.ts; Infinity when none was found). */
  baseY?: number;
}

/**
 * Shoulder and elbow of an arm whose path-fitted chain (`shoulder`, `elbow`, `wrist`) collapsed into a
 * closed armpit, or null when it did not: the outline's shoulder replaces the fitted one when the fitted
 * upper arm is LOWERED_TURN flatter than the outline's arm, the two shoulders are LOWERED_OFF apart and the
 * outline's lies SHOULDER_OFF_MID off the mid-plane; the elbow then goes halfway to the wrist. Shoulder and
 * elbow at the body's mid-depth (mid-depth.ts); a wrist from a path cut short one hand length up the arm.
 */
export function repairLoweredArm(vol: Volume, arm: ArmOutline, shoulder: Vec3, elbow: Vec3, wrist: Vec3): { shoulder: Vec3; elbow: Vec3; wrist: Vec3 } | null {
  const { sign, xc } = arm;
  const H = vol.max[1] - vol.min[1];
  const lowered = loweredArmShoulder(vol, arm.tip, sign, xc, arm.rArm, arm.maxY);
  if (!lowered) return null;
  // The fitted upper arm's slant below horizontal, shoulder to elbow.
  const pathDeg = (Math.atan2(shoulder[1] - elbow[1], sign * (elbow[0] - shoulder[0])) * 180) / Math.PI;
  const s = lowered.shoulder;
  // A shoulder is under the head: an outline that ran on up hair hanging beside the head (twin tails) or up
  // the head's own side gives none (ABOVE_BASE).
  if (s[1] > (arm.baseY ?? Infinity) + ABOVE_BASE * arm.rArm) return null;
  if (lowered.angleDeg - pathDeg <= LOWERED_TURN || Math.hypot(s[0] - shoulder[0], s[1] - shoulder[1]) <= LOWERED_OFF * H || sign * (s[0] - xc) < SHOULDER_OFF_MID * H) return null;
  // The outline's depth at its top is whatever stands out there (a pauldron, the helmet's rim); artists put
  // the joint at the body's mid-depth through it (FIT-DESIGN.md: within 0.022 H on every corpus biped).
  const zMid = midDepth(vol, s[0], s[1]);
  if (zMid !== null) s[2] = zMid;
  // A wrist nearer the tip than half a hand length came from a path cut short (a hand resting on the hip closes
  // the armpit within the hand): one hand length from the hand's lowest point towards the shoulder.
  let w = wrist;
  if (dist3(wrist, arm.tip) < 0.5 * HAND_LENGTH * H) {
    const lo = lowered.handLow;
    w = lerp3(lo, s, Math.min(0.5, (HAND_LENGTH * H) / Math.max(dist3(lo, s), 1e-9)));
    w[2] = wrist[2];
  }
  const mid = lerp3(s, w, 0.5);
  // The elbow too (within 0.019 H): a lowered arm's elbow bends back out of the path's reach.
  mid[2] = midDepth(vol, mid[0], mid[1], elbow[2]) ?? elbow[2];
  return { shoulder: s, elbow: mid, wrist: w };
}

/**
 * One side repaired from its outline, the other not: when the other side's shoulder lies COLLAPSE_BELOW
 * under the repaired one's mirror image (and farther than the limb roots' asymmetry bound), its path
 * collapsed too (a fist resting on the hip, whose extremity is half way up the fist, shows too short an
 * arm on the outline) and it takes the mirror image of the repaired arm. Returns true when it did.
 */
export function mirrorLoweredArm(js: JointSet, done: string, other: string, xc: number, H: number): boolean {
  if (!collapsedAgainst(js.get(`${other}Arm`), mirrorX(js.get(`${done}Arm`), xc), H)) return false;
  mirrorArm(js, done, other, xc);
  return true;
}

export interface LoweredArm {
  shoulder: Vec3;
  /** Top of the shoulder on the outline. */
  top: Vec3;
  /** Arm angle below horizontal (degrees) read on the outline. */
  angleDeg: number;
  /** The hand's lowest point on the outline. */
  handLow: Vec3;
}

/**
 * The shoulder of a lowered arm whose hand tip `tip` lies on the body's outline on side `sign` (+1 left),
 * read from that outline; null when the outline does not show a slanting arm at least 4 arm radii tall.
 * `xc` is the mid-plane, `rArm` the arm's radius, `maxY` the highest height scanned.
 */
export function loweredArmShoulder(vol: Volume, tip: Vec3, sign: number, xc: number, rArm: number, maxY: number): LoweredArm | null {
  const g = vol.grid;
  const h = g.h;
  const outline = (iy: number): { x: number; z: number } | null => {
    if (iy < 0 || iy >= g.ny) return null;
    let best = -Infinity;
    const zs: number[] = [];
    for (let iz = 0; iz < g.nz; iz++)
      for (let ix = g.nx - 1; ix >= 0; ix--) {
        const k = sign > 0 ? ix : g.nx - 1 - ix;
        if (!vol.inside[k + g.nx * (iy + g.ny * iz)]) continue;
        const x = sign * (g.ox + (k + 0.5) * h - xc);
        if (x > best + 1e-9) {
          best = x;
          zs.length = 0;
        }
        if (x >= best - 1e-9) zs.push(g.oz + (iz + 0.5) * h);
        break;
      }
    if (best === -Infinity || best <= 0) return null;
    return { x: best, z: zs.reduce((a, b) => a + b, 0) / zs.length };
  };
  const iy0 = Math.floor((tip[1] - g.oy) / h);
  const start = outline(iy0);
  if (!start || start.x - sign * (tip[0] - xc) > 2 * rArm) return null;
  const ys: number[] = [], xs: number[] = [], zs: number[] = [];
  const lag = Math.max(2, Math.round((2 * rArm) / h));
  let minX = start.x;
  // How the outline leaves the arm: outwards into a wider head or hat, which hides the top of the
  // shoulder's round (the top found lies on the arm's upper side), or inwards over the top of it.
  let over = false;
  for (let iy = iy0; ; iy++) {
    const y = g.oy + (iy + 0.5) * h;
    if (y > maxY) break;
    const o = outline(iy);
    if (!o) break;
    const risen = y - tip[1];
    // Past the hand (a fist is wider than the wrist): the outline going out again (by more than a voxel's
    // flicker) is a wider head or hat.
    if (risen > 2 * rArm && o.x > minX + 1.5 * h) break;
    // Jumping back by more than DEPTH_JUMP arm radii from one slice to the next, once the outline is an arm's
    // (MIN_RISE): it left the arm for something behind it beside the neck (long hair, a cape or a backpack on
    // the back; the character faces +Z), which hides the step over the shoulder's round: the round's top is the
    // last slice. Lower down such a jump is a cape's edge beside the arm (KayKit Barbarian), read as before.
    if (risen >= MIN_RISE * rArm && zs.length && zs[zs.length - 1] - o.z > DEPTH_JUMP * rArm) {
      over = true;
      break;
    }
    // Inwards by more than an arm radius from one slice to the next: over the top of the shoulder's round
    // to a neck (an arm's side moves that far only when flatter than atan(h / r), under 15 degrees).
    if (xs.length && xs[xs.length - 1] - o.x > rArm) {
      over = true;
      break;
    }
    // Slanting flatter than FLAT over two arm radii: the outline runs over the shoulder; the corner lies
    // about the middle of that stretch.
    if (xs.length >= lag && xs[xs.length - lag] - o.x > FLAT * lag * h) {
      over = true;
      const back = lag >> 1;
      ys.length -= back;
      xs.length -= back;
      zs.length -= back;
      break;
    }
    ys.push(y);
    xs.push(o.x);
    zs.push(o.z);
    if (risen > 2 * rArm) minX = Math.min(minX, o.x);
    else minX = o.x;
  }
  // The top is the last height at the outline's innermost (a voxel's flicker outwards is not the arm).
  while (!over && ys.length > 1 && xs[xs.length - 1] > minX + 0.5 * h) {
    ys.pop();
    xs.pop();
    zs.pop();
  }
  // The hand's lowest point, for the wrist: a fist turned outwards has its extremity part way down it.
  let yLow = tip[1], xLow = start.x, zLow = start.z;
  for (let iy = iy0 - 1; ; iy--) {
    const o = outline(iy);
    if (!o || Math.abs(o.x - start.x) > rArm || g.oy + (iy + 0.5) * h < tip[1] - FIST_BELOW_TIP * (vol.max[1] - vol.min[1])) break;
    yLow = g.oy + (iy + 0.5) * h;
    xLow = o.x;
    zLow = o.z;
  }
  const n = ys.length;
  if (n < 2 || ys[n - 1] - tip[1] < MIN_RISE * rArm) return null;
  // The arm's slant on the outline between two arm radii above the tip and one under the top.
  const i0 = Math.min(n - 1, Math.round((2 * rArm) / h));
  const i1 = Math.max(i0, n - 1 - Math.round(rArm / h));
  if (i1 - i0 < 2) return null;
  const dx = xs[i0] - xs[i1], dy = ys[i1] - ys[i0];
  const angleDeg = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (angleDeg < MIN_ANGLE || angleDeg > MAX_ANGLE) return null;
  const len = Math.hypot(dx, dy);
  // Over the round's top: the joint one radius straight under it. Under a wider head: the top is on the
  // arm's upper side, the joint one radius square to the arm, inwards and down.
  const nx = over ? 0 : -dy / len, ny = over ? -1 : -dx / len;
  const top: Vec3 = [xc + sign * xs[n - 1], ys[n - 1], zs[n - 1]];
  const sx = xs[n - 1] + rArm * nx;
  const shoulder: Vec3 = [xc + sign * sx, ys[n - 1] + rArm * ny, zs[n - 1]];
  return { shoulder, top, angleDeg, handLow: [xc + sign * xLow, yLow, zLow] };
}
