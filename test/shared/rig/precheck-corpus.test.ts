/**
 * The free pre-check on real chibis: Kenney's big boots put a toe and a heel on the floor for each foot, and
 * the pre-check must still count two feet and suggest a biped facing +Z (it counted four and suggested a
 * quadruped, or 'others', for three of the twelve; one turned by -90). KayKit's Knight and Mage: a cape's or a
 * robe's corners are no feet.
 */
import { afterAll, expect, it } from 'vitest';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { precheckMesh } from '../../../shared/rig/precheck';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';

afterAll(() => stopAssimpWorker());

describeWithCorpus('precheckMesh on the Kenney chibis', () => {
  it.each(['male-a', 'male-d', 'male-e', 'male-f', 'female-a'])('character-%s: a biped facing +Z', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/kenney-mini-characters/character-${name}.glb`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('biped');
    expect(r.suggestedRotationY).toBe(0);
  });
});

describeWithCorpus('precheckMesh on caped and robed characters', () => {
  // The cape's and the robe's corners hang 3-8% of the height above the floor behind the feet; counted as
  // feet they made both quadrupeds (and turned the Knight by 180).
  it.each(['Knight', 'Mage'])('KayKit %s: a biped facing +Z', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/kaykit/${name}.glb`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('biped');
    expect(r.suggestedRotationY).toBe(0);
  });
});
