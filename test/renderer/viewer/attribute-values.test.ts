import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { attributeValues } from '../../../renderer/viewer/attribute-values';
import { boneWeights } from '../../../renderer/viewer/weight-heatmap';
import { applyRig } from '../../../electron/workers/operations/apply-rig';
import { mergeParts } from '../../../shared/mesh/merge';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { sceneFromSynthetic } from '../../support/synthetic-scene';
import { installThreeNodeShim } from '../../support/three-node';

describe('attributeValues', () => {
  it('unpacks an interleaved attribute (stride and offset) instead of returning the shared buffer', () => {
    // Two vertices, stride 5: [x y z | a b]; the attribute is the pair at offset 3.
    const buffer = new THREE.InterleavedBuffer(new Float32Array([0, 0, 0, 1, 2, 9, 9, 9, 3, 4]), 5);
    const attr = new THREE.InterleavedBufferAttribute(buffer, 2, 3);
    expect(Array.from(attributeValues(attr))).toEqual([1, 2, 3, 4]);
  });

  it('denormalises normalized UNSIGNED_BYTE weights to 0..1', () => {
    const attr = new THREE.BufferAttribute(new Uint8Array([255, 0, 51, 204]), 4, true);
    const v = attributeValues(attr);
    expect(v[0]).toBeCloseTo(1);
    expect(v[2] + v[3]).toBeCloseTo(1);
  });

  it('gives the heat map the weights Rigdesk wrote: a rigged GLB read back by GLTFLoader', async () => {
    installThreeNodeShim();
    const c = syntheticCharacter('biped', { accessories: false });
    const scene = sceneFromSynthetic(c);
    const triangles = mergeParts(scene);
    const rig = rigMesh(triangles, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const glb = await writeGlb(applyRig(scene, triangles.partOffsets, rig, 0));
    const gltf = await new GLTFLoader().parseAsync(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '');
    const meshes: THREE.SkinnedMesh[] = [];
    gltf.scene.traverse((o) => (o as THREE.SkinnedMesh).isSkinnedMesh && meshes.push(o as THREE.SkinnedMesh));
    expect(meshes.length).toBeGreaterThan(0);
    let heavy = 0;
    for (const mesh of meshes) {
      const g = mesh.geometry;
      const index = attributeValues(g.getAttribute('skinIndex'));
      const weight = attributeValues(g.getAttribute('skinWeight'));
      const pos = attributeValues(g.getAttribute('position'));
      const count = pos.length / 3;
      for (let v = 0; v < count; v++) expect(weight[v * 4] + weight[v * 4 + 1] + weight[v * 4 + 2] + weight[v * 4 + 3]).toBeCloseTo(1, 2);
      // The left forearm (character's left is +X) moves left-side vertices only, at arm height.
      const forearm = boneWeights(index, weight, 4, mesh.skeleton.bones.findIndex((b) => b.name === 'LeftForeArm'), new Float32Array(count));
      for (let v = 0; v < count; v++) {
        if (forearm[v] < 0.5) continue;
        heavy++;
        expect(pos[v * 3]).toBeGreaterThan(0.2);
      }
    }
    expect(heavy).toBeGreaterThan(10);
  });
});
