/**
 * The free pre-check on real chibis: Kenney's big boots put a toe and a heel on the floor for each foot, and
 * the pre-check must still count two feet and suggest a biped facing +Z (it counted four and suggested a
 * quadruped, or 'others', for three of the twelve; one turned by -90).
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
