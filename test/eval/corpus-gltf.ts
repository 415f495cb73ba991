/**
 * Reads a rigged corpus character through the project's own reader (`readModel`) into what the rig
 * evaluation needs: every mesh part in its rest pose, the ground-truth joints, per-vertex ground-truth
 * skin weights, and a sampler of the file's own clips (shared/anim) giving world matrices per joint.
 *
 * `readModel` already poses skinned parts at the skeleton's rest, binds rigid parts to their parent
 * joint with weight 1 and keeps the node hierarchy as the skeleton, so skinning a frame is
 * sum_k w_k * frameWorld(j_k) * restWorld(j_k)^-1 * p. World matrices are composed here with each
 * joint's rest scale, not with shared/anim's forward kinematics, which drops scale: the Mesh2Motion
 * horse has bones scaled by up to 15% and its joints came out 0.30 m off that way. This reader gives the
 * same rest positions and joints (to 1e-5) and the same evaluation figures as the glTF-Transform reader
 * it replaced.
 *
 * Joints are addressed by their index in the file's skeleton (`JointId`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { readModel } from '../../shared/mesh/read-model';
import type { SceneModel } from '../../shared/mesh/model';
import type { Skeleton } from '../../shared/rig/skeleton';
import { bindClip, sampleBound } from '../../shared/anim/sample-clip';
import { restPose } from '../../shared/anim/pose';
import type { Pose } from '../../shared/anim/pose';
import { REST_STRIDE } from '../../shared/rig/skeleton';

/** Index of a joint in the corpus file's skeleton. */
export type JointId = number;

export interface CorpusRig {
  positions: Float32Array;
  indices: Uint32Array;
  partOffsets: Uint32Array;
  /** Ground-truth joints: those carrying weight, with parents among them (nearest weighted ancestor). */
  joints: { name: string; parent: number; node: JointId }[];
  /** Rest world matrix of each GT joint. */
  restWorld: THREE.Matrix4[];
  /** Linear blend skinning of the rest positions with the file's weights for a frame of world matrices. */
  skinOf: (frame: Map<JointId, THREE.Matrix4>, out: Float32Array) => void;
  clips: { name: string; duration: number; sample: (t: number) => Map<JointId, THREE.Matrix4> }[];
  restWorldOf: () => Map<JointId, THREE.Matrix4>;
  /** Ground-truth skin weights per vertex as (joint, weight) pairs. */
  weightsOf: () => [JointId, number][][];
  /** Every joint of the file's skeleton, parents first, its parent and its name. */
  order: JointId[];
  parentOf: (n: JointId) => JointId | null;
  nameOf: (n: JointId) => string;
}

/**
 * `excludeProps`: parts bound to a joint whose name (or an ancestor's) matches are left out (KayKit files
 * carry every alternative weapon and shield at once on `handslot.*`; a game shows one at a time).
 */
export async function readCorpusRig(file: string, excludeProps: RegExp | null = /handslot/): Promise<CorpusRig> {
  return readCorpusRigBytes(new Uint8Array(readFileSync(file)), path.basename(file), excludeProps);
}

/** readCorpusRig on a file's bytes already in memory (`file` its name, for the format and the messages). */
export async function readCorpusRigBytes(data: Uint8Array, file: string, excludeProps: RegExp | null = /handslot/): Promise<CorpusRig> {
  const model = (await readModel(data, file)).model;
  const skel = model.skeleton;
  if (!skel) throw new Error(`corpus-gltf: ${file} has no skeleton`);
  const n = skel.names.length;
  const underProp = (j: number): boolean => {
    for (let a = j; a >= 0; a = skel.parents[a]) if (excludeProps?.test(skel.names[a])) return true;
    return false;
  };
  const parts = model.parts.filter((p) => {
    if (!p.skinJoints || !p.skinWeights) throw new Error(`corpus-gltf: part ${p.name} of ${file} is not skinned`);
    for (let i = 0; i < p.skinJoints.length; i++) if (p.skinWeights[i] > 0 && underProp(p.skinJoints[i])) return false;
    return true;
  });
  const kept: SceneModel['parts'] = parts;
  const nv = kept.reduce((s, p) => s + p.positions.length / 3, 0);
  const positions = new Float32Array(nv * 3);
  const skinJ = new Uint16Array(nv * 4);
  const skinW = new Float32Array(nv * 4);
  const idx: number[] = [];
  const offsets: number[] = [];
  let base = 0;
  for (const p of kept) {
    offsets.push(base);
    positions.set(p.positions, base * 3);
    skinJ.set(p.skinJoints!, base * 4);
    skinW.set(p.skinWeights!, base * 4);
    for (let i = 0; i < p.indices.length; i++) idx.push(base + p.indices[i]);
    base += p.positions.length / 3;
  }
  offsets.push(base);
  const rest = worldMatrices(skel, restPose(skel));
  const restInverse = [...rest.values()].map((m) => m.clone().invert());
  const M = new THREE.Matrix4();
  const tmp = new THREE.Vector3();
  const acc = new THREE.Vector3();
  const skinOf = (frame: Map<JointId, THREE.Matrix4>, out: Float32Array): void => {
    const skinM = Array.from({ length: n }, (_, j) => frame.get(j)!.clone().multiply(restInverse[j]));
    for (let v = 0; v < nv; v++) {
      acc.set(0, 0, 0);
      let ws = 0;
      for (let k = 0; k < 4; k++) {
        const w = skinW[v * 4 + k];
        if (w <= 0) continue;
        M.copy(skinM[skinJ[v * 4 + k]]);
        tmp.set(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]).applyMatrix4(M);
        acc.addScaledVector(tmp, w);
        ws += w;
      }
      if (ws > 0) acc.multiplyScalar(1 / ws);
      out[v * 3] = acc.x;
      out[v * 3 + 1] = acc.y;
      out[v * 3 + 2] = acc.z;
    }
  };
  const used = new Set<number>();
  for (let i = 0; i < skinW.length; i++) if (skinW[i] > 0) used.add(skinJ[i]);
  const gt = [...Array(n).keys()].filter((j) => used.has(j));
  const joints = gt.map((j) => {
    let p = skel.parents[j];
    while (p >= 0 && !used.has(p)) p = skel.parents[p];
    return { name: skel.names[j], parent: p >= 0 ? gt.indexOf(p) : -1, node: j };
  });
  // (A bone assimp renamed `<name>_node` already has its tracks back: shared/mesh/assimp-renamed-bones.ts; a
  // mesh skinned to one of two same-named bones is bound to its own: shared/mesh/assimp-duplicate-bones.ts.)
  const clips = model.clips.map((clip) => {
    const bound = bindClip(skel, clip);
    const sample = (t: number): Map<JointId, THREE.Matrix4> => {
      const pose = restPose(skel);
      sampleBound(bound, t, pose);
      return worldMatrices(skel, pose);
    };
    return { name: clip.name, duration: clip.duration, sample };
  });
  const weights = (): [JointId, number][][] =>
    Array.from({ length: nv }, (_, v) => [0, 1, 2, 3].filter((k) => skinW[v * 4 + k] > 0).map((k): [JointId, number] => [skinJ[v * 4 + k], skinW[v * 4 + k]]));
  return {
    positions,
    indices: Uint32Array.from(idx),
    partOffsets: Uint32Array.from(offsets),
    joints,
    restWorld: joints.map((j) => rest.get(j.node)!),
    skinOf,
    clips,
    restWorldOf: () => rest,
    weightsOf: weights,
    order: [...Array(n).keys()],
    parentOf: (j) => (skel.parents[j] >= 0 ? skel.parents[j] : null),
    nameOf: (j) => skel.names[j],
  };
}

/** World matrix per joint from a pose's local rotations and translations and the rest scales. */
function worldMatrices(skel: Skeleton, pose: Pose): Map<JointId, THREE.Matrix4> {
  const out = new Map<JointId, THREE.Matrix4>();
  const r = skel.restLocal;
  for (let j = 0; j < skel.names.length; j++) {
    const o = j * REST_STRIDE;
    const local = new THREE.Matrix4().compose(
      new THREE.Vector3(pose.translation[j * 3], pose.translation[j * 3 + 1], pose.translation[j * 3 + 2]),
      new THREE.Quaternion(pose.local[j * 4], pose.local[j * 4 + 1], pose.local[j * 4 + 2], pose.local[j * 4 + 3]),
      new THREE.Vector3(r[o + 7], r[o + 8], r[o + 9]),
    );
    const p = skel.parents[j];
    out.set(j, p >= 0 ? out.get(p)!.clone().multiply(local) : local);
  }
  return out;
}

/**
 * The clip whose name (after the last '|') matches and is shortest: KayKit's plain `Idle` rather than
 * `2H_Melee_Idle` (a weapon held in front), which comes first in its files.
 */
export function plainestClip(clips: CorpusRig['clips'], re: RegExp): CorpusRig['clips'][number] | undefined {
  const name = (c: CorpusRig['clips'][number]): string => c.name.split('|').pop()!;
  return clips.filter((c) => re.test(name(c))).sort((a, b) => name(a).length - name(b).length)[0];
}
