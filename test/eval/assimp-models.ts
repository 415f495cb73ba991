/**
 * Two more skinned bipeds by other artists for `eval:rig-games` (set `assimp`), from Debian packages read
 * through assimp (the service's own FBX path, shared/mesh/assimp-convert.ts) and never copied into the
 * project: assimp's test model BCN_Epileptic (`assimp-testmodels`, a realistic man in DirectX .x, arms
 * hanging straight, a ponytail, 54 bones) and Minetest's player (`minetest-data`, a blocky character of seven
 * boxes, 6 bones; it faces -Z, so it is rigged turned by 180 as a user would). Each artist's joint per
 * semantic role is mapped by hand; BCN's pelvis root (`B_Root_Pelvis_L`) stands 0.09 H over its hip joints,
 * and its `spine` is its `B_Spine2` (its `B_Spine1` sits on the root), a convention of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { convertWithAssimp } from '../../shared/mesh/assimp-convert';
import { readCorpusRigBytes } from './corpus-gltf';
import type { IqmModel } from './iqm-reader';

const bcnSide = (s: 'Left' | 'Right', side: 'left' | 'right'): Record<string, string> => ({
  [`${side}_upper_arm`]: `B_UpperArm_${s}`, [`${side}_lower_arm`]: `B_ForeArm_${s}`, [`${side}_hand`]: `B_Hand_${s}`,
  [`${side}_upper_leg`]: `B_Hip_${s}`, [`${side}_lower_leg`]: `B_Knee_${s}`, [`${side}_foot`]: `B_Ankle_${s}`,
});

export const ASSIMP_MODELS: { name: string; file: string; rotationY: number; roles: Record<string, string> }[] = [
  { name: 'assimp-bcn', file: 'assimp/models/X/BCN_Epileptic.X', rotationY: 0, roles: { hips: 'B_Root_Pelvis_L', spine: 'B_Spine2', neck: 'B_Neck', ...bcnSide('Left', 'left'), ...bcnSide('Right', 'right') } },
  { name: 'minetest-player', file: 'games/minetest/games/minetest_game/mods/player_api/models/character.b3d', rotationY: 180, roles: { hips: 'Body', head: 'Head', left_upper_arm: 'Arm_Left', right_upper_arm: 'Arm_Right', left_upper_leg: 'Leg_Left', right_upper_leg: 'Leg_Right' } },
];

/** The model converted by assimp and read as the service reads it (readCorpusRigBytes on the GLB): its skinned mesh and every joint at rest, in IQM's shape. */
export async function readAssimpModel(file: string): Promise<IqmModel> {
  const glb = await convertWithAssimp([{ name: path.basename(file), data: new Uint8Array(readFileSync(file)) }]);
  const gt = await readCorpusRigBytes(glb, 'model.glb', null);
  const world = gt.restWorldOf();
  const weighted = new Set(gt.joints.map((j) => j.node));
  const index = new Map(gt.order.map((n, k) => [n, k]));
  const jointPositions = new Float64Array(gt.order.length * 3);
  gt.order.forEach((n, k) => new THREE.Vector3().setFromMatrixPosition(world.get(n)!).toArray(jointPositions, k * 3));
  return {
    positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets, jointPositions,
    names: gt.order.map((n) => gt.nameOf(n)),
    parents: gt.order.map((n) => { const p = gt.parentOf(n); return p === null ? -1 : index.get(p)!; }),
    weighted: gt.order.map((n) => weighted.has(n)),
  };
}
