/**
 * A generated model written with the project's writeGlb passes the Khronos glTF validator with
 * zero errors and reads back (glTF-Transform, three.js GLTFLoader) as one closed textured mesh.
 */
import { NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error gltf-validator ships no type declarations
import validator from 'gltf-validator';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { checkClosedManifold } from '../../../shared/generate/mesh-checks';
import { generateFromImageBytes } from '../../../shared/generate/generate-from-bytes';
import { encode, figureOn } from './support/synth-images';

describe('generated model as GLB', () => {
  it('passes gltf-validator with zero errors and reads back watertight with its texture', async () => {
    const { image } = figureOn('colored', 512, 512, 2);
    const result = await generateFromImageBytes(await encode(image, 'jpeg'), { height_meters: 1.5, triangle_budget: 20000 });
    const glb = await writeGlb(result.model);
    const report = await validator.validateBytes(glb, { maxIssues: 100 });
    const errors = report.issues.messages.filter((m: { severity: number }) => m.severity === 0);
    expect(errors, JSON.stringify(errors.slice(0, 3))).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    expect(report.info.totalTriangleCount).toBe(result.report.triangles);
    expect(report.info.hasTextures).toBe(true);

    const doc = await new NodeIO().readBinary(glb);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    const positions = prim.getAttribute('POSITION')!.getArray() as Float32Array;
    const indices = Uint32Array.from(prim.getIndices()!.getArray()!);
    expect(checkClosedManifold(positions, indices).watertight).toBe(true);
    expect(prim.getAttribute('TEXCOORD_0')).not.toBeNull();
    const texture = prim.getMaterial()!.getBaseColorTexture()!;
    expect(texture.getMimeType()).toBe('image/png');
    const [minY, maxY] = [prim.getAttribute('POSITION')!.getMin([])[1], prim.getAttribute('POSITION')!.getMax([])[1]];
    expect(minY).toBeCloseTo(0, 5);
    expect(maxY).toBeCloseTo(1.5, 4);
  });

  it('loads in three.js GLTFLoader as one closed mesh of the right size', async () => {
    const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
    const { image } = figureOn('alpha', 256, 256);
    const result = await generateFromImageBytes(await encode(image, 'png'), { triangle_budget: 5000, height_meters: 2 });
    // Node has no DOM image decoder for GLTFLoader, so this copy leaves the texture out.
    const model = { ...result.model, textures: [], materials: result.model.materials.map((m) => ({ ...m, baseColorTexture: null })) };
    const glb = await writeGlb(model);
    const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
    const gltf = await new Promise<{ scene: import('three').Object3D }>((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve as never, reject));
    const meshes: import('three').Mesh[] = [];
    gltf.scene.traverse((o) => { if ((o as import('three').Mesh).isMesh) meshes.push(o as import('three').Mesh); });
    expect(meshes).toHaveLength(1);
    const geometry = meshes[0].geometry;
    expect(geometry.index!.count / 3).toBe(result.report.triangles);
    geometry.computeBoundingBox();
    expect(geometry.boundingBox!.min.y).toBeCloseTo(0, 5);
    expect(geometry.boundingBox!.max.y).toBeCloseTo(2, 4);
    const positions = geometry.getAttribute('position').array as Float32Array;
    expect(checkClosedManifold(positions, Uint32Array.from(geometry.index!.array)).watertight).toBe(true);
  });
});
