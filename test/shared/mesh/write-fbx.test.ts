import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bone, Object3D } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { writeFbx } from '../../../shared/mesh/fbx/write-fbx';
import { readFbxBinary } from '../../../shared/mesh/fbx/fbx-binary-reader';
import { readModel } from '../../../shared/mesh/read-model';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { makeSyntheticSkinned } from '../../support/synthetic-skinned';
import { expectSameRig, jointPositions, modelSize } from '../../support/compare-rig';
import { installThreeNodeShim } from '../../support/three-node';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

installThreeNodeShim();
afterAll(() => stopAssimpWorker());

const ab = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('writeFbx', () => {
  it('is deterministic and structurally sound (our bounds-checked reader parses it)', async () => {
    const a = writeFbx(await makeSyntheticSkinned());
    const b = writeFbx(await makeSyntheticSkinned());
    expect(Buffer.compare(a, b)).toBe(0);
    const doc = readFbxBinary(a, { decodeArrays: true });
    expect(doc.version).toBe(7400);
    const names = doc.nodes.map((n) => n.name);
    expect(names).toEqual(['FBXHeaderExtension', 'FileId', 'CreationTime', 'Creator', 'GlobalSettings', 'Documents', 'References', 'Definitions', 'Objects', 'Connections', 'Takes']);
    const objects = doc.nodes.find((n) => n.name === 'Objects')!.children;
    const kinds = objects.map((o) => `${o.name}:${String(o.props[2])}`);
    expect(kinds.filter((k) => k === 'Model:LimbNode').length).toBe(3);
    expect(kinds.filter((k) => k === 'Deformer:Cluster').length).toBe(4); // body: root, mid, tip; hat: tip
    expect(kinds.filter((k) => k === 'Pose:BindPose').length).toBe(1);
    expect(kinds.filter((k) => k === 'AnimationStack:').length).toBe(2);
    const video = objects.find((o) => o.name === 'Video')!;
    const content = video.children.find((c) => c.name === 'Content')!.props[0] as Uint8Array;
    expect(Array.from(content.subarray(1, 4), (c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const settings = doc.nodes.find((n) => n.name === 'GlobalSettings')!.children[1].children;
    const prop = (name: string) => settings.find((p) => p.props[0] === name)!.props[4];
    expect([prop('UpAxis'), prop('FrontAxis'), prop('CoordAxis'), prop('UnitScaleFactor')]).toEqual([1, 2, 0, 100]);
  });

  it('reads back through assimp with the same joints, rest positions, weights, texture and clips', async () => {
    const model = await makeSyntheticSkinned();
    const back = await readModel(writeFbx(model), 'rt.fbx');
    expectSameRig(model, back.model, 'assimp');
    expect(back.model.textures.length).toBe(1);
    expect(back.report.vertices).toBe(245);
    const hat = back.model.parts.find((p) => p.name === 'Hat')!;
    expect(hat.colors).not.toBeNull();
    expect(hat.colors![0]).toBeCloseTo(1, 5);
  });

  it('reads back through three.js FBXLoader with the same bones and clip durations', async () => {
    const model = await makeSyntheticSkinned();
    const group = new FBXLoader().parse(ab(writeFbx(model)), '') as Object3D & { animations: { name: string; duration: number }[] };
    group.updateMatrixWorld(true);
    const bones: Bone[] = [];
    group.traverse((o) => {
      if ((o as Bone).isBone) bones.push(o as Bone);
    });
    // FBXLoader gives each skinned mesh its own Bone objects for shared LimbNodes
    expect([...new Set(bones.map((b) => b.name))].sort()).toEqual(['mid', 'root', 'tip']);
    const expected = jointPositions(model);
    const tol = 1e-4 * modelSize(model);
    for (const bone of bones) {
      const p = bone.getWorldPosition(bone.position.clone());
      const e = expected.get(bone.name)!;
      expect(Math.hypot(p.x - e[0], p.y - e[1], p.z - e[2]), bone.name).toBeLessThanOrEqual(tol);
    }
    const clips = group.animations.map((c) => [c.name, Number(c.duration.toFixed(4))]);
    expect(clips).toEqual([['Bend', 1], ['Twist', 0.5]]);
  });
});

describeWithCorpus('writeFbx on a corpus clip library', () => {
  it('keeps the fox rig and its 14 clips through an FBX round trip', async () => {
    const { model } = await readModel(readFileSync(corpusPath('animations/mesh2motion/fox-animations.glb')), 'fox.glb');
    const back = await readModel(writeFbx(model), 'fox.fbx');
    expectSameRig(model, back.model, 'fox via FBX');
  });
});
