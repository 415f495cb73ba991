import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Object3D, SkinnedMesh, Bone } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { readModel } from '../../../shared/mesh/read-model';
import { makeSyntheticSkinned } from '../../support/synthetic-skinned';
import { validateGltf } from '../../support/validate-gltf';
import { expectSameRig, jointPositions, modelSize } from '../../support/compare-rig';
import { installThreeNodeShim } from '../../support/three-node';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { folderResolver } from '../../support/corpus-files';

installThreeNodeShim();

const ab = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('writeGlb', () => {
  it('writes a skinned, animated model the Khronos validator accepts, deterministically', async () => {
    const model = await makeSyntheticSkinned();
    const a = await writeGlb(model);
    const b = await writeGlb(await makeSyntheticSkinned());
    expect(Buffer.compare(a, b)).toBe(0);
    const report = await validateGltf(a);
    expect(report.errors).toEqual([]);
    expect(report.numErrors).toBe(0);
  });

  it('reads back through glTF-Transform with the same joints, rest positions, weights and clips', async () => {
    const model = await makeSyntheticSkinned();
    const back = await readModel(await writeGlb(model), 'rt.glb');
    expectSameRig(model, back.model, 'glTF-Transform');
    expect(back.model.textures.length).toBe(1);
    expect(back.model.parts.map((p) => p.name)).toEqual(['Body', 'Hat']);
    expect(back.model.parts[1].colors).not.toBeNull();
  });

  it('reads back through three.js GLTFLoader with the same bones and clip durations', async () => {
    const model = await makeSyntheticSkinned();
    const glb = await writeGlb(model);
    const gltf = await new Promise<{ scene: Object3D; animations: { name: string; duration: number }[] }>((res, rej) =>
      new GLTFLoader().parse(ab(glb), '', res as never, rej),
    );
    gltf.scene.updateMatrixWorld(true);
    let skinned: SkinnedMesh | null = null;
    gltf.scene.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh) skinned = o as SkinnedMesh;
    });
    const bones = (skinned as unknown as SkinnedMesh).skeleton.bones as Bone[];
    expect(bones.map((b) => b.name)).toEqual(['root', 'mid', 'tip']);
    const expected = jointPositions(model);
    const tol = 1e-4 * modelSize(model);
    for (const bone of bones) {
      const p = bone.getWorldPosition(bone.position.clone());
      const e = expected.get(bone.name)!;
      expect(Math.hypot(p.x - e[0], p.y - e[1], p.z - e[2])).toBeLessThanOrEqual(tol);
    }
    expect(gltf.animations.map((c) => [c.name, c.duration])).toEqual([['Bend', 1], ['Twist', 0.5]]);
  });
});

describeWithCorpus('writeGlb on corpus characters', () => {
  it('rewrites rigged corpus files with zero validator errors and the same rig', async () => {
    for (const rel of ['animations/mesh2motion/fox-animations.glb', 'props/kenney_mini_arena/Models/GLB format/character-soldier.glb']) {
      const file = corpusPath(rel);
      const { model } = await readModel(readFileSync(file), file, { resolveResource: folderResolver(file) });
      const glb = await writeGlb(model);
      const report = await validateGltf(glb);
      expect(report.errors, rel).toEqual([]);
      const back = await readModel(glb, 'rt.glb');
      expectSameRig(model, back.model, rel);
    }
  });
});
