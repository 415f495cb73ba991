import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readModel } from '../../../shared/mesh/read-model';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { folderResolver, listCorpus } from '../../support/corpus-files';

async function read(file: string) {
  return readModel(readFileSync(file), path.basename(file), { resolveResource: folderResolver(file) });
}

afterAll(() => stopAssimpWorker());

describeWithCorpus('readModel on the real corpus', () => {
  it('reads the KayKit characters with their 41-joint skin and 76 clips', async () => {
    for (const name of ['Barbarian', 'Knight', 'Mage']) {
      const { model, report } = await read(corpusPath('characters/kaykit', `${name}.glb`));
      expect(report.hasSkin).toBe(true);
      expect(report.jointCount).toBe(41);
      expect(report.clips.length).toBe(76);
      expect(report.triangles).toBeGreaterThan(5000);
      expect(report.parts).toBeGreaterThanOrEqual(12);
      expect(model.textures.length).toBe(1);
      expect(model.clips.map((c) => c.name)).toEqual(expect.arrayContaining(['Idle', 'Walking_A', 'Running_A']));
      // every part follows the skeleton: skinned bodies and weapons bound to their hand slot
      for (const p of model.parts) expect(p.skinJoints).not.toBeNull();
      const sk = model.skeleton!;
      for (let j = 0; j < sk.names.length; j++) expect(sk.parents[j]).toBeLessThan(j);
      const idle = model.clips.find((c) => c.name === 'Idle')!;
      expect(idle.duration).toBeGreaterThan(0.5);
      expect(idle.tracks.every((t) => sk.names.includes(t.joint))).toBe(true);
      // standing on the ground, about 2.5 units tall (KayKit scale)
      expect(report.bbox.min[1]).toBeCloseTo(0, 2);
      expect(report.bbox.max[1]).toBeGreaterThan(2);
    }
  }, 240_000); // ~4 s on an idle machine; generous for a shared, loaded one

  it('reads the Mesh2Motion rigged characters with UE-style names and no clips', async () => {
    const files = listCorpus('characters/mesh2motion/rigged', '.glb');
    expect(files.length).toBe(6);
    for (const f of files) {
      const { model, report } = await read(f);
      expect(report.hasSkin, f).toBe(true);
      expect(report.jointCount, f).toBeGreaterThanOrEqual(33);
      expect(report.jointCount, f).toBeLessThanOrEqual(66);
      expect(report.clips.length).toBe(0);
      const w = model.parts[0].skinWeights!;
      for (let v = 0; v < w.length; v += 4) expect(Math.abs(w[v] + w[v + 1] + w[v + 2] + w[v + 3] - 1)).toBeLessThan(1e-5);
    }
    const human = await read(corpusPath('characters/mesh2motion/rigged/human-male.glb'));
    expect(human.model.skeleton!.names).toEqual(expect.arrayContaining(['pelvis', 'spine_01', 'upperarm_l', 'thigh_l']));
  });

  it('reads the unrigged Mesh2Motion meshes as static meshes', async () => {
    for (const f of listCorpus('characters/mesh2motion/unrigged', '.glb')) {
      const { report } = await read(f);
      expect(report.jointCount, f).toBe(0);
      expect(report.triangles, f).toBeGreaterThan(100);
    }
  });

  it('reads the rigged KayKit FBX with its 6-joint skin and 18 animation stacks', async () => {
    const { model, report } = await read(corpusPath('fbx/kaykit_character_animations/KayKit Animated Character_v1.1.fbx'));
    expect(report.hasSkin).toBe(true);
    expect(report.jointCount).toBe(6);
    expect(report.clips.length).toBe(18);
    expect(model.skeleton!.names).toEqual(['Body', 'Head', 'armLeft', 'handSlotLeft', 'armRight', 'handSlotRight']);
    expect(report.bbox.max[1] - report.bbox.min[1]).toBeGreaterThan(1.5);
    expect(report.bbox.max[1] - report.bbox.min[1]).toBeLessThan(2.5);
  });

  it('reads the textured FBX props and OBJ+MTL with their texture', async () => {
    for (const f of [...listCorpus('fbx/kaykit_dungeon_remastered', '.fbx'), ...listCorpus('fbx/kaykit_adventurers_assets', '.fbx')]) {
      const { model, report } = await read(f);
      expect(report.triangles, f).toBeGreaterThan(50);
      expect(report.vertices, f).toBeLessThan(report.triangles * 3); // welded
      expect(model.parts.every((p) => p.uvs !== null), f).toBe(true);
      // the crossbow names a texture that is not in the pack: a warning, not a failure
      if (f.includes('crossbow')) expect(report.warnings.join()).toContain('rogue_texture.png');
      else expect(model.textures.length, f).toBe(1);
    }
    for (const f of listCorpus('obj', '.obj')) {
      const { model, report } = await read(f);
      expect(report.triangles, f).toBeGreaterThan(50);
      expect(model.textures.length, f).toBe(1);
      expect(model.textures[0].mimeType).toBe('image/png');
      expect(model.parts.some((p) => p.material !== null && model.materials[p.material].baseColorTexture === 0), f).toBe(true);
    }
  });

  it('reads binary and ASCII STL alike, turned Y up', async () => {
    const bin = await read(corpusPath('stl/utah_teapot_binary.stl'));
    const ascii = await read(corpusPath('stl/utah_teapot_ascii_CONVERTED.stl'));
    expect(bin.report.triangles).toBe(9438);
    expect(ascii.report.triangles).toBe(9438);
    for (let c = 0; c < 3; c++) expect(ascii.report.bbox.max[c]).toBeCloseTo(bin.report.bbox.max[c], 4);
    expect(bin.report.bbox.min[1]).toBeCloseTo(0, 4); // it sat on z = 0 in the file
  });
});
