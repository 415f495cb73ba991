/**
 * Biped limbs built from rigid pieces turn where each piece meets the torso (piece-pivot.ts): the upper
 * arm and upper leg joints, and the head, move to the centre of that face. When both legs do, the pelvis root comes no
 * higher than their joints and sits between them front to back: the Kenney minis' torso joint is exactly
 * there (12 of 12 characters, within 0.1% of the height), and a root between hip joints that lie at the
 * torso's bottom face cannot be above them. A head joint fitted inside the head's own piece goes to its
 * base however far below (the neck search can run up inside a chibi's big head), and the spine joints,
 * set as shares of the way to the fitted head, come down with it.
 */
import type { JointSet, Vec3 } from './fit-common';
import { dist3, mirrorX } from './fit-common';
import { islandBoxes, piecePivot } from './piece-pivot';
import type { PieceMesh } from './piece-pivot';
import { MAX_ROOT_ASYMMETRY } from './fit-checks';

export function pivotRigidLimbs(js: JointSet, mesh: PieceMesh, H: number, symmetric: boolean): void {
  const boxes = islandBoxes(mesh);
  const found = (key: string, child: string, sign: number): Vec3 | null => piecePivot(mesh, boxes, js.get(key), js.get(child), sign, H);
  const legs: Vec3[] = [];
  const mirrorOf = (p: Vec3): Vec3 => mirrorX(p, js.get('Hips')[0]);
  const astray = (p: Vec3, q: Vec3): boolean => dist3(p, q) > MAX_ROOT_ASYMMETRY * H;
  for (const [upper, lower] of [['UpLeg', 'Leg'], ['Arm', 'ForeArm']]) {
    let left = found(`Left${upper}`, `Left${lower}`, 1);
    let right = found(`Right${upper}`, `Right${lower}`, -1);
    // A mirror-symmetric mesh has the same pieces on both sides: one side's clear face serves both.
    // Otherwise the side without a face keeps its fitted joint unless it lies further from the face's
    // mirror image than any artist's limb roots do from each other (fit-checks.ts, MAX_ROOT_ASYMMETRY):
    // then its fit went astray (the Robot's left shoulder, fitted inside the chest 0.18 H away) and the
    // mirror image of the face is the better guess.
    // (A symmetric mesh mirrors across its own centre plane, x = 0; another across the fitted pelvis.)
    if (symmetric && left && !right) right = mirrorX(left, 0);
    if (symmetric && right && !left) left = mirrorX(right, 0);
    if (left && !right && astray(js.get(`Right${upper}`), mirrorOf(left))) right = mirrorOf(left);
    if (right && !left && astray(js.get(`Left${upper}`), mirrorOf(right))) left = mirrorOf(right);
    if (left) js.set(`Left${upper}`, left);
    if (right) js.set(`Right${upper}`, right);
    if (upper === 'UpLeg' && left && right) legs.push(left, right);
  }
  const within = { inside: false, far: false };
  let head = piecePivot(mesh, boxes, js.get('Head'), js.get('HeadTop_End'), 0, H, within);
  // A head's own piece rests above the shoulders: every corpus artist's head joint lies 0.011-0.23 H above
  // the upper-arm joints. A skin enclosing the whole body also holds the fitted head (the Goblin's).
  const ownHead = head !== null && within.inside && head[1] > (js.get('LeftArm')[1] + js.get('RightArm')[1]) / 2;
  if (within.far && !ownHead) head = null;
  // The chain stays in order: a head base found under the fitted neck is some other piece's, unless the
  // fitted head lay inside the head's own piece (then the spine joints, placed as shares of the way to the
  // fitted head, come down with it).
  if (head && head[1] > js.get('Neck')[1]) js.set('Head', head);
  else if (head && ownHead && head[1] > js.get('Hips')[1]) lowerSpine(js, head);
  if (legs.length === 2) {
    const hips = js.get('Hips');
    js.set('Hips', [(legs[0][0] + legs[1][0]) / 2, Math.min(hips[1], (legs[0][1] + legs[1][1]) / 2), (legs[0][2] + legs[1][2]) / 2]);
  }
}

/** The head at `head`, and the spine joints between the pelvis and it scaled down with it (their heights are shares of the way to the head). */
function lowerSpine(js: JointSet, head: Vec3): void {
  const base = js.get('Hips')[1], top = js.get('Head')[1];
  const f = (head[1] - base) / (top - base);
  for (const k of ['Spine', 'Spine1', 'Spine2', 'Neck']) {
    const p = js.get(k);
    js.set(k, [p[0], base + f * (p[1] - base), p[2]]);
  }
  js.set('Head', head);
}
