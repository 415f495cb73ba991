/**
 * The skeleton as LimbNode models, a Skin deformer per skinned part with one Cluster per bone
 * that weights it, and a BindPose.
 *
 * Each Cluster stores TransformLink = the bone's world matrix at bind time and Transform = its
 * inverse times the mesh's world matrix (identity here: meshes sit at the origin in model
 * space); importers rebuild the inverse bind matrices from these. Only bones that carry weight
 * in a part get a cluster, so Blender makes one vertex group per weighted bone.
 */
import { REST_STRIDE, type Skeleton } from '../../rig/skeleton';
import type { MeshPart } from '../model';
import { invert, mat4 } from '../mat4';
import { worldRestMatrices } from '../skeleton-math';
import { D, I, P, S, rec } from './fbx-binary-encoder';
import { modelChildren, type FbxObjectGraph } from './fbx-object-graph';
import { quatToEulerXYZ } from './fbx-rotation';

export interface FbxSkeleton {
  boneIds: bigint[];
  /** 16 floats per joint: world rest matrix. */
  world: Float64Array;
}

export function addSkeleton(g: FbxObjectGraph, sk: Skeleton): FbxSkeleton {
  const world = worldRestMatrices(sk);
  const boneIds: bigint[] = [];
  const euler = [0, 0, 0];
  // bone display size: a tenth of the skeleton's extent
  let extent = 0;
  for (let j = 0; j < sk.names.length; j++) extent = Math.max(extent, Math.hypot(world[j * 16 + 12], world[j * 16 + 13], world[j * 16 + 14]));
  sk.names.forEach((name, j) => {
    const o = j * REST_STRIDE;
    const r = sk.restLocal;
    quatToEulerXYZ(r.subarray(o + 3, o + 7), euler);
    const model = g.add('Model', name, 'Model', 'LimbNode', modelChildren(r.subarray(o, o + 3), euler, r.subarray(o + 7, o + 10)));
    const attr = g.add('NodeAttribute', name, 'NodeAttribute', 'LimbNode', [
      rec('Properties70', [], [P('Size', 'double', 'Number', '', D(Math.max(extent * 10, 1)))]),
      rec('TypeFlags', [S('Skeleton')]),
    ]);
    g.oo(attr, model);
    g.oo(model, sk.parents[j] >= 0 ? boneIds[sk.parents[j]] : 0n);
    boneIds.push(model);
  });
  return { boneIds, world };
}

export function addSkin(g: FbxObjectGraph, geometryId: bigint, part: MeshPart, sk: Skeleton, bones: FbxSkeleton): void {
  const joints = part.skinJoints!;
  const weights = part.skinWeights!;
  const n = sk.names.length;
  // per bone: vertex indices and weights, in vertex order (deterministic)
  const counts = new Int32Array(n);
  for (let i = 0; i < joints.length; i++) if (weights[i] > 0 && joints[i] < n) counts[joints[i]]++;
  const skin = g.add('Deformer', part.name, 'Deformer', 'Skin', [rec('Version', [I(101)]), rec('Link_DeformAcuracy', [D(50)])]);
  g.oo(skin, geometryId);
  const inv = mat4();
  for (let j = 0; j < n; j++) {
    if (counts[j] === 0) continue;
    const idx = new Int32Array(counts[j]);
    const w = new Float64Array(counts[j]);
    let k = 0;
    for (let i = 0; i < joints.length; i++) {
      if (joints[i] === j && weights[i] > 0) {
        idx[k] = i >> 2;
        w[k] = weights[i];
        k++;
      }
    }
    const link = bones.world.subarray(j * 16, j * 16 + 16);
    invert(inv, link);
    const cluster = g.add('Deformer', sk.names[j], 'SubDeformer', 'Cluster', [
      rec('Version', [I(100)]),
      rec('UserData', [S(''), S('')]),
      rec('Indexes', [idx]),
      rec('Weights', [w]),
      rec('Transform', [Float64Array.from(inv)]),
      rec('TransformLink', [Float64Array.from(link)]),
    ]);
    g.oo(cluster, skin);
    g.oo(bones.boneIds[j], cluster);
  }
}

export function addBindPose(g: FbxObjectGraph, meshModelIds: bigint[], bones: FbxSkeleton): void {
  const identity = Float64Array.from(mat4());
  const nodes = [
    ...meshModelIds.map((id) => rec('PoseNode', [], [rec('Node', [{ t: 'L', v: id }]), rec('Matrix', [identity])])),
    ...bones.boneIds.map((id, j) =>
      rec('PoseNode', [], [rec('Node', [{ t: 'L', v: id }]), rec('Matrix', [Float64Array.from(bones.world.subarray(j * 16, j * 16 + 16))])]),
    ),
  ];
  g.add('Pose', 'BindPose', 'Pose', 'BindPose', [rec('Type', [S('BindPose')]), rec('Version', [I(100)]), rec('NbPoseNodes', [I(nodes.length)]), ...nodes]);
}
