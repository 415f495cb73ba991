/**
 * The tail chain (tail-chain.ts): evenly spaced along the tail's medial path, the last deforming joint near
 * the tip; on the corpus fox (quadruped) and kaiju (tailed biped), whose artists weight a joint 1.1-1.5% of
 * the size from the tail's tip, our last deforming tail joint lies near theirs (three joints with the last
 * at 2/3 of the tail: fox 0.11, kaiju 0.25 of the size away).
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { Polyline } from '../../../shared/rig/polyline';
import { JointSet } from '../../../shared/rig/fit-common';
import { placeTailChain, TAIL_LAST } from '../../../shared/rig/tail-chain';
import { TAIL_JOINTS, tailChain, tailKeys } from '../../../shared/rig/templates/template';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine, RigType } from '../../../shared/rig/types';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { longestSide } from '../../eval/metrics';

afterAll(() => stopAssimpWorker());

describe('tail chain', () => {
  it('template: Tail .. Tail3 deform, each the parent of the next, Tail_End last and without weights', () => {
    const chain = tailChain();
    expect(chain.map((j) => [j.key, j.parent, j.role, j.deform])).toEqual([
      ['Tail', 'Hips', 'tail_1', true],
      ['Tail1', 'Tail', 'tail_2', true],
      ['Tail2', 'Tail1', 'tail_3', true],
      ['Tail3', 'Tail2', 'tail_4', true],
      ['Tail_End', 'Tail3', 'tail_end', false],
    ]);
    expect(tailChain(3).map((j) => j.key)).toEqual(['Tail', 'Tail1', 'Tail2', 'Tail_End']);
  });

  it('placeTailChain: root at sRoot, the rest evenly to TAIL_LAST of the way to the medial tip, Tail_End at it', () => {
    // A straight path along -Z from the tip (s = 0, z = -1) to the body (s = 1, z = 0).
    const n = 11;
    const pts = new Float64Array(n * 3), rad = new Float64Array(n).fill(0.05);
    for (let i = 0; i < n; i++) pts[i * 3 + 2] = -1 + i / (n - 1);
    const P = new Polyline(pts, rad, 0);
    const js = new JointSet();
    placeTailChain(js, P, 0.9, 0.05);
    const z = (k: string): number => js.get(k)[2];
    expect(z('Tail')).toBeCloseTo(-0.1, 6);
    const last = -0.1 - TAIL_LAST * 0.85;
    expect(z(`Tail${TAIL_JOINTS - 1}`)).toBeCloseTo(last, 6);
    const keys = tailKeys();
    for (let i = 1; i < keys.length; i++) expect(z(keys[i - 1]) - z(keys[i])).toBeCloseTo((-0.1 - last) / (keys.length - 1), 6);
    expect(z('Tail_End')).toBeCloseTo(-0.95, 6);
  });
});

describeWithCorpus('tail chain on the corpus: the last deforming tail joint near the artist\'s tip joint', () => {
  // Distance (fraction of the longest side) from our last deforming tail joint to the artist's last weighted
  // one. Three joints with the last at 2/3 (before): fox 0.11, kaiju 0.25; now fox 0.048 / kaiju 0.081 (fast).
  const cases: [string, RigType, string, number][] = [
    ['characters/mesh2motion/rigged/fox-fox.glb', 'quadruped', 'Tail_Tip', 0.06],
    ['characters/mesh2motion/rigged/kaiju-base.glb', 'biped', 'Tail_Tip', 0.1],
  ];
  for (const [file, plan, tip, max] of cases)
    for (const engine of ['fast', 'pro'] as RigEngine[])
      it(`${file.split('/').pop()} (${engine}): ${tip} within ${max} of the size`, async () => {
        const gt = await readCorpusRig(corpusPath(file));
        const L = longestSide(gt.positions);
        const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
        const ours = r.report.joints.find((j) => j.name === `Tail${TAIL_JOINTS - 1}`);
        expect(ours?.deform).toBe(true);
        const k = gt.joints.findIndex((j) => j.name === tip);
        const theirs = new THREE.Vector3().setFromMatrixPosition(gt.restWorld[k]);
        expect(theirs.distanceTo(new THREE.Vector3(...ours!.position)) / L).toBeLessThan(max);
      }, 60_000);
});
