import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../../shared/catalog/categories';
import { modelFileInfo, packIdFrom, scanPack } from '../../../shared/catalog/scan-pack';
import { readZipPack } from '../../../shared/catalog/zip-pack';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? walk(p, root) : [path.relative(root, p).split(path.sep).join('/')];
  });
}

describe('scanPack', () => {
  it('derives kebab-case pack ids from folder and zip names', () => {
    expect(packIdFrom('/x/kenney_mini-arena')).toBe('kenney-mini-arena');
    expect(packIdFrom('C:\\packs\\KayKit Dungeon Remastered 1.1.zip')).toBe('kaykit-dungeon-remastered-1-1');
    expect(packIdFrom('QuaterniusUltimateNature.zip')).toBe('quaternius-ultimate-nature');
    expect(packIdFrom('!!!')).toBe('imported-pack');
  });

  it('recognises model files, including double extensions', () => {
    expect(modelFileInfo('barrel_large.gltf.glb')).toEqual({ stem: 'barrel_large', format: 'glb' });
    expect(modelFileInfo('Tree.FBX')).toEqual({ stem: 'Tree', format: 'fbx' });
    expect(modelFileInfo('colormap.png')).toBeNull();
    expect(modelFileInfo('.glb')).toBeNull();
  });

  it('imports each asset once, in the best format, and keeps same-named assets in different folders apart', () => {
    const scan = scanPack('nature-pack.zip', [
      'Models/GLB format/rock_a.glb', 'Models/FBX format/rock_a.fbx', 'Models/OBJ format/rock_a.obj', 'Models/OBJ format/rock_a.mtl',
      'Models/OBJ format/tree.obj', 'Models/FBX format/tree.fbx',
      'Trees/small.gltf', 'Trees/small.bin', 'Rocks/small.glb', 'Rocks/small.dae',
      '__MACOSX/Models/._rock_a.glb', '.DS_Store', 'License.txt', 'Preview.png',
    ]);
    expect(scan.packId).toBe('nature-pack');
    const byName = Object.fromEntries(scan.assets.map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(['rock_a', 'rocks_small', 'tree', 'trees_small']);
    expect(byName.rock_a).toMatchObject({ file: 'Models/GLB format/rock_a.glb', format: 'glb', category: 'rocks' });
    expect(byName.rock_a.alternates.sort()).toEqual(['Models/FBX format/rock_a.fbx', 'Models/OBJ format/rock_a.obj']);
    expect(byName.tree).toMatchObject({ format: 'fbx', category: 'trees' });
    expect(byName.trees_small).toMatchObject({ file: 'Trees/small.gltf', category: 'trees' });
    expect(byName.rocks_small).toMatchObject({ file: 'Rocks/small.glb', category: 'rocks' });
    expect(scan.licenseFiles).toEqual(['License.txt']);
  });

  it('categorises by object noun first, then folders, then structural words', () => {
    expect(categorize('wall_shelves')).toBe('furniture');
    expect(categorize('wall_doorway')).toBe('walls');
    expect(categorize('torch_mounted')).toBe('lights');
    expect(categorize('platform-grass-large-round')).toBe('platforms');
    expect(categorize('big_01', ['Rocks'])).toBe('rocks');
    expect(categorize('thing', ['Misc Stuff'])).toBe('misc');
    expect(categorize('floorTileLarge')).toBe('floors');
  });
});

describeWithCorpus('scanPack on the corpus props', () => {
  const expectations: Record<string, Record<string, string>> = {
    kenney_mini_arena: { banner: 'decor', column_damaged: 'pillars', stairs_corner_inner: 'stairs', wall_gate: 'walls', tree: 'trees', weapon_sword: 'weapons', floor_detail: 'floors', character_soldier: 'characters', border_straight: 'fences' },
    kenney_platformer: { platform_grass_large_round: 'platforms', coin: 'decor', grass_small: 'plants', character: 'characters', flag: 'decor', brick: 'walls' },
    kaykit_dungeon_remastered: { wall_doorway: 'walls', barrel_large: 'barrels', chest_gold: 'chests', torch_mounted: 'lights', wall_shelves: 'furniture', bottle_a_labeled_green: 'containers', floor_tile_large: 'floors', stairs_walled: 'stairs', pillar_decorated: 'pillars', rubble_large: 'rocks', crates_stacked: 'crates', sword_shield_gold: 'weapons', table_long_decorated_a: 'furniture', candle_triple: 'lights' },
  };
  const counts: Record<string, number> = { kenney_mini_arena: 22, kenney_platformer: 15, kaykit_dungeon_remastered: 44 };
  for (const [pack, cats] of Object.entries(expectations)) {
    it(`maps ${pack} to sensible names and categories`, () => {
      const scan = scanPack(pack, walk(corpusPath('props', pack)));
      expect(scan.assets.length).toBe(counts[pack]);
      expect(scan.licenseFiles.length).toBeGreaterThan(0);
      const byName = Object.fromEntries(scan.assets.map((a) => [a.name, a.category]));
      for (const [name, cat] of Object.entries(cats)) expect(byName[name], name).toBe(cat);
      // Few leftovers in 'misc': the keyword table covers real packs.
      expect(scan.assets.filter((a) => a.category === 'misc').length).toBeLessThanOrEqual(2);
      for (const a of scan.assets) expect(a.name).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
    });
  }
  it('prefers glb over fbx and obj across the corpus format folders', () => {
    const files = [
      ...walk(corpusPath('props', 'kaykit_dungeon_remastered')).map((f) => `glb/${f.split('/').pop()}`),
      ...walk(corpusPath('fbx', 'kaykit_dungeon_remastered')).map((f) => `fbx/${f}`),
      ...walk(corpusPath('obj', 'kaykit_dungeon_remastered')).map((f) => `obj/${f}`),
    ];
    const scan = scanPack('kaykit', files);
    const chest = scan.assets.find((a) => a.name === 'chest');
    expect(chest).toMatchObject({ format: 'glb', file: 'glb/chest.glb' });
    expect(chest?.alternates.sort()).toEqual(['fbx/chest.fbx', 'obj/chest.obj']);
    expect(scan.assets.length).toBe(44);
  });
});

describe('readZipPack', () => {
  it('reads the useful entries of a zip', () => {
    const zip = zipSync({ 'pack/a.glb': new Uint8Array([1, 2, 3]), 'pack/LICENSE': new TextEncoder().encode('CC0'), 'pack/song.ogg': new Uint8Array(10) });
    const entries = readZipPack(zip);
    expect([...entries.keys()].sort()).toEqual(['pack/LICENSE', 'pack/a.glb']);
    expect(Array.from(entries.get('pack/a.glb') ?? [])).toEqual([1, 2, 3]);
  });
  it('refuses zip bombs, oversized entries and non-zips with a clear error', () => {
    const bomb = zipSync({ 'x.obj': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
    expect(() => readZipPack(bomb)).toThrow(/zip-pack: refused, x\.obj expands/);
    const big = zipSync({ 'y.glb': new Uint8Array(2 * 1024 * 1024) }, { level: 0 });
    expect(() => readZipPack(big, { maxEntryBytes: 1024 * 1024 })).toThrow(/zip-pack: refused, y\.glb is 2097152 bytes/);
    expect(() => readZipPack(new Uint8Array([1, 2, 3, 4]))).toThrow(/zip-pack: not a readable zip/);
    const many = zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}.glb`, new Uint8Array(1)])));
    expect(() => readZipPack(many, { maxEntries: 10 })).toThrow(/more than 10 entries/);
  });
});
