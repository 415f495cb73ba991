/**
 * Limbs built from rigid pieces turn where each piece meets its parent (shared/rig/piece-pivot.ts): on a
 * Kenney-like toy of boxes the fit puts hips, hip joints, shoulders and head at the pieces' faces; where
 * the evidence is not clear (a clearance under the legs, rounded arm ends, limbs that are capsules pushed
 * into the body) no face is offered and the fit keeps its own joints.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { prepareSkinState } from '../../../shared/rig/skin-state';
import { islandBoxes, piecePivot } from '../../../shared/rig/piece-pivot';
import type { Vec3 } from '../../../shared/rig/fit-common';
import { characterFromBuild, syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import type { SyntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { BLOCKS, buildBlockToy } from '../../../shared/rig/synthetic/blocks';
import * as THREE from 'three';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusRole } from '../../eval/roles';
import { heightOf } from '../../eval/metrics';
import { anchoredFrame } from '../../eval/posed';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

const truthOf = (c: SyntheticCharacter, key: string): number[] => {
  const k = c.truth.keys.indexOf(key);
  return Array.from(c.truth.positions.subarray(k * 3, k * 3 + 3));
};

describe('rigid pieces turn at the face where they meet their parent', () => {
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: a toy of boxes gets its hips, hip joints, shoulders and head at the pieces' faces`, () => {
      const c = characterFromBuild('blocks', 'biped', buildBlockToy(), { accessories: false });
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const key of ['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftArm', 'RightArm', 'Head']) {
        const j = r.report.joints.find((q) => q.name === key)!;
        const t = truthOf(c, key);
        expect(Math.hypot(j.position[0] - t[0], j.position[1] - t[1], j.position[2] - t[2]), key).toBeLessThan(0.01);
      }
    });
});

describe('a rigid arm turned down still turns at its face', () => {
  // A rigid arm lowered 45 degrees (the Kenney minis' idle frame) is still a separate piece whose joint is
  // the centre of its inner end: its face is measured along the piece's own axis (no model axis is near),
  // and its bounding box, reaching over the thigh beside it, does not take the thigh's bone.
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: arms 45 degrees down, shoulders and hip joints at the pieces' faces`, () => {
      const c = characterFromBuild('blocks-arms-45', 'biped', buildBlockToy({ armsDownDeg: 45 }), { accessories: false });
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const key of ['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftArm', 'RightArm', 'Head']) {
        const j = r.report.joints.find((q) => q.name === key)!;
        const t = truthOf(c, key);
        expect(Math.hypot(j.position[0] - t[0], j.position[1] - t[1], j.position[2] - t[2]), key).toBeLessThan(0.01);
      }
    });
});

describe('no face is offered without clear evidence', () => {
  /** piecePivot for each limb of a character, from its true joints (the toy is 1 unit tall, its longest side). */
  const pivots = (c: SyntheticCharacter, limbs: [Vec3, Vec3, number][]): (Vec3 | null)[] => {
    const state = prepareSkinState(c.mesh, 'fast', 0);
    const mesh = { positions: state.norm.positions, indices: c.mesh.indices, islands: state.islands };
    const boxes = islandBoxes(mesh);
    const s = state.norm.scale, o = state.norm.offset;
    const n = (p: Vec3): Vec3 => [(p[0] - o[0]) * s, (p[1] - o[1]) * s, (p[2] - o[2]) * s];
    return limbs.map(([root, next, sign]) => piecePivot(mesh, boxes, n(root), n(next), sign, (1 - o[1]) * s));
  };

  it('an arm turned 45 degrees down is measured along its own axis: a bone fitted 25 degrees off it still finds the face', () => {
    const c = characterFromBuild('blocks-arms-45', 'biped', buildBlockToy({ armsDownDeg: 45 }), { accessories: false });
    // The fitted bone from 0.02 below the shoulder, 20 degrees below horizontal: off the piece's axis by 25
    // degrees and off every model axis by more than 35.
    const a = (20 * Math.PI) / 180;
    const root: Vec3 = [BLOCKS.armIn, BLOCKS.armY - 0.02, 0];
    const [left] = pivots(c, [[root, [root[0] + 0.15 * Math.cos(a), root[1] - 0.15 * Math.sin(a), 0], 1]]);
    expect(left).not.toBeNull();
    // (x and y: the fit's frame centres the model front to back, the head box sits 0.01 forward.)
    expect(Math.hypot(left![0] - BLOCKS.armIn, left![1] - BLOCKS.armY)).toBeLessThan(0.005);
  });

  it('legs hung with a clearance below the torso (a robot) turn inside it, not at their top', () => {
    const c = characterFromBuild('blocks-gap', 'biped', buildBlockToy({ clearance: 0.01 }), { accessories: false });
    const [left, right] = pivots(c, [[[BLOCKS.legX, BLOCKS.legTop, 0], [BLOCKS.legX, 0.12, 0], 1], [[-BLOCKS.legX, BLOCKS.legTop, 0], [-BLOCKS.legX, 0.12, 0], -1]]);
    expect(left).toBeNull();
    expect(right).toBeNull();
  });

  it('arms with rounded ends sunk into the torso are ball joints', () => {
    const c = characterFromBuild('blocks-round', 'biped', buildBlockToy({ roundArms: true }), { accessories: false });
    const [left] = pivots(c, [[[BLOCKS.armIn + 0.06, BLOCKS.armY, 0], [0.3, BLOCKS.armY, 0], 1]]);
    expect(left).toBeNull();
  });

  it('the synthetic biped, whose limbs are capsules pushed into the body, keeps every joint of its own', () => {
    const c = syntheticCharacter('biped', { pose: 'T', accessories: false });
    const limb = (a: string, b: string, sign: number): [Vec3, Vec3, number] => [truthOf(c, a) as Vec3, truthOf(c, b) as Vec3, sign];
    const found = pivots(c, [limb('LeftUpLeg', 'LeftLeg', 1), limb('RightUpLeg', 'RightLeg', -1), limb('LeftArm', 'LeftForeArm', 1), limb('RightArm', 'RightForeArm', -1), limb('Head', 'HeadTop_End', 0)]);
    expect(found).toEqual([null, null, null, null, null]);
  });
});

describeWithCorpus('the Kenney mini characters (blocks by another artist)', () => {
  it('fast: hips, hip joints, shoulders and head of all 12 within 2% of the height of the artist\'s', async () => {
    const kenney = ['female-a', 'female-b', 'female-c', 'female-d', 'female-e', 'female-f', 'male-a', 'male-b', 'male-c', 'male-d', 'male-e', 'male-f'];
    const roles = ['hips', 'left_upper_leg', 'right_upper_leg', 'left_upper_arm', 'right_upper_arm', 'head'];
    const worst: string[] = [];
    for (const k of kenney) {
      const gt = await readCorpusRig(corpusPath(`characters/kenney-mini-characters/character-${k}.glb`));
      const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const H = heightOf(gt.positions);
      for (const role of roles) {
        const g = gt.joints.findIndex((j) => corpusRole(j.name) === role);
        const truth = new THREE.Vector3().setFromMatrixPosition(gt.restWorld[g]);
        const fitted = new THREE.Vector3(...r.report.joints.find((j) => j.role === role)!.position);
        const e = fitted.distanceTo(truth) / H;
        // One known miss: female-e's head sits in a hood whose base is no face (8.5%, as before the rule).
        if (e > 0.02 && !(role === 'head' && k === 'female-e')) worst.push(`${k} ${role} ${(e * 100).toFixed(1)}%`);
      }
    }
    expect(worst).toEqual([]);
  }, 60_000);
});

describeWithCorpus('the Kenney mini characters in their own idle frame (rigid arms about 43 degrees down)', () => {
  // Their thick fists hang 0.13-0.2 H above the floor beside the legs, 
  // (0.065-0.076 H) but with air between them and the legs; the arms' boxes reach over the thighs; the arm
  // pieces are off every model axis. Before: 17.9, 8.9 and 13.0% of the height (semantic) for these three.
  it('fast: hips, hip joints, shoulders and head of female-c, male-b and male-d within 2% of the height of the artist\'s', async () => {
    const roles = ['hips', 'left_upper_leg', 'right_upper_leg', 'left_upper_arm', 'right_upper_arm', 'head'];
    const worst: string[] = [];
    for (const k of ['female-c', 'male-b', 'male-d']) {
      const gt = await readCorpusRig(corpusPath(`characters/kenney-mini-characters/character-${k}.glb`));
      const clip = gt.clips.find((c) => /^idle$/i.test(c.name.split('|').pop()!))!;
      const rest = gt.restWorldOf();
      const root = gt.joints.find((j) => corpusRole(j.name) === 'hips')?.node ?? gt.order.find((n) => gt.parentOf(n) === null)!;
      const frame = anchoredFrame(clip.sample(0), rest, root);
      const positions = new Float32Array(gt.positions.length);
      gt.skinOf(frame, positions);
      const r = rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const H = heightOf(gt.positions);
      for (const role of roles) {
        const g = gt.joints.findIndex((j) => corpusRole(j.name) === role);
        const truth = new THREE.Vector3().setFromMatrixPosition(frame.get(gt.joints[g].node)!);
        const fitted = new THREE.Vector3(...r.report.joints.find((j) => j.role === role)!.position);
        const e = fitted.distanceTo(truth) / H;
        if (e > 0.02) worst.push(`${k} ${role} ${(e * 100).toFixed(1)}%`);
      }
    }
    expect(worst).toEqual([]);
  }, 60_000);
});

describeWithCorpus('a side whose fit went astray takes the mirror image of the other side\'s face', () => {
  it('fast: the Robot\'s left shoulder, fitted inside its chest, comes to its own shoulder', async () => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Robot.fbx'));
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const H = heightOf(gt.positions);
    const g = gt.joints.findIndex((j) => j.name === 'UpperArm.L');
    const truth = new THREE.Vector3().setFromMatrixPosition(gt.restWorld[g]);
    const fitted = new THREE.Vector3(...r.report.joints.find((j) => j.name === 'LeftArm')!.position);
    expect(fitted.distanceTo(truth) / H).toBeLessThan(0.03);
  }, 30_000);
});
