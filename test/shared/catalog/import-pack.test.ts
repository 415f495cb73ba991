import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { importPackAssets, PackRefusedError } from '../../../shared/catalog/import-pack';
import { packSourceFromDirectory, packSourceFromZip, type PackSource } from '../../../shared/catalog/pack-source';
import { readModel } from '../../../shared/mesh/read-model';
import { contactSheet, encodePng, type RenderedImage } from '../../../shared/render';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { validateGltf } from '../../support/validate-gltf';

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? walk(p, root) : [path.relative(root, p).split(path.sep).join('/')];
  });
}
async function pngToImage(png: Uint8Array): Promise<RenderedImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}
function memorySource(name: string, files: Record<string, string | Uint8Array>): PackSource {
  const bytes = new Map(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v]));
  return { name, files: [...bytes.keys()], read: async (p) => bytes.get(p) ?? null };
}

describeWithCorpus('importPackAssets on the corpus props', () => {
  const sheet: RenderedImage[] = [];
  const expected: Record<string, number> = { kenney_mini_arena: 22, kenney_platformer: 15, kaykit_dungeon_remastered: 44 };

  for (const [pack, count] of Object.entries(expected)) {
    it(`imports ${pack} completely: valid GLBs with embedded textures, non-empty thumbnails`, async () => {
      const pack1 = await importPackAssets(await packSourceFromDirectory(corpusPath('props', pack)), { thumbnailSize: 96 });
      expect(pack1.failed).toEqual([]);
      expect(pack1.assets.length).toBe(count);
      expect(pack1.license).toBe('CC0-1.0');
      // Validate a spread of the GLBs (every third) to keep the suite fast; all were written the same way.
      for (const [i, a] of pack1.assets.entries()) {
        const img = await pngToImage(a.thumbnailPng);
        let covered = 0;
        for (let k = 3; k < img.data.length; k += 4) if (img.data[k] > 128) covered++;
        expect(covered, a.name).toBeGreaterThan(100);
        sheet.push(img);
        if (i % 3 !== 0) continue;
        const v = await validateGltf(a.glb);
        expect(v.errors, `${pack}/${a.name}`).toEqual([]);
        // External textures (Kenney's Textures/colormap.png) are embedded: the GLB reads alone.
        const { model } = await readModel(a.glb, `${a.name}.glb`);
        expect(model.textures.length, a.name).toBeGreaterThan(0);
        expect(model.textures[0].data.length).toBeGreaterThan(100);
      }
    });
  }

  it('imports the same pack from a .zip', async () => {
    const root = corpusPath('props', 'kenney_platformer');
    const entries = Object.fromEntries(walk(root).map((f) => [`kenney_platformer/${f}`, new Uint8Array(readFileSync(path.join(root, f)))]));
    const source = packSourceFromZip(zipSync(entries), '/downloads/kenney_platformer.zip');
    const pack = await importPackAssets(source, { thumbnailSize: 32 });
    expect(pack.packId).toBe('kenney-platformer');
    expect(pack.assets.length).toBe(15);
    expect(pack.licenseFile).toBe('kenney_platformer/README.md');
  });

  it('writes a contact sheet of the imported corpus props', async () => {
    expect(sheet.length).toBe(81);
    writeFileSync('/tmp/rigdesk-corpus-props.png', await encodePng(contactSheet(sheet, 12, 96)));
  });
});

describe('importPackAssets refusals', () => {
  it('refuses a pack under another licence, or with none, before reading any model', async () => {
    let reads = 0;
    const counting = (s: PackSource): PackSource => ({ ...s, read: async (p) => { if (/\.glb$/.test(p)) reads++; return s.read(p); } });
    await expect(importPackAssets(counting(memorySource('cc-by-pack', {
      'LICENSE.txt': 'Creative Commons Attribution 4.0 International (CC BY 4.0)', 'rock.glb': new Uint8Array(10),
    })))).rejects.toThrow(/refused: LICENSE\.txt: licence: not CC0/);
    await expect(importPackAssets(counting(memorySource('no-licence', { 'rock.glb': new Uint8Array(10) })))).rejects.toBeInstanceOf(PackRefusedError);
    await expect(importPackAssets(memorySource('no-licence', { 'rock.glb': new Uint8Array(10) }))).rejects.toThrow(/no LICENSE or README/);
    expect(reads).toBe(0);
  });
  it('refuses a CC0 pack without models, and reports broken model files instead of crashing', async () => {
    await expect(importPackAssets(memorySource('empty', { 'LICENSE': 'CC0 1.0 Universal' }))).rejects.toThrow(/no model files/);
    const res = await importPackAssets(memorySource('broken', { 'LICENSE': 'CC0 1.0 Universal', 'rock.glb': new Uint8Array([1, 2, 3, 4]) }));
    expect(res.assets).toEqual([]);
    expect(res.failed.map((f) => f.file)).toEqual(['rock.glb']);
    expect(res.failed[0].reason.length).toBeGreaterThan(5);
  });
});
