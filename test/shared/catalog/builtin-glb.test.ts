import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinPacks } from '../../../shared/catalog/builtin-packs';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { contactSheet, decodeTextures, encodePng, renderThumbnail } from '../../../shared/render';
import { validateGltf } from '../../support/validate-gltf';

const all = builtinPacks().flatMap((p) => p.assets.map((a) => ({ pack: p.id, ...a })));
/** One asset per category (the first), plus every asset that carries a texture kind not yet seen. */
const sample = [...new Map(all.map((a) => [a.category, a])).values()];

describe('built-in assets as GLB', () => {
  it('writes GLBs with zero gltf-validator errors that read back with the same geometry', async () => {
    for (const a of sample) {
      const model = a.build();
      const glb = await writeGlb(model);
      const v = await validateGltf(glb);
      expect(v.errors, `${a.pack}/${a.name}`).toEqual([]);
      const { model: back } = await readModel(glb, `${a.name}.glb`);
      const tris = (m: typeof model) => m.parts.reduce((s, p) => s + p.indices.length / 3, 0);
      expect(tris(back)).toBe(tris(model));
      expect(back.textures.length).toBe(model.textures.length);
    }
  });

  it('renders a thumbnail of every asset that covers a sensible part of the frame', async () => {
    const images = [];
    const empty: string[] = [];
    for (const a of all) {
      const model = a.build();
      const img = renderThumbnail(model, { width: 64, height: 64, supersample: 2, textures: await decodeTextures(model) });
      // Framing: the covered pixels span most of the frame on the longer axis (thin assets such
      // as a spear cover few pixels but still span the height), and a margin stays free.
      let x0 = 64, x1 = -1, y0 = 64, y1 = -1;
      for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if (img.data[(y * 64 + x) * 4 + 3] > 8) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      const span = Math.max(x1 - x0, y1 - y0) + 1;
      if (span < 50) empty.push(`${a.pack}/${a.name}: spans ${span}px of 64`);
      let border = 0;
      for (let x = 0; x < 64; x++) border += img.data[x * 4 + 3] + img.data[(63 * 64 + x) * 4 + 3];
      if (border > 0) empty.push(`${a.pack}/${a.name}: touches the frame`);
      images.push(img);
    }
    expect(empty).toEqual([]);
    writeFileSync('/tmp/rigdesk-builtin-catalog.png', await encodePng(contactSheet(images, 20, 64)));
  });
});
