/**
 * A clip as a self-contained scene: the body plan's synthetic character skinned rigidly to its
 * template skeleton (each vertex to the nearest bone segment), with the clip attached. Used to ship
 * built-in clips as GLB files that play anywhere and retarget through `animation_url`, and to render
 * their preview images. Pure: no I/O.
 */
import type { SceneModel } from '../mesh/model';
import { defaultMaterial } from '../mesh/model';
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import { syntheticCharacter } from '../rig/synthetic/characters';
import type { Clip } from './clip';
import type { TemplatePlan } from './template-skeleton';
import { restPose, restWorld } from './pose';
import { bindClip, sampleBound } from './sample-clip';

export function clipSceneModel(plan: TemplatePlan, skeleton: Skeleton, clips: Clip[]): SceneModel {
  const ch = syntheticCharacter(plan, { pose: 'T', accessories: false });
  const pos = ch.mesh.positions;
  const nv = pos.length / 3;
  const world = restWorld(skeleton).position;
  const n = skeleton.names.length;
  const joints = new Uint16Array(nv * 4);
  const weights = new Float32Array(nv * 4);
  for (let v = 0; v < nv; v++) {
    let best = 0, bestD = Infinity;
    for (let c = 0; c < n; c++) {
      const p = skeleton.parents[c];
      if (p < 0) continue;
      const d = segmentDistance(pos, v, world, p, c);
      if (d < bestD) { bestD = d; best = p; }
    }
    joints[v * 4] = best;
    weights[v * 4] = 1;
  }
  const mat = defaultMaterial('Clip preview');
  mat.baseColorFactor = [0.55, 0.62, 0.72, 1];
  return {
    parts: [{ name: `${plan}_preview`, positions: pos, normals: null, uvs: null, colors: null, indices: ch.mesh.indices, material: 0, skinJoints: joints, skinWeights: weights }],
    materials: [mat],
    textures: [],
    skeleton,
    clips,
    meta: { generator: 'Rigdesk clip library', license: 'CC0-1.0' },
  };
}

function segmentDistance(v: Float32Array, i: number, w: Float64Array, a: number, b: number): number {
  const px = v[i * 3] - w[a * 3], py = v[i * 3 + 1] - w[a * 3 + 1], pz = v[i * 3 + 2] - w[a * 3 + 2];
  const dx = w[b * 3] - w[a * 3], dy = w[b * 3 + 1] - w[a * 3 + 1], dz = w[b * 3 + 2] - w[a * 3 + 2];
  const len2 = dx * dx + dy * dy + dz * dz || 1e-12;
  const t = Math.min(1, Math.max(0, (px * dx + py * dy + pz * dz) / len2));
  return Math.hypot(px - t * dx, py - t * dy, pz - t * dz);
}

/** Local TRS per joint (REST_STRIDE floats) of a clip at time t, the renderer's pose format. */
export function clipPoseAt(skeleton: Skeleton, clip: Clip, t: number): Float32Array {
  const pose = restPose(skeleton);
  sampleBound(bindClip(skeleton, clip), t, pose);
  const out = new Float32Array(skeleton.restLocal);
  for (let j = 0; j < skeleton.names.length; j++) {
    const o = j * REST_STRIDE;
    for (let c = 0; c < 3; c++) out[o + c] = pose.translation[j * 3 + c];
    for (let c = 0; c < 4; c++) out[o + 3 + c] = pose.local[j * 4 + c];
  }
  return out;
}
