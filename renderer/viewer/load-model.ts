/**
 * Loads a model for the viewer from bytes or a URL: glTF/GLB and FBX with three's loaders on the
 * main thread (they need DOM image decoding), OBJ/STL in a worker. The result lists what the
 * viewer needs: skinned meshes, bones and clips.
 */
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { addBoneMannequin } from './bone-mannequin';
import { detectPreviewFormat, type PreviewFormat } from './detect-format';
import type { ParseRequest, ParseResponse } from './parse-worker';

export interface LoadedModel {
  root: THREE.Object3D;
  clips: THREE.AnimationClip[];
  skinnedMeshes: THREE.SkinnedMesh[];
  bones: THREE.Bone[];
  triangles: number;
  vertices: number;
  format: PreviewFormat;
}

function parseInWorker(format: 'obj' | 'stl', bytes: ArrayBuffer): Promise<THREE.Object3D> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<ParseResponse>) => {
      worker.terminate();
      if (!e.data.ok) return reject(new Error(e.data.error));
      const group = new THREE.Group();
      const material = new THREE.MeshStandardMaterial({ color: 0xb9bfca, roughness: 0.65, metalness: 0.05 });
      for (const m of e.data.meshes) {
        const g = new THREE.BufferGeometry();
        g.setAttribute('position', new THREE.BufferAttribute(m.position, 3));
        if (m.normal) g.setAttribute('normal', new THREE.BufferAttribute(m.normal, 3));
        else g.computeVertexNormals();
        if (m.index) g.setIndex(new THREE.BufferAttribute(m.index, 1));
        const mesh = new THREE.Mesh(g, material);
        mesh.name = m.name;
        group.add(mesh);
      }
      resolve(group);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(`load-model: the parser stopped: ${e.message}`));
    };
    const request: ParseRequest = { format, bytes };
    worker.postMessage(request, [bytes]);
  });
}

function describe(root: THREE.Object3D, clips: THREE.AnimationClip[], format: PreviewFormat): LoadedModel {
  const skinnedMeshes: THREE.SkinnedMesh[] = [];
  const bones = new Set<THREE.Bone>();
  let triangles = 0;
  let vertices = 0;
  // A clip file with a skeleton and no mesh gets a sample character to play on.
  let meshes = 0;
  const looseBones: THREE.Bone[] = [];
  root.traverse((o) => {
    if ((o as THREE.Mesh).isMesh) meshes++;
    if ((o as THREE.Bone).isBone) looseBones.push(o as THREE.Bone);
  });
  if (meshes === 0 && looseBones.length > 0) addBoneMannequin(root, looseBones);
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (mesh.isMesh) {
      const g = mesh.geometry;
      const v = g.getAttribute('position')?.count ?? 0;
      vertices += v;
      triangles += (g.index ? g.index.count : v) / 3;
      mesh.castShadow = true;
    }
    const skinned = o as THREE.SkinnedMesh;
    if (skinned.isSkinnedMesh) {
      skinnedMeshes.push(skinned);
      for (const b of skinned.skeleton.bones) bones.add(b);
    }
  });
  if (meshes === 0) for (const b of looseBones) bones.add(b);
  return { root, clips, skinnedMeshes, bones: [...bones], triangles: Math.round(triangles), vertices, format };
}

/** Loads `bytes` named `filename`; throws with a message naming the problem. */
export async function loadModelBytes(bytes: ArrayBuffer, filename: string): Promise<LoadedModel> {
  const format = detectPreviewFormat(new Uint8Array(bytes, 0, Math.min(64, bytes.byteLength)), filename);
  switch (format) {
    case 'glb':
    case 'gltf': {
      const gltf = await new GLTFLoader().parseAsync(bytes, '');
      return describe(gltf.scene, gltf.animations, format);
    }
    case 'fbx': {
      const group = new FBXLoader().parse(bytes, '');
      return describe(group, group.animations, format);
    }
    case 'obj':
    case 'stl':
      return describe(await parseInWorker(format, bytes.slice(0)), [], format);
    default:
      throw new Error(`load-model: no preview for ${filename} (the service may still accept it)`);
  }
}

/** Downloads and loads a model served by the service. */
export async function loadModelUrl(url: string, filenameHint?: string, signal?: AbortSignal): Promise<LoadedModel> {
  const res = await fetch(url, { signal, credentials: 'omit' });
  if (!res.ok) throw new Error(`load-model: downloading ${filenameHint ?? url} failed with HTTP ${res.status}`);
  const name = filenameHint ?? new URL(url, location.href).pathname.split('/').pop() ?? 'model.glb';
  return loadModelBytes(await res.arrayBuffer(), name);
}
