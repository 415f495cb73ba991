/**
 * The volume reads the normalised coordinates snapped (volume.ts): the same model in other units or moved
 * far from the origin must give the same rig. Before, the last bits of the float roundings decided which
 * voxel a vertex on a voxel boundary filled, and joints moved by up to 11% of the size (30 of 36 corpus
 * characters moved by some amount at x100, x0.01 or shifted by five sizes).
 */
import { afterAll, expect, it } from 'vitest';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';

afterAll(() => stopAssimpWorker());

describeWithCorpus('the rig does not depend on the model\'s units or placement', () => {
  it.each([
    // Before: the KayKit arms-down character's Hips moved 9.4% of its size at x100 and x0.01, male-b's toe 10.9%.
    ['kaykit-animated-character/KayKit_AnimatedCharacter_v1.2.glb'],
    ['kenney-mini-characters/character-male-b.glb'],
    ['kenney-mini-characters/character-male-e.glb'],
  ])('%s at x100, x0.01 and moved five sizes away: the same joints', async (file) => {
    const gt = await readCorpusRig(corpusPath('characters', ...file.split('/')));
    const rig = (positions: Float32Array) =>
      rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const base = rig(gt.positions);
    let size = 0;
    for (let a = 0; a < 3; a++) {
      let lo = Infinity, hi = -Infinity;
      for (let i = a; i < gt.positions.length; i += 3) lo = Math.min(lo, gt.positions[i]), hi = Math.max(hi, gt.positions[i]);
      size = Math.max(size, hi - lo);
    }
    const variants: [string, (v: number, axis: number) => number, (v: number, axis: number) => number][] = [
      ['x100', (v) => v * 100, (v) => v / 100],
      ['x0.01', (v) => v * 0.01, (v) => v / 0.01],
      ['moved', (v, a) => v + [5, 3, -7][a] * size, (v, a) => v - [5, 3, -7][a] * size],
    ];
    for (const [label, to, back] of variants) {
      const p = new Float32Array(gt.positions.length);
      for (let i = 0; i < p.length; i++) p[i] = to(gt.positions[i], i % 3);
      const r = rig(p);
      let worst = 0;
      for (const j of base.report.joints) {
        const q = r.report.joints.find((k) => k.name === j.name)!.position;
        worst = Math.max(worst, Math.hypot(...[0, 1, 2].map((a) => back(q[a], a) - j.position[a])) / size);
      }
      expect(worst, label).toBeLessThan(1e-4);
    }
  });
});
