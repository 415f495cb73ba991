/**
 * Blender 3.4 imports what Rigdesk writes: one Blender launch for all files (GLB and FBX of the
 * synthetic model and of the Mesh2Motion fox with its 14 clips).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { writeFbx } from '../../../shared/mesh/fbx/write-fbx';
import { readModel } from '../../../shared/mesh/read-model';
import type { SceneModel } from '../../../shared/mesh/model';
import { blenderImport, blenderPath } from '../../support/blender';
import { makeSyntheticSkinned } from '../../support/synthetic-skinned';
import { corpusPath, hasCorpus } from '../../support/corpus';
import { jointPositions, modelSize, weightTotals } from '../../support/compare-rig';

if (!blenderPath) console.warn('blender-import: `blender` is not on PATH; the Blender import test is skipped');

const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-blender-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!blenderPath)('Blender 3.4 imports the GLB and FBX Rigdesk writes', () => {
  it('finds the armature, one vertex group per weighted bone, and every clip', { timeout: 300_000 }, async () => { // ~15 s idle
    const models: [string, SceneModel][] = [['synthetic', await makeSyntheticSkinned()]];
    if (hasCorpus) {
      const fox = await readModel(readFileSync(corpusPath('animations/mesh2motion/fox-animations.glb')), 'fox.glb');
      models.push(['fox', fox.model]);
    }
    const files: string[] = [];
    for (const [name, model] of models) {
      writeFileSync(path.join(dir, `${name}.glb`), await writeGlb(model));
      writeFileSync(path.join(dir, `${name}.fbx`), writeFbx(model));
      files.push(path.join(dir, `${name}.glb`), path.join(dir, `${name}.fbx`));
    }
    const results = await blenderImport(files);
    results.forEach((r, i) => {
      const model = models[i >> 1][1];
      const what = path.basename(r.file);
      expect(r.error, what).toBeUndefined();
      expect(r.armatures.length, what).toBe(1);
      const arm = r.armatures[0];
      expect(arm.bones.length, what).toBe(model.skeleton!.names.length);
      expect([...arm.bones].sort(), what).toEqual([...model.skeleton!.names].sort());
      // upright and at the right scale: Blender is Z up, so model (x, y, z) lands at (x, -z, y)
      const expected = jointPositions(model);
      const tol = 1e-3 * modelSize(model);
      arm.bones.forEach((name, b) => {
        const e = expected.get(name)!;
        const h = arm.heads[b];
        expect(Math.hypot(h[0] - e[0], h[1] + e[2], h[2] - e[1]), `${what} ${name}`).toBeLessThanOrEqual(tol);
      });
      const weighted = new Set(r.meshes.flatMap((m) => m.weighted));
      expect([...weighted].sort(), what).toEqual([...weightTotals(model).keys()].sort());
      for (const clip of model.clips) {
        expect(r.actions.some((a) => a.name === clip.name || a.name.includes(`|${clip.name}`) || a.name.startsWith(`${clip.name}_`)), `${what} clip ${clip.name}`).toBe(true);
      }
    });
  });
});
