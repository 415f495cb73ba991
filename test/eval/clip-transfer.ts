/**
 * Issue 6 measurement: a corpus character's own clips retargeted by Rigdesk's `retargetClip` (the code
 * the rig job runs) from the original skeleton onto the Rigdesk rig of its stripped mesh; mean vertex
 * distance between the original animated character and the Rigdesk one, over all frames (30 fps), as a
 * fraction of height.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { retargetClip } from '../../shared/anim/retarget';
import { bindClip, sampleBound } from '../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose } from '../../shared/anim/pose';
import { readModel } from '../../shared/mesh/read-model';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig } from './corpus-gltf';
import { meanDistance, restWorldMatrices, skinPredicted } from './deform';

export async function clipTransferErrors(file: string, r: RigResult, gt: CorpusRig, clipNames: string[], height: number): Promise<Record<string, number>> {
  const src = (await readModel(new Uint8Array(readFileSync(file)), path.basename(file))).model;
  const rest = restWorldMatrices(r.skeleton);
  const n = r.skeleton.names.length;
  const pose = restPose(r.skeleton);
  const world = newWorldPose(n);
  const a = new Float32Array(gt.positions.length), b = new Float32Array(gt.positions.length);
  const out: Record<string, number> = {};
  for (const name of clipNames) {
    const clip = src.clips.find((c) => c.name === name);
    const gtClip = gt.clips.find((c) => c.name === name);
    if (!clip || !gtClip || !src.skeleton) continue;
    const moved = retargetClip({ skeleton: src.skeleton, clip }, r.skeleton, { alignRest: process.env.ALIGN !== '0' }).clip;
    const bound = bindClip(r.skeleton, moved);
    const frames = Math.max(2, Math.round(clip.duration * 30) + 1);
    let sum = 0;
    for (let f = 0; f < frames; f++) {
      const t = (f / (frames - 1)) * clip.duration;
      sampleBound(bound, t, pose);
      forwardKinematics(r.skeleton, pose, world);
      const mats = Array.from({ length: n }, (_, j) =>
        new THREE.Matrix4().compose(
          new THREE.Vector3(world.position[j * 3], world.position[j * 3 + 1], world.position[j * 3 + 2]),
          new THREE.Quaternion(world.rotation[j * 4], world.rotation[j * 4 + 1], world.rotation[j * 4 + 2], world.rotation[j * 4 + 3]),
          new THREE.Vector3(1, 1, 1),
        ));
      gt.skinOf(gtClip.sample(t), a);
      skinPredicted(gt.positions, r.joints, r.weights, rest, mats, b);
      sum += meanDistance(a, b);
    }
    out[name] = sum / frames / height;
  }
  return out;
}
