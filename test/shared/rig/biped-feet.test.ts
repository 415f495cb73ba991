/**
 * Feet are not simply the lowest extremities (shared/rig/biped-feet.ts): a stick held in a lowered hand
 * reaches under the soles, the first fit takes it for a foot, its hip joints land in the arms (wider than
 * the shoulders, the proportions check) and the fit is tried again without it. And a head joint fitted far
 * up inside the head's own rigid piece turns at the piece's base when that lies above the shoulders
 * (piece-pivot.ts), with the spine scaled down under it (biped-pieces.ts).
 */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildBlockToy } from '../../../shared/rig/synthetic/blocks';
import { readCorpusRig, plainestClip } from '../../eval/corpus-gltf';
import type { CorpusRig } from '../../eval/corpus-gltf';
import { corpusRoleNodes } from '../../eval/corpus-semantic';
import { heightOf } from '../../eval/metrics';
import { anchoredFrame, armsFrame, armsOf, dominantJoints, lowering } from '../../eval/posed';
import type { Frame } from '../../eval/posed';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

const rig = (mesh: Parameters<typeof rigMesh>[0], engine: 'fast' | 'pro') =>
  rigMesh(mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });

describe('a stick held low is not a foot', () => {
  // The block toy's arms turned 45 degrees down, a rod in each fist reaching 0.055 under the soles.
  // Before: hip joints 0.20 of the height off, with both engines. (Its hands are still not found: the
  // rods' tips lie on the floor, where no hand is looked for, and the verdict says `check`.)
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: hips and hip joints at the pieces' faces`, () => {
      const c = characterFromBuild('blocks-stick', 'biped', buildBlockToy({ armsDownDeg: 45, stick: 0.4 }), { accessories: false });
      const r = rig(c.mesh, engine);
      expect(r.report.verdict).not.toBe('ok');
      for (const key of ['Hips', 'LeftUpLeg', 'RightUpLeg']) {
        const j = r.report.joints.find((q) => q.name === key)!;
        const k = c.truth.keys.indexOf(key);
        const t = c.truth.positions.subarray(k * 3, k * 3 + 3);
        expect(Math.hypot(j.position[0] - t[0], j.position[1] - t[1], j.position[2] - t[2]), key).toBeLessThan(0.02);
      }
    });
});

/** The character's arms lowered to `deg` below horizontal with its own skeleton (eval:rig-posed's arms-45). */
function armsLowered(gt: CorpusRig, deg: number): Frame {
  const rest = gt.restWorldOf();
  const arms = armsOf(gt, corpusRoleNodes(gt), rest, dominantJoints(gt));
  return armsFrame(gt, rest, arms.map((arm) => ({ arm, radians: lowering(arm, deg)! })));
}

function idleFrame(gt: CorpusRig): Frame {
  const rest = gt.restWorldOf();
  const hips = corpusRoleNodes(gt).get('hips') ?? gt.order.find((n) => gt.parentOf(n) === null)!;
  return anchoredFrame(plainestClip(gt.clips, /idle$/i)!.sample(0), rest, hips);
}

/** Roles among hips, hip joints and head further than 2% of the rest height from the artist's, in `frame`. */
async function offJoints(file: string, pose: (gt: CorpusRig) => Frame, engine: 'fast' | 'pro'): Promise<string[]> {
  const gt = await readCorpusRig(corpusPath(`characters/kenney-mini-characters/character-${file}.glb`));
  const frame = pose(gt);
  const positions = new Float32Array(gt.positions.length);
  gt.skinOf(frame, positions);
  const r = rig({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, engine);
  const H = heightOf(gt.positions);
  const roles = corpusRoleNodes(gt);
  const off: string[] = [];
  for (const role of ['hips', 'left_upper_leg', 'right_upper_leg', 'head']) {
    const truth = new THREE.Vector3().setFromMatrixPosition(frame.get(roles.get(role)!)!);
    const e = truth.distanceTo(new THREE.Vector3(...r.report.joints.find((j) => j.role === role)!.position)) / H;
    if (e > 0.02) off.push(`${file} ${engine} ${role} ${(e * 100).toFixed(1)}%`);
  }
  return off;
}

describeWithCorpus('Kenney female-a, sticks in its lowered hands', () => {
  // Before: 11.3-19.5% of the height (semantic), hip joints 17% and the head 29-36% off; with the feet
  // alone, the head still up to 29% off (the neck search ran up inside its head).
  it('arms 45 degrees down and its idle frame: hips, hip joints and head within 2% of the height', async () => {
    const off: string[] = [];
    for (const engine of ['fast', 'pro'] as const) {
      off.push(...(await offJoints('female-a', (gt) => armsLowered(gt, 45), engine)));
      off.push(...(await offJoints('female-a', idleFrame, engine)));
    }
    expect(off).toEqual([]);
  }, 60_000);
});

describeWithCorpus('Kenney male-f, arms 45 degrees down (pro)', () => {
  // The neck search ran inside its big head (0.23 H above the head's base); before: head 25.7% of the
  // height off with the verdict `ok`.
  it('the head at its piece\'s base', async () => {
    expect(await offJoints('male-f', (gt) => armsLowered(gt, 45), 'pro')).toEqual([]);
  }, 30_000);
});
