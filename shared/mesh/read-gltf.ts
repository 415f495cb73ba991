/**
 * sceneModelFromDocument: a glTF-Transform Document as a SceneModel (model space, Y up, metres).
 *
 * Notes on the skeleton (the rigging evaluation uses it as ground truth):
 * - Joints are the union of all skins' joints plus nodes that animations really move (Kenney's
 *   rigid characters animate mesh nodes without a skin). Order is scene DFS, so parents come
 *   before children; each joint's parent is its nearest ancestor that is a joint.
 * - Non-joint nodes between joints (an "Armature" node, often with FBX's 0.01 scale) are folded
 *   into the child's rest transform, and the same fixed transform is applied to that joint's
 *   animation tracks, so clips still play on the folded skeleton. Folding assumes the folded
 *   transform has uniform scale (true of real exporters; a shear would be lost).
 * - Rigid meshes under a joint (KayKit's weapons in the hand slot) are bound to that joint with
 *   weight 1, so they follow the skeleton in every writer.
 * Rejected: keeping the node graph as-is in the model (every engine would then have to know
 * glTF node semantics); baking clips into vertex caches (loses the skeleton).
 */
import type { Document, Node, Skin } from '@gltf-transform/core';
import type { Clip, ClipTrack } from '../anim/clip';
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import { MeshFormatError, MeshLimitError } from './errors';
import { applyUvTransform, readMaterials } from './gltf-materials';
import { readFloats, readPrimitive, type PartTransform } from './gltf-primitive';
import { MAX_JOINTS, MAX_KEYFRAMES, MAX_TRIANGLES, MAX_VERTICES } from './limits';
import { compose, decompose, distanceFromIdentity, invert, mat4, multiply, quatMultiply, type Mat4 } from './mat4';
import type { MeshPart, SceneModel } from './model';

const P = 'read-gltf';

interface Graph {
  order: Node[];
  parent: Map<Node, Node | null>;
  world: Map<Node, Mat4>;
  local: Map<Node, Mat4>;
}

function traverse(doc: Document): Graph {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) throw new MeshFormatError(`${P}: the file has no scene`);
  const g: Graph = { order: [], parent: new Map(), world: new Map(), local: new Map() };
  const stack: [Node, Node | null][] = scene.listChildren().map((n) => [n, null] as [Node, Node | null]).reverse();
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    if (g.world.has(node)) continue;
    const local = compose(mat4(), node.getTranslation(), node.getRotation(), node.getScale());
    const world = parent ? multiply(mat4(), g.world.get(parent)!, local) : local.slice();
    g.order.push(node);
    g.parent.set(node, parent);
    g.local.set(node, local);
    g.world.set(node, world);
    const kids = node.listChildren();
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], node]);
  }
  return g;
}

/** True when an animation channel moves its node away from the node's rest value. */
function channelMoves(node: Node, path: string, values: Float32Array, comps: number): boolean {
  const rest = path === 'translation' ? node.getTranslation() : path === 'rotation' ? node.getRotation() : node.getScale();
  for (let i = 0; i < values.length; i += comps) {
    let d = 0;
    let dneg = 0;
    for (let c = 0; c < comps; c++) {
      d = Math.max(d, Math.abs(values[i + c] - rest[c]));
      dneg = Math.max(dneg, Math.abs(-values[i + c] - rest[c]));
    }
    if (Math.min(d, path === 'rotation' ? dneg : d) > 1e-5) return true;
  }
  return false;
}

interface SkeletonBuild {
  skeleton: Skeleton;
  index: Map<Node, number>;
  /** Per joint: fixed transform folded into its rest/tracks (null when none). */
  fold: (Mat4 | null)[];
}

function buildSkeleton(doc: Document, g: Graph, warnings: string[]): SkeletonBuild | null {
  const root = doc.getRoot();
  const members = new Set<Node>();
  for (const skin of root.listSkins()) {
    for (const j of skin.listJoints()) if (g.world.has(j)) members.add(j);
  }
  for (const anim of root.listAnimations()) {
    for (const ch of anim.listChannels()) {
      const node = ch.getTargetNode();
      const path = ch.getTargetPath();
      const out = ch.getSampler()?.getOutput();
      if (!node || !out || members.has(node) || !g.world.has(node) || path === 'weights' || !path) continue;
      const comps = path === 'rotation' ? 4 : 3;
      const values = readFloats(out, comps);
      const interp = ch.getSampler()!.getInterpolation();
      if (channelMoves(node, path, interp === 'CUBICSPLINE' ? cubicValues(values, comps) : values, comps)) members.add(node);
    }
  }
  if (members.size === 0) return null;
  // Bones that weight no vertex are often missing from a skin (assimp lists only weighted FBX
  // bones): mesh-less nodes below a joint are skeleton too. assimp's pivot helpers are folded.
  for (const n of g.order) {
    const p = g.parent.get(n);
    if (p && members.has(p) && !members.has(n) && !n.getMesh() && !n.getName().includes('$AssimpFbx$')) members.add(n);
  }
  if (members.size > MAX_JOINTS) throw new MeshLimitError(`${P}: ${members.size} joints, above the limit of ${MAX_JOINTS}`, 'joints');
  const nodes = g.order.filter((n) => members.has(n));
  const index = new Map(nodes.map((n, i) => [n, i]));
  const parents = new Int32Array(nodes.length);
  const restLocal = new Float32Array(nodes.length * REST_STRIDE);
  const fold: (Mat4 | null)[] = [];
  const used = new Set<string>();
  const names: string[] = [];
  const t = [0, 0, 0], q = [0, 0, 0, 1], s = [1, 1, 1];
  const inv = mat4();
  nodes.forEach((node, i) => {
    let name = node.getName() || `joint_${i}`;
    for (let k = 1; used.has(name); k++) name = `${node.getName() || 'joint'}_${k}`;
    if (name !== (node.getName() || `joint_${i}`)) warnings.push(`joint name "${node.getName()}" repeats; renamed "${name}"`);
    used.add(name);
    names.push(name);
    let pj: Node | null = g.parent.get(node) ?? null;
    while (pj && !index.has(pj)) pj = g.parent.get(pj) ?? null;
    parents[i] = pj ? index.get(pj)! : -1;
    const direct = g.parent.get(node) ?? null;
    let f: Mat4 | null = null;
    if (direct !== pj) {
      // fixed transform from the parent joint's space (or model space) to the node's parent space
      f = mat4();
      if (pj) invert(inv, g.world.get(pj)!);
      multiply(f, pj ? inv : mat4(), g.world.get(direct!)!);
      if (distanceFromIdentity(f) < 1e-7) f = null;
    }
    fold.push(f);
    const o = i * REST_STRIDE;
    if (f) {
      decompose(multiply(mat4(), f, g.local.get(node)!), t, q, s);
      restLocal.set([t[0], t[1], t[2], q[0], q[1], q[2], q[3], s[0], s[1], s[2]], o);
    } else {
      restLocal.set(node.getTranslation(), o);
      restLocal.set(node.getRotation(), o + 3);
      restLocal.set(node.getScale(), o + 7);
    }
  });
  return { skeleton: { names, parents, restLocal }, index, fold };
}

/** CUBICSPLINE output holds (inTangent, value, outTangent) per key: keep the values. */
function cubicValues(values: Float32Array, comps: number): Float32Array {
  const keys = Math.floor(values.length / (3 * comps));
  const out = new Float32Array(keys * comps);
  for (let k = 0; k < keys; k++) out.set(values.subarray((k * 3 + 1) * comps, (k * 3 + 2) * comps), k * comps);
  return out;
}

/** Keys per second a CUBICSPLINE track is sampled at (the clip model holds LINEAR and STEP only). */
const CUBIC_SAMPLES_PER_SECOND = 60;

/** glTF cubic Hermite spline (appendix C of the spec) sampled into linear keys, the given keys kept. */
export function sampleCubicSpline(times: Float32Array, out: Float32Array, comps: number): { times: Float32Array; values: Float32Array } {
  const t: number[] = [];
  const v: number[] = [];
  const n = times.length;
  const at = (k: number, part: 0 | 1 | 2, c: number): number => out[(k * 3 + part) * comps + c];
  for (let k = 0; k < n; k++) {
    const steps = k + 1 < n ? Math.max(1, Math.ceil((times[k + 1] - times[k]) * CUBIC_SAMPLES_PER_SECOND)) : 1;
    const dt = k + 1 < n ? times[k + 1] - times[k] : 0;
    for (let i = 0; i < steps; i++) {
      const s = i / steps;
      t.push(times[k] + s * dt);
      const s2 = s * s, s3 = s2 * s;
      const start = v.length;
      for (let c = 0; c < comps; c++) {
        if (i === 0) { v.push(at(k, 1, c)); continue; }
        v.push((2 * s3 - 3 * s2 + 1) * at(k, 1, c) + (s3 - 2 * s2 + s) * dt * at(k, 2, c) + (-2 * s3 + 3 * s2) * at(k + 1, 1, c) + (s3 - s2) * dt * at(k + 1, 0, c));
      }
      if (comps === 4) {
        const l = Math.hypot(v[start], v[start + 1], v[start + 2], v[start + 3]) || 1;
        for (let c = 0; c < 4; c++) v[start + c] /= l;
      }
    }
  }
  return { times: Float32Array.from(t), values: Float32Array.from(v) };
}

function foldTrack(values: Float32Array, path: ClipTrack['path'], f: Mat4): void {
  const t = [0, 0, 0], q = [0, 0, 0, 1], s = [1, 1, 1];
  decompose(f, t, q, s);
  for (let i = 0; i < values.length; ) {
    if (path === 'translation') {
      const x = values[i], y = values[i + 1], z = values[i + 2];
      values[i] = f[0] * x + f[4] * y + f[8] * z + f[12];
      values[i + 1] = f[1] * x + f[5] * y + f[9] * z + f[13];
      values[i + 2] = f[2] * x + f[6] * y + f[10] * z + f[14];
      i += 3;
    } else if (path === 'rotation') {
      quatMultiply(values, q, values.subarray(i, i + 4), i);
      i += 4;
    } else {
      for (let c = 0; c < 3; c++) values[i + c] *= Math.abs(s[c]);
      i += 3;
    }
  }
}

function readClips(doc: Document, sk: SkeletonBuild, warnings: string[]): Clip[] {
  const clips: Clip[] = [];
  const names = new Set<string>();
  let keyframes = 0;
  let droppedWeights = false;
  doc.getRoot().listAnimations().forEach((anim, ai) => {
    const tracks: ClipTrack[] = [];
    let duration = 0;
    for (const ch of anim.listChannels()) {
      const sampler = ch.getSampler();
      const input = sampler?.getInput();
      const output = sampler?.getOutput();
      const node = ch.getTargetNode();
      const path = ch.getTargetPath();
      if (!sampler || !input || !output || !node) continue;
      const times = readFloats(input, 1);
      for (let k = 0; k < times.length; k++) {
        if (!Number.isFinite(times[k]) || (k > 0 && times[k] < times[k - 1])) {
          throw new MeshFormatError(`${P}: animation "${anim.getName()}" has keyframe times that are not increasing`);
        }
      }
      if (times.length) duration = Math.max(duration, times[times.length - 1]);
      if (path === 'weights') {
        droppedWeights = true;
        continue;
      }
      const j = sk.index.get(node);
      if (j === undefined || (path !== 'translation' && path !== 'rotation' && path !== 'scale')) continue;
      const comps = path === 'rotation' ? 4 : 3;
      let values = readFloats(output, comps);
      let interpolation = sampler.getInterpolation();
      let keyTimes = times;
      if (interpolation === 'CUBICSPLINE' && values.length === times.length * comps * 3) {
        // The curve between keys follows the tangents: sampled densely, not joined by straight lines.
        ({ times: keyTimes, values } = sampleCubicSpline(times, values, comps));
        interpolation = 'LINEAR';
      } else if (interpolation === 'CUBICSPLINE') {
        values = cubicValues(values, comps);
        interpolation = 'LINEAR';
      }
      if (values.length !== keyTimes.length * comps) {
        warnings.push(`animation "${anim.getName()}": a ${path} track of "${node.getName()}" has ${values.length / comps} values for ${times.length} times; dropped`);
        continue;
      }
      keyframes += keyTimes.length;
      if (keyframes > MAX_KEYFRAMES) throw new MeshLimitError(`${P}: more than ${MAX_KEYFRAMES} keyframes`, 'keyframes');
      const f = sk.fold[j];
      if (f) foldTrack(values, path, f);
      tracks.push({ joint: sk.skeleton.names[j], path, interpolation, times: keyTimes, values });
    }
    let name = anim.getName() || `clip_${ai}`;
    for (let k = 1; names.has(name); k++) name = `${anim.getName() || 'clip'}_${k}`;
    names.add(name);
    if (tracks.length === 0) {
      warnings.push(`animation "${name}" moves no joint; skipped`);
      return;
    }
    clips.push({ name, duration, tracks });
  });
  if (droppedWeights) warnings.push('morph-target (weights) animation is not carried');
  return clips;
}

/** Per skin: jointWorld * inverseBind per scene joint (16 floats each), or null when all are identity. */
function bindFixFor(skin: Skin, g: Graph, sk: SkeletonBuild, jointMap: Int32Array): Float64Array | null {
  const joints = skin.listJoints();
  const ibm = skin.getInverseBindMatrices();
  const fix = new Float64Array(sk.skeleton.names.length * 16);
  const m = mat4();
  const el = new Array<number>(16).fill(0);
  let worst = 0;
  for (let k = 0; k < joints.length; k++) {
    const j = jointMap[k];
    if (j < 0) continue;
    if (ibm && k < ibm.getCount()) ibm.getElement(k, el);
    else for (let c = 0; c < 16; c++) el[c] = c % 5 === 0 ? 1 : 0;
    multiply(m, g.world.get(joints[k])!, el);
    fix.set(m, j * 16);
    worst = Math.max(worst, distanceFromIdentity(m));
  }
  if (worst < 1e-5) return null;
  for (let j = 0; j < sk.skeleton.names.length; j++) {
    if (fix[j * 16 + 15] === 0) fix.set(mat4(), j * 16); // joints not in this skin
  }
  return fix;
}

export function sceneModelFromDocument(doc: Document, warnings: string[]): SceneModel {
  const g = traverse(doc);
  const sk = buildSkeleton(doc, g, warnings);
  const table = readMaterials(doc.getRoot().listMaterials(), warnings);
  const parts: MeshPart[] = [];
  let vertices = 0;
  let triangles = 0;
  const skinCache = new Map<Skin, { jointMap: Int32Array; bindFix: Float64Array | null }>();
  for (const node of g.order) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const skin = node.getSkin();
    let xf: PartTransform;
    if (skin && sk) {
      let cached = skinCache.get(skin);
      if (!cached) {
        const jointMap = Int32Array.from(skin.listJoints(), (j) => sk.index.get(j) ?? -1);
        if (jointMap.some((j) => j < 0)) warnings.push(`skin "${skin.getName()}" lists joints outside the scene; their weights are dropped`);
        cached = { jointMap, bindFix: bindFixFor(skin, g, sk, jointMap) };
        skinCache.set(skin, cached);
      }
      xf = { kind: 'skinned', ...cached };
    } else {
      let holder: Node | null = node;
      while (holder && !(sk && sk.index.has(holder))) holder = g.parent.get(holder) ?? null;
      xf = { kind: 'static', matrix: g.world.get(node)!, rigidJoint: holder && sk ? sk.index.get(holder)! : -1 };
    }
    const prims = mesh.listPrimitives();
    prims.forEach((prim, k) => {
      const base = node.getName() || mesh.getName() || `part_${parts.length}`;
      const name = prims.length > 1 ? `${base}_${k}` : base;
      const gm = prim.getMaterial();
      const material = gm ? table.index.get(gm)! : null;
      const texCoord = material === null ? 0 : table.texCoord[material];
      const part = readPrimitive(prim, name, xf, texCoord, material, warnings);
      if (!part) return;
      const uvt = material === null ? null : table.uvTransform[material];
      if (part.uvs && uvt) applyUvTransform(part.uvs, uvt);
      vertices += part.positions.length / 3;
      triangles += part.indices.length / 3;
      if (triangles > MAX_TRIANGLES) throw new MeshLimitError(`${P}: more than ${MAX_TRIANGLES} triangles (the face limit)`, 'triangles');
      if (vertices > MAX_VERTICES) throw new MeshLimitError(`${P}: more than ${MAX_VERTICES} vertices`, 'vertices');
      parts.push(part);
    });
  }
  if (parts.length === 0) throw new MeshFormatError(`${P}: the file holds no triangle mesh`);
  const asset = doc.getRoot().getAsset();
  return {
    parts,
    materials: table.materials,
    textures: table.textures,
    skeleton: sk ? sk.skeleton : null,
    clips: sk ? readClips(doc, sk, warnings) : [],
    meta: { generator: asset.generator ?? '', sourceSkins: doc.getRoot().listSkins().length, units: 'm' },
  };
}
