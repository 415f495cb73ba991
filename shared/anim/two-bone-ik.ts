/**
 * Analytic two-bone IK on world transforms (hip-knee-ankle, shoulder-elbow-wrist): moves the end joint
 * of a chain A -> B -> C onto a goal by turning A and B, keeping the knee in the plane given by a pole
 * direction and the end joint's world rotation unchanged (a planted foot keeps its angle to the ground).
 * Notes: rejected the angle-only formulation (knee angle change about cross(AC, AB)): its axis vanishes
 * on a straight leg and flips sign on a slightly hyper-extended one (Rigdesk rest legs are straight within
 * a few millimetres either way), bending knees backwards; placing the knee explicitly on the pole side
 * cannot flip. Both bones turn by the smallest rotation from where they are, so the twist the clip gave
 * them is kept.
 *
 * @example
 *   solveTwoBone(world, a, b, c, goal, pole); // world.rotation of a, b updated; c's kept
 */
import type { WorldPose } from './pose';
import { qFromTo, qMul, qRotate } from './quat';

const u = new Float64Array(3), v = new Float64Array(3), knee = new Float64Array(3), end = new Float64Array(3);
const d0 = new Float64Array(3), d1 = new Float64Array(3), tmp = new Float64Array(3);
const rA = new Float64Array(4), rB = new Float64Array(4);

/**
 * Turns joints a and b of `world` (world rotations and the positions of b and c) so that c reaches
 * `goal` (or gets as close as the bone lengths allow), with the knee on the `pole` side of the line from a
 * to the goal. Returns the distance left to the goal (0 when reached). Children of c are not moved: the
 * caller converts the new world rotations to local ones and runs forward kinematics.
 */
export function solveTwoBone(world: WorldPose, a: number, b: number, c: number, goal: ArrayLike<number>, pole: ArrayLike<number>): number {
  const P = world.position;
  const l1 = dist(P, a, P, b), l2 = dist(P, b, P, c);
  for (let k = 0; k < 3; k++) u[k] = goal[k] - P[a * 3 + k];
  const raw = Math.hypot(u[0], u[1], u[2]);
  if (l1 < 1e-9 || l2 < 1e-9 || raw < 1e-9) return raw;
  for (let k = 0; k < 3; k++) u[k] /= raw;
  // Out of reach: straight towards the goal (the pole keeps the bend plane when it comes back in reach).
  const d = Math.min(Math.max(raw, Math.abs(l1 - l2) + 1e-6 * (l1 + l2)), l1 + l2);
  const along = (l1 * l1 - l2 * l2 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, l1 * l1 - along * along));
  const pd = pole[0] * u[0] + pole[1] * u[1] + pole[2] * u[2];
  for (let k = 0; k < 3; k++) v[k] = pole[k] - pd * u[k];
  const vl = Math.hypot(v[0], v[1], v[2]);
  if (vl < 1e-9) return raw; // pole along the leg: no plane to bend in
  for (let k = 0; k < 3; k++) {
    v[k] /= vl;
    knee[k] = P[a * 3 + k] + u[k] * along + v[k] * h;
    end[k] = P[a * 3 + k] + u[k] * d;
  }
  // A: turn bone a->b onto a->knee.
  for (let k = 0; k < 3; k++) { d0[k] = P[b * 3 + k] - P[a * 3 + k]; d1[k] = knee[k] - P[a * 3 + k]; }
  qFromTo(rA, 0, d0, 0, d1, 0);
  // Where c went with that turn, then B: turn knee->c onto knee->end.
  for (let k = 0; k < 3; k++) tmp[k] = P[c * 3 + k] - P[a * 3 + k];
  qRotate(d0, 0, rA, 0, tmp, 0);
  for (let k = 0; k < 3; k++) { d0[k] += P[a * 3 + k] - knee[k]; d1[k] = end[k] - knee[k]; }
  qFromTo(rB, 0, d0, 0, d1, 0);
  qMul(world.rotation, a * 4, rA, 0, world.rotation, a * 4);
  qMul(world.rotation, b * 4, rA, 0, world.rotation, b * 4);
  qMul(world.rotation, b * 4, rB, 0, world.rotation, b * 4);
  for (let k = 0; k < 3; k++) { P[b * 3 + k] = knee[k]; P[c * 3 + k] = end[k]; }
  return Math.max(0, raw - d);
}

function dist(p: ArrayLike<number>, i: number, q: ArrayLike<number>, j: number): number {
  return Math.hypot(p[i * 3] - q[j * 3], p[i * 3 + 1] - q[j * 3 + 1], p[i * 3 + 2] - q[j * 3 + 2]);
}
