/**
 * `node --import tsx test/eval/tail-joints.ts`: counts the corpus artists' weighted tail joints (the figures
 * behind the tail chain, shared/rig/FIT-DESIGN.md "Tail joints in the corpus"): how many, the tail's length,
 * where along it each joint sits and how far the last one is from the tail's tip, all as fractions of the
 * character's longest side (the CD-J2J unit). The tip is the vertex farthest along the last joint's bone
 * among the vertices that joint dominates. The Quaternius Pig's curled tail has no bones and is not listed.
 */
import path from 'node:path';
import * as THREE from 'three';
import { readCorpusRig } from './corpus-gltf';
import { stopAssimpWorker } from '../../shared/mesh/assimp-convert';
import { longestSide } from './metrics';
import { corpusDir } from '../support/corpus-dir';

const TAILS: [string, string[]][] = [
  ['characters/mesh2motion/rigged/fox-fox.glb', ['Tail_Base', 'Tail_Mid', 'Tail_Mid.001', 'Tail_End', 'Tail_Tip']],
  ['characters/mesh2motion/rigged/fox-horse.glb', ['Tail_Base', 'Tail_Mid', 'Tail_End', 'Tail_Tip']],
  ['characters/mesh2motion/rigged/kaiju-base.glb', ['Tail_Base', 'Tail_Mid', 'Tail_Mid.001', 'Tail_Mid.002', 'Tail_Mid.003', 'Tail_Tip']],
  ['characters/mesh2motion/rigged/bird-base.glb', ['tail_1', 'tail_2', 'tail_3', 'tail_tip']],
  ['characters/mesh2motion/rigged/fish-shark.glb', ['tail_1', 'tail_2', 'tail_3', 'tail_4', 'tail_5', 'tail_6', 'tail_7', 'tail_8', 'tail_tip']],
  ['characters/quaternius/Dragon.fbx', ['Tail1', 'Tail2', 'Tail3', 'Tail4']],
  // The Eagle's body chain runs Bone (root) -> Bone.001 (between the wings) -> Bone.002 -> Bone.003 (tail).
  ['characters/quaternius/Eagle.fbx', ['Bone.002', 'Bone.003']],
  ['animations/mesh2motion/dragon-animations.glb', ['tail_1', 'tail_2', 'tail_3', 'tail_4', 'tail_5', 'tail_6', 'tail_tip']],
];

for (const [file, names] of TAILS) {
  const gt = await readCorpusRig(path.join(corpusDir, file));
  const L = longestSide(gt.positions);
  const idx = names.map((n) => gt.joints.findIndex((j) => j.name === n));
  if (idx.some((i) => i < 0)) throw new Error(`tail-joints: ${file} lacks one of ${names.join(', ')}`);
  const P = idx.map((i) => new THREE.Vector3().setFromMatrixPosition(gt.restWorld[i]));
  const parent = gt.joints[idx[0]].parent;
  const pp = new THREE.Vector3().setFromMatrixPosition(gt.restWorld[parent]);
  const last = P[P.length - 1], prev = P.length > 1 ? P[P.length - 2] : pp;
  const dir = last.clone().sub(prev).normalize();
  const lastNode = gt.joints[idx[idx.length - 1]].node;
  const W = gt.weightsOf();
  const v = new THREE.Vector3();
  let tip = last.clone(), best = -Infinity;
  for (let i = 0; i < W.length; i++) {
    let bj = -1, bw = 0;
    for (const [j, w] of W[i]) if (w > bw) [bj, bw] = [j, w];
    if (bj !== lastNode) continue;
    v.fromArray(gt.positions, i * 3);
    const d = v.clone().sub(prev).dot(dir);
    if (d > best) [best, tip] = [d, v.clone()];
  }
  const cum = [0];
  for (let k = 1; k < P.length; k++) cum.push(cum[k - 1] + P[k].distanceTo(P[k - 1]));
  const total = cum[cum.length - 1] + last.distanceTo(tip);
  console.log(`${path.basename(file)}: ${names.length} weighted tail joints (parent ${gt.joints[parent].name}, ${(pp.distanceTo(P[0]) / L).toFixed(3)} before the first); tail length ${(total / L).toFixed(3)}`);
  console.log(`  at ${cum.map((c) => (c / total).toFixed(2)).join(', ')} of the tail; last joint to the tip ${(last.distanceTo(tip) / L).toFixed(3)} (${(1 - cum[cum.length - 1] / total).toFixed(2)} of the tail); mean spacing ${(cum[cum.length - 1] / Math.max(1, P.length - 1) / L).toFixed(3)}`);
}
stopAssimpWorker();
