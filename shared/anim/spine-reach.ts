/**
 * Head placement after retargeting: the joints between the hips and the head are turned (a damped
 * cyclic-coordinate-descent pass, shared along the spine) so that the head joint lands where the source
 * carries that point of the body, while every joint that copies a source rotation keeps its world
 * rotation (the head still looks where the source head looks; the arms still swing the same way).
 * Rotation copying alone bends the spine from the target's own pivots: KayKit bends from a chest joint
 * just under the shoulders, Rigdesk's spine at mid-back, so the same chest rotation threw the Rigdesk
 * head forward twice as far in the run.
 * Notes: rejected moving the head by translation keys (stretches the neck skin); rejected a full-body
 * solve (the hips carry the legs, which foot IK has already placed).
 */
import type { Skeleton } from '../rig/skeleton';
import type { BakedMotion } from './baked-motion';
import { bakedPose, makeContinuous } from './baked-motion';
import { forwardKinematics, newWorldPose, restPose } from './pose';
import { qFromTo, qInvMul, qMul, qRotate, qSlerp } from './quat';

const IDENTITY = [0, 0, 0, 1];
const r = new Float64Array(4), va = new Float64Array(3), vb = new Float64Array(3), t = new Float64Array(3);

/**
 * `chain`: target joints from just below the hips up to the joint before `end`, root-most first.
 * `goals`: frames * 3 world positions for `end`. `locked[j]`: joint j keeps its world rotation when its
 * parent turns (it copies a source rotation). Edits `motion` in place.
 */
export function reachWithSpine(skel: Skeleton, motion: BakedMotion, chain: number[], end: number, goals: Float64Array, locked: Uint8Array, passes = 4): void {
  const n = skel.names.length;
  const pose = restPose(skel);
  const world = newWorldPose(n);
  const before = new Float64Array(n * 4);
  const inChain = new Uint8Array(n), affected = new Uint8Array(n);
  const w2 = new Float64Array(n * 4);
  for (const j of chain) inChain[j] = 1;
  for (let f = 0; f < motion.times.length; f++) {
    bakedPose(skel, motion, f, pose);
    forwardKinematics(skel, pose, world);
    before.set(world.rotation);
    const goal = goals.subarray(f * 3, f * 3 + 3);
    for (let pass = 0; pass < passes; pass++)
      for (let i = 0; i < chain.length; i++) {
        const j = chain[i];
        for (let c = 0; c < 3; c++) {
          va[c] = world.position[end * 3 + c] - world.position[j * 3 + c];
          vb[c] = goal[c] - world.position[j * 3 + c];
        }
        qFromTo(r, 0, va, 0, vb, 0);
        // Each joint takes its share; later passes settle what is left.
        qSlerp(r, 0, IDENTITY, 0, r, 0, 1 / (chain.length - i));
        turnChainFrom(world, chain, i, end, r);
      }
    // Back to local rotations: chain joints take their new world rotation; locked joints below the chain
    // keep their old one (their parents moved); other joints follow their parents.
    for (let j = 0; j < n; j++) {
      const p = skel.parents[j];
      affected[j] = inChain[j] || (p >= 0 && affected[p]) ? 1 : 0;
      if (p < 0) { for (let c = 0; c < 4; c++) w2[j * 4 + c] = world.rotation[j * 4 + c]; continue; }
      if (inChain[j]) {
        for (let c = 0; c < 4; c++) w2[j * 4 + c] = world.rotation[j * 4 + c];
        qInvMul(motion.rotation[j], f * 4, w2, p * 4, w2, j * 4);
      } else if (affected[p] && locked[j]) {
        for (let c = 0; c < 4; c++) w2[j * 4 + c] = before[j * 4 + c];
        qInvMul(motion.rotation[j], f * 4, w2, p * 4, w2, j * 4);
      } else qMul(w2, j * 4, w2, p * 4, motion.rotation[j], f * 4);
    }
  }
  makeContinuous(motion);
}

/** Applies world rotation `q` at chain[i] to it and the chain joints and end above it (positions too). */
function turnChainFrom(world: ReturnType<typeof newWorldPose>, chain: number[], i: number, end: number, q: Float64Array): void {
  const pivot = chain[i];
  const moved = [...chain.slice(i), end];
  for (let k = 0; k < moved.length; k++) {
    const j = moved[k];
    qMul(world.rotation, j * 4, q, 0, world.rotation, j * 4);
    if (k === 0) continue;
    for (let c = 0; c < 3; c++) t[c] = world.position[j * 3 + c] - world.position[pivot * 3 + c];
    qRotate(t, 0, q, 0, t, 0);
    for (let c = 0; c < 3; c++) world.position[j * 3 + c] = world.position[pivot * 3 + c] + t[c];
  }
}
