/**
 * An arm built of rigid pieces in line (a robot's hand, forearm, upper arm and shoulder block) bends where
 * one piece meets the next: a part bound wholly to one bone can only turn about a point at its meeting with
 * its neighbour, or the two would open a gap or cut into each other as it turns. So the arm's joints go to
 * those meetings, in order along the arm, whatever the volume suggested.
 *
 * Why a rule of its own: the voxel volume fuses the pieces (or falls apart at their gaps) and the fitted
 * chain keeps the proportions of a skinned arm. On the robot sweep (`eval:rig-sweep -- --robots`), whose
 * arms are four blocks hinged at the true joints, an arm joint was the worst of the rig on 18 of 40 bodies
 * (fast), 5-13% of the height off: the shoulder pulled 0.06-0.10 H into the chest, where piece-pivot.ts took
 * the shoulder block's inner end for the upper arm's, or fitted 0.1 H down the upper arm of a lowered arm.
 *
 * When it applies (otherwise the fitted joints stay):
 * - the first piece is the first one whose own closed surface holds a point of the fitted chain, walking
 *   it from the hand's tip; skin (a piece of over 20k triangles) or the torso (the piece spanning the
 *   mid-plane) coming first stops the rule;
 * - from each piece's far end the next is the piece that end is sunk into, or the first surface within
 *   MAX_GAP beyond it along the piece, or the nearest within MAX_GAP not behind it; the walk ends at the torso after three to five meetings (a skinned arm with a
 *   separate glove or sleeve has one or two, and keeps its fit), never coming back to a piece;
 * - every end it reads is a flat cut across its piece (faceCentre), along the piece's own axis of its
 *   length: for the hand the one nearest the fitted chain (tip to elbow), then the one along the way from
 *   the last meeting to the piece's middle;
 * - a piece the chain crosses over less than half its own width (a ring round a wrist) is a hinge part,
 *   no bone: its two meetings merge at its middle (hingeParts);
 * - the meetings are matched to the chain's joints (hand, forearm, arm, shoulder, from the tip) in order,
 *   the matching of the most joints nearest the fit, none moved further than 0.15 H.
 * A meeting's point is midway between the ends that face each other; at the torso, the limb piece's end
 * alone (the torso's side face is no part of the hinge).
 */
import type { JointSet, Vec3 } from './fit-common';
import { dist3, lerp3, mirrorX, normalise, sub3 } from './fit-common';
import type { IslandBoxes, PieceMesh } from './piece-pivot';
import { MAX_OWN_AXIS_TRIANGLES, MIN_VERTICES, dot, flatEnd, holdsPoint, insideOwn, islandBoxes, islandTriangles, pieceAxes } from './piece-pivot';
import { lineHits } from '../mesh/line-hits';
import { closestOnTriangle } from '../mesh/triangle-distance';

/** Samples along the fitted chain when looking for the first piece, as a share of the height. */
const STEP = 0.004;
const MAX_MOVE = 0.15;
const MIN_MEETINGS = 3;
/** A piece crossed over less than this share of its own width is a hinge part (hingeParts). */
const FLAT_LINK = 0.5;
/** The widest clearance between two linked pieces: the robot sweep's reach 3% of the height, the synthetic robot's (synthetic/robot.ts) 2 cm, 1.1%. */
const MAX_GAP = 0.04;
const MAX_MEETINGS = 5;
/** Pieces with more triangles are skin, never tested point by point (they get no own axes either). */
const MAX_PIECE_TRIANGLES = MAX_OWN_AXIS_TRIANGLES;
const ARM = ['Hand', 'ForeArm', 'Arm', 'Shoulder'];

/** Moves each arm's joints to the meetings of its rigid pieces, where they form a chain. */
export function hingeRigidArms(js: JointSet, mesh: PieceMesh, H: number, symmetric: boolean): void {
  const boxes = islandBoxes(mesh);
  const found = new Map<string, Vec3[]>();
  for (const S of ['Left', 'Right']) {
    const tip = js.leafTips.get(`${S}Hand`);
    if (!tip) continue;
    const chain = [tip, ...ARM.map((k) => js.get(`${S}${k}`)), js.get('Spine2')];
    const meetings = chainMeetings(mesh, boxes, chain, H);
    const placed = meetings && matchInOrder(meetings, ARM.map((k) => js.get(`${S}${k}`)), H);
    if (placed) found.set(S, placed);
  }
  // A mirror-symmetric mesh has the same pieces on both sides: one side's chain serves both.
  if (symmetric && found.size === 1) {
    const [S, placed] = [...found][0];
    found.set(S === 'Left' ? 'Right' : 'Left', placed.map((p) => mirrorX(p, 0)));
  }
  for (const [S, placed] of found) ARM.forEach((k, i) => js.set(`${S}${k}`, placed[i]));
}

/**
 * The meetings of the rigid pieces from the hand's tip to the torso (tip first), or null when they do not
 * form a chain of MIN_MEETINGS to MAX_MEETINGS meetings ending at the torso. The fitted chain only finds
 * the first piece (the one holding the tip's end of it); from there each piece's far end along its own
 * length leads to the next piece: one it is sunk into, or the first whose surface lies within MAX_GAP
 * beyond that end.
 */
function chainMeetings(mesh: PieceMesh, boxes: IslandBoxes, chain: Vec3[], H: number): Vec3[] | null {
  let piece = firstPiece(mesh, boxes, chain, H);
  if (piece < 0) return null;
  // The first piece's length from the fitted chain, the hand's tip to the elbow: the tip may lie anywhere in
  // the hand's block, and the way from it to the block's middle can run across the hand.
  let way: number[] = normalise(sub3(chain[2], chain[0]));
  const seen = new Set([piece]);
  const meetings: Vec3[] = [];
  /** Per meeting, whether the piece before it is a hinge part (a ring or a plate the chain crosses over). */
  const afterFlat: boolean[] = [];
  for (let link = 0; link <= MAX_MEETINGS; link++) {
    const axis = axisAlong(mesh, boxes, piece, way);
    if (!axis) return null;
    const end = faceCentre(mesh, piece, axis.map((x) => -x), H);
    if (!end) return null;
    const flat = link > 0 && dist3(meetings[meetings.length - 1], end) < FLAT_LINK * widthAcross(mesh, boxes, piece, axis);
    const next = pieceBeyond(mesh, boxes, piece, end, axis, H);
    if (next < 0 || seen.has(next)) return null;
    if (isTorso(boxes, next)) {
      meetings.push(end);
      afterFlat.push(flat);
      return hingeParts(meetings, afterFlat);
    }
    const nextAxis = axisAlong(mesh, boxes, next, wayIn(boxes, next, end));
    if (!nextAxis) return null;
    const facing = faceCentre(mesh, next, nextAxis, H);
    if (!facing) return null;
    const meets = lerp3(end, facing, 0.5);
    meetings.push(meets);
    afterFlat.push(flat);
    seen.add(next);
    [piece, way] = [next, wayIn(boxes, next, meets)];
  }
  return null;
}

/**
 * The meetings with each hinge part's two merged at its middle, or null when MIN_MEETINGS to MAX_MEETINGS do
 * not remain. A piece the chain crosses over less than FLAT_LINK of its own width is no bone but a part at
 * a joint: a ring round it (the synthetic robot's wrist rings, 0.42 of their width), a plate; the joint is at
 * its middle. Links are longer than half their width: the robot sweep's measure 0.76 (a chibi's shoulder
 * block) to 3.8 of it over 40 bodies.
 */
function hingeParts(meetings: Vec3[], afterFlat: boolean[]): Vec3[] | null {
  const out: Vec3[] = [];
  for (let i = 0; i < meetings.length; i++) {
    if (afterFlat[i] && out.length > 0) out[out.length - 1] = lerp3(out[out.length - 1], meetings[i], 0.5);
    else out.push(meetings[i]);
  }
  return out.length >= MIN_MEETINGS && out.length <= MAX_MEETINGS ? out : null;
}

/** The piece's extent across `axis` (one of its own axes): the larger along its other two. */
function widthAcross(mesh: PieceMesh, boxes: IslandBoxes, k: number, axis: number[]): number {
  let width = 0;
  for (const a of pieceAxes(mesh.positions, boxes, k) ?? []) {
    if (Math.abs(dot(a, axis)) > 0.5) continue;
    const [lo, hi] = extentAlong(mesh, k, a);
    width = Math.max(width, hi - lo);
  }
  return width;
}

/** The least and greatest of island k's vertices along `d`. */
function extentAlong(mesh: PieceMesh, k: number, d: number[]): [number, number] {
  const { order, offsets } = mesh.islands;
  const P = mesh.positions;
  let lo = Infinity, hi = -Infinity;
  for (let i = offsets[k]; i < offsets[k + 1]; i++) {
    const v = order[i] * 3;
    const s = P[v] * d[0] + P[v + 1] * d[1] + P[v + 2] * d[2];
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  return [lo, hi];
}

/** The first small piece (not the torso) whose surface holds a point of the chain, from its tip; -1 when skin or the torso comes first. */
function firstPiece(mesh: PieceMesh, boxes: IslandBoxes, chain: Vec3[], H: number): number {
  const { offsets } = mesh.islands;
  for (let i = 0; i + 1 < chain.length; i++) {
    const steps = Math.max(1, Math.ceil(dist3(chain[i], chain[i + 1]) / (STEP * H)));
    for (let q = 0; q <= steps; q++) {
      const p = lerp3(chain[i], chain[i + 1], q / steps);
      for (let k = 0; k + 1 < offsets.length; k++) {
        if (offsets[k + 1] - offsets[k] < MIN_VERTICES || !holdsPoint(boxes, k, p)) continue;
        if (boxes.triStart[k + 1] - boxes.triStart[k] > MAX_PIECE_TRIANGLES) return -1;
        if (insideOwn(mesh, boxes, k, p)) return isTorso(boxes, k) ? -1 : k;
      }
    }
  }
  return -1;
}

function isTorso(boxes: IslandBoxes, k: number): boolean {
  return boxes.lo[3 * k] <= 0 && boxes.hi[3 * k] >= 0;
}

/** The piece's own axis most nearly along `way`, pointing that way; null for a piece without axes (dense skin). */
function axisAlong(mesh: PieceMesh, boxes: IslandBoxes, k: number, way: number[]): number[] | null {
  const axes = pieceAxes(mesh.positions, boxes, k);
  if (!axes) return null;
  let best = axes[0];
  for (const a of axes) if (Math.abs(dot(a, way)) > Math.abs(dot(best, way))) best = a;
  const sign = Math.sign(dot(best, way)) || 1;
  return best.map((x) => sign * x);
}

/**
 * The way from `from` (a piece's meeting with the one before it) to the piece's middle: entered at the
 * centre of an end, a block's middle lies straight along its length, whatever its proportions (a chibi's
 * shoulder block is wider than it is long).
 */
function wayIn(boxes: IslandBoxes, k: number, from: Vec3): number[] {
  return normalise(sub3([0, 1, 2].map((a) => (boxes.lo[3 * k + a] + boxes.hi[3 * k + a]) / 2), from));
}

/**
 * The piece that `end` (the centre of piece `own`'s far end) is sunk into; else the first surface within
 * MAX_GAP beyond it along `axis` (the piece in line); else the nearest surface within MAX_GAP that does
 * not lie behind the end (a hanging upper arm hinges at the corner of a level shoulder block beside it,
 * robot sweep seed 19); -1 when none.
 */
function pieceBeyond(mesh: PieceMesh, boxes: IslandBoxes, own: number, end: Vec3, axis: number[], H: number): number {
  const { offsets } = mesh.islands;
  const near = (k: number): boolean => k !== own && offsets[k + 1] - offsets[k] >= MIN_VERTICES;
  // Sunk: a piece other than the torso first (a shoulder block sunk into the chest holds the arm's end too).
  let sunk = -1;
  for (let k = 0; k + 1 < offsets.length; k++) {
    if (!near(k) || !holdsPoint(boxes, k, end)) continue;
    if (boxes.triStart[k + 1] - boxes.triStart[k] > MAX_PIECE_TRIANGLES || !insideOwn(mesh, boxes, k, end)) continue;
    if (sunk < 0 || isTorso(boxes, sunk)) sunk = k;
  }
  if (sunk >= 0) return sunk;
  const reach = MAX_GAP * H;
  const far: Vec3 = [end[0] + reach * axis[0], end[1] + reach * axis[1], end[2] + reach * axis[2]];
  let best = -1, bestD = Infinity;
  for (let k = 0; k + 1 < offsets.length; k++) {
    if (!near(k) || !boxMeetsSegment(boxes, k, end, far)) continue;
    for (const d of lineHits(mesh.positions, islandTriangles(boxes, k), end, axis))
      if (d >= 0 && d <= reach && d < bestD) [best, bestD] = [k, d];
  }
  if (best >= 0) return best;
  const P = mesh.positions, q = new Float64Array(3);
  let bestSq = reach * reach;
  for (let k = 0; k + 1 < offsets.length; k++) {
    if (!near(k) || boxDistance(boxes, k, end) > reach) continue;
    const T = islandTriangles(boxes, k);
    for (let t = 0; t + 2 < T.length; t += 3) {
      const d2 = closestOnTriangle(end[0], end[1], end[2], P, 3 * T[t], 3 * T[t + 1], 3 * T[t + 2], q);
      const ahead = (q[0] - end[0]) * axis[0] + (q[1] - end[1]) * axis[1] + (q[2] - end[2]) * axis[2];
      if (d2 < bestSq && ahead >= 0) [best, bestSq] = [k, d2];
    }
  }
  return best;
}

/** Distance from `p` to island k's bounding box (0 inside it). */
function boxDistance(boxes: IslandBoxes, k: number, p: Vec3): number {
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const d = Math.max(boxes.lo[3 * k + a] - p[a], 0, p[a] - boxes.hi[3 * k + a]);
    s += d * d;
  }
  return Math.sqrt(s);
}

function boxMeetsSegment(boxes: IslandBoxes, k: number, a: Vec3, b: Vec3): boolean {
  for (let ax = 0; ax < 3; ax++)
    if (Math.max(a[ax], b[ax]) < boxes.lo[3 * k + ax] || Math.min(a[ax], b[ax]) > boxes.hi[3 * k + ax]) return false;
  return true;
}

/**
 * The centre of island k's end that lies furthest against `d` (one of its own axes), or null when that end
 * is no flat cut across the piece (piece-pivot.ts's flatEnd). A rounded end, a capsule's, turns about its
 * ball's centre, not at its tip: the synthetic capsule biped's arm is four capsules sunk into each other, and
 * taking their tips put its clavicles 0.036 H out.
 */
function faceCentre(mesh: PieceMesh, k: number, d: number[], H: number): Vec3 | null {
  const [s0, s1] = extentAlong(mesh, k, d);
  return flatEnd(mesh, k, [0, 0, 0], d, s0, s1 - s0, H);
}

/**
 * The joints (tip first) at the meetings (tip first), matched in order: as many joints as meetings allow,
 * the matching nearest the fitted joints; joints left unmatched keep their place. Null when a matched
 * joint would move further than MAX_MOVE.
 */
function matchInOrder(meetings: Vec3[], joints: Vec3[], H: number): Vec3[] | null {
  const size = Math.min(meetings.length, joints.length);
  let best: number[][] | null = null, bestCost = Infinity;
  // Every order-preserving choice of `size` meetings and `size` joints (at most C(5,4) x C(4,4) = 5).
  for (const mi of choose(meetings.length, size))
    for (const ji of choose(joints.length, size)) {
      let cost = 0;
      for (let q = 0; q < size; q++) cost += dist3(meetings[mi[q]], joints[ji[q]]);
      if (cost < bestCost) [best, bestCost] = [[mi, ji], cost];
    }
  if (!best) return null;
  const out = joints.map((p) => [p[0], p[1], p[2]] as Vec3);
  for (let q = 0; q < size; q++) {
    const [m, j] = [best[0][q], best[1][q]];
    if (dist3(meetings[m], joints[j]) > MAX_MOVE * H) return null;
    out[j] = meetings[m];
  }
  return out;
}

/** Ascending index sets of `k` out of `n`. */
function choose(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...choose(n - 1, k - 1).map((c) => [...c, n - 1]), ...choose(n - 1, k)];
}
