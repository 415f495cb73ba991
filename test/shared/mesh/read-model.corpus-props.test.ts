import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readModel } from '../../../shared/mesh/read-model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { folderResolver, listCorpus } from '../../support/corpus-files';

async function read(file: string) {
  return readModel(readFileSync(file), path.basename(file), { resolveResource: folderResolver(file) });
}

describeWithCorpus('readModel on the corpus props and clip libraries', () => {
  it('reads every prop GLB, with external (Kenney) and embedded (KayKit) textures', async () => {
    const files = [
      ...listCorpus('props/kenney_mini_arena', '.glb'),
      ...listCorpus('props/kenney_platformer', '.glb'),
      ...listCorpus('props/kaykit_dungeon_remastered', '.glb'),
      ...listCorpus('props/kaykit_dungeon_remastered', '.gltf'),
    ];
    expect(files.length).toBeGreaterThanOrEqual(80);
    for (const f of files) {
      const { model, report } = await read(f);
      expect(report.triangles, f).toBeGreaterThan(0);
      expect(report.warnings.filter((w) => w.includes('not supplied')), f).toEqual([]);
      expect(model.textures.length, f).toBeGreaterThanOrEqual(1);
    }
  }, 240_000);

  it('recognises the rigged Kenney soldier (2 skins, 32 clips) and rigid node animation', async () => {
    const soldier = await read(corpusPath('props/kenney_mini_arena/Models/GLB format/character-soldier.glb'));
    expect(soldier.report.hasSkin).toBe(true);
    expect(soldier.report.clips.length).toBe(32);
    const platformer = await read(corpusPath('props/kenney_platformer/models/character.glb'));
    expect(platformer.report.hasSkin).toBe(false);
    expect(platformer.report.jointCount).toBeGreaterThan(0);
    expect(platformer.report.clips.map((c) => c.name)).toEqual(expect.arrayContaining(['idle', 'walk']));
  });

  it('reads every Mesh2Motion clip library with the documented clip counts', async () => {
    const expected: Record<string, number> = {
      'bird-animations.glb': 5, 'dragon-animations.glb': 5, 'fox-animations.glb': 14, 'horse-animations.glb': 14,
      'kaiju-animations.glb': 10, 'shark-animations.glb': 7, 'snake-animations.glb': 8, 'spider-animations.glb': 10,
      'human-base-animations@5222701.glb': 44, 'human-addon-animations@8b0c86a.glb': 37,
    };
    for (const [name, clips] of Object.entries(expected)) {
      const { model, report } = await read(corpusPath('animations/mesh2motion', name));
      expect(report.clips.length, name).toBe(clips);
      expect(report.hasSkin, name).toBe(true);
      for (const c of model.clips) expect(c.duration, `${name} ${c.name}`).toBeGreaterThan(0);
      if (name.startsWith('human-base')) expect(model.skeleton!.names.some((n) => n.startsWith('DEF-'))).toBe(true);
    }
  }, 240_000);
});
