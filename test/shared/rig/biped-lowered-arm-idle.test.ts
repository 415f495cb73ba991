/**
 * KayKit's Knight in its own idle frame (corpus, posed with the artist's skeleton and weights): the arms
 * hang about 45 degrees down with the elbows bent back and the fists resting on the hips
 * (shared/rig/biped-lowered-arm.ts, mid-depth.ts). Before (% of the height, fast / pro): semantic 3.40 /
 * 3.19%, elbows 7.2 and 4.6 / 6.4 and 6.1, the six arm joints 5.7 / 6.1 on average, head 5.1 / 1.3.
 */
import { expect, it } from 'vitest';
import * as THREE from 'three';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { plainestClip, readCorpusRig } from '../../eval/corpus-gltf';
import { corpusRole } from '../../eval/roles';
import { heightOf } from '../../eval/metrics';
import { anchoredFrame } from '../../eval/posed';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

const ARM = ['upper_arm', 'lower_arm', 'hand'].flatMap((r) => [`left_${r}`, `right_${r}`]);

describeWithCorpus('KayKit Knight in its idle frame (arms 45 degrees down, elbows bent back)', () => {
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: elbows within 2.5% of the height, head within 3%, the six arm joints within 3.5% on average`, async () => {
      const bad: string[] = [];
      for (const name of ['Knight']) {
        const gt = await readCorpusRig(corpusPath(`characters/kaykit/${name}.glb`));
        const rest = gt.restWorldOf();
        const hips = gt.joints.find((j) => corpusRole(j.name) === 'hips')!.node;
        const frame = anchoredFrame(plainestClip(gt.clips, /idle$/i)!.sample(0), rest, hips);
        const positions = new Float32Array(gt.positions.length);
        gt.skinOf(frame, positions);
        const r = rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
        const H = heightOf(gt.positions);
        const error = (role: string): number => {
          const g = gt.joints.find((j) => corpusRole(j.name) === role)!;
          const truth = new THREE.Vector3().setFromMatrixPosition(frame.get(g.node)!);
          return new THREE.Vector3(...r.report.joints.find((j) => j.role === role)!.position).distanceTo(truth) / H;
        };
        for (const [role, max] of [['left_lower_arm', 0.025], ['right_lower_arm', 0.025], ['head', 0.03]] as const) if (error(role) > max) bad.push(`${name} ${role} ${(error(role) * 100).toFixed(1)}%`);
        const mean = ARM.reduce((a, role) => a + error(role), 0) / ARM.length;
        if (mean > 0.035) bad.push(`${name} arm joints ${(mean * 100).toFixed(1)}%`);
      }
      expect(bad).toEqual([]);
    }, 60_000);
});
