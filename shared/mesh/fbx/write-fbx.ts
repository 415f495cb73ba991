/**
 * writeFbx: a SceneModel as a binary FBX 7.4 file (Y up, metres, facing +Z declared in
 * GlobalSettings), with meshes, normals, UVs, vertex colours, materials with embedded base
 * colour textures, the skeleton as LimbNodes, a Skin with one Cluster per weighted bone and a
 * BindPose, and one animation stack per clip. Deterministic: fixed ids, times and file id.
 *
 * Why our own writer: no FBX writer exists for JavaScript (see fbx-binary-encoder.ts).
 * Layout: fbx-binary-encoder (records to bytes), fbx-object-graph (ids, connections, document
 * sections), fbx-geometry, fbx-material, fbx-skin, fbx-animation.
 *
 * @example
 *   writeFileSync('rigged.fbx', writeFbx(model));
 */
import type { SceneModel } from '../model';
import { cleanInfluences } from '../skin-influences';
import { encodeFbx } from './fbx-binary-encoder';
import { FbxObjectGraph, modelChildren } from './fbx-object-graph';
import { geometryChildren } from './fbx-geometry';
import { addMaterial, addTextures } from './fbx-material';
import { addBindPose, addSkeleton, addSkin } from './fbx-skin';
import { addClips } from './fbx-animation';
import { defaultMaterial } from '../model';

export interface WriteFbxOptions {
  /** The `Creator` string. */
  creator?: string;
  skipClips?: boolean;
}

export const WRITE_FBX_DEFAULTS: Required<WriteFbxOptions> = { creator: 'Rigdesk FBX writer 1.0', skipClips: false };

export function writeFbx(model: SceneModel, options: WriteFbxOptions = {}): Uint8Array {
  const opts = { ...WRITE_FBX_DEFAULTS, ...options };
  const g = new FbxObjectGraph();
  const textureIds = addTextures(g, model.textures);
  const materialIds = model.materials.map((m) => addMaterial(g, m, textureIds));
  let fallbackMaterial: bigint | null = null;
  const sk = model.skeleton && model.skeleton.names.length > 0 ? model.skeleton : null;
  const bones = sk ? addSkeleton(g, sk) : null;
  const meshModels: bigint[] = [];
  const zero = [0, 0, 0];
  const one = [1, 1, 1];
  model.parts.forEach((part, i) => {
    if (part.positions.length === 0 || part.indices.length < 3) return;
    const name = part.name || `part_${i}`;
    const meshModel = g.add('Model', name, 'Model', 'Mesh', modelChildren(zero, zero, one));
    const geometry = g.add('Geometry', name, 'Geometry', 'Mesh', geometryChildren(part));
    g.oo(meshModel, 0n);
    g.oo(geometry, meshModel);
    let mat = part.material !== null ? materialIds[part.material] : undefined;
    if (mat === undefined) mat = fallbackMaterial ??= addMaterial(g, defaultMaterial(), textureIds);
    g.oo(mat, meshModel);
    if (sk && bones && part.skinJoints && part.skinWeights) {
      const clean = cleanInfluences(part.skinJoints, part.skinWeights, sk.names.length);
      addSkin(g, geometry, { ...part, skinJoints: clean.joints, skinWeights: clean.weights }, sk, bones);
      meshModels.push(meshModel);
    }
  });
  if (bones) addBindPose(g, meshModels, bones);
  const clips = sk && bones && !opts.skipClips ? model.clips : [];
  if (sk && bones) addClips(g, clips, sk, bones.boneIds);
  const duration = clips.reduce((a, c) => Math.max(a, c.duration), 0);
  return encodeFbx(g.document({ creator: opts.creator, takes: clips.map((c) => ({ name: c.name, duration: c.duration })), duration }));
}
