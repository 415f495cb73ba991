import { describe, expect, it } from 'vitest';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';
import { characterFromBuild, syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { buildCreature } from '../../../shared/rig/synthetic/creatures';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { insideTester, outsideJoints } from '../../eval/inside-volume';
import { jointAt as joint, onePartMesh } from '../../support/piece-mesh';
import { avianBody, buildSweepAvian } from '../../../shared/rig/synthetic/avian-sweep';
import { sphere } from '../../../shared/rig/synthetic/shapes';
import { sweepJointErrors } from '../../support/sweep-errors';

const rigAvian = (pieces: MeshPiece[], engine: RigEngine) => rigMesh(onePartMesh(pieces), { rigType: 'avian', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });

describe('avian fit on an upright winged body (a standing dragon)', () => {
  // Torso standing up from the hips (0.45 m) to the shoulders (0.8 m), a neck rising to a head with a
  // snout held forward, legs straight down, wings spread from the shoulders, a tail trailing to the floor.
  const pieces: MeshPiece[] = [
    capsule([0, 0.45, 0], [0, 0.8, 0.04], 0.14, 0.12),
    capsule([0, 0.8, 0.04], [0, 1.02, 0.12], 0.07, 0.06),
    capsule([0, 1.04, 0.1], [0, 1.02, 0.38], 0.08, 0.03),
    capsule([0, 0.42, -0.08], [0, 0.08, -0.75], 0.08, 0.02),
  ];
  for (const sx of [1, -1]) {
    pieces.push(capsule([sx * 0.09, 0.45, 0], [sx * 0.1, 0.06, 0.02], 0.05, 0.035), capsule([sx * 0.1, 0.06, 0.02], [sx * 0.1, 0.02, 0.14], 0.03, 0.02));
    pieces.push(capsule([sx * 0.1, 0.76, 0.02], [sx * 0.95, 0.82, -0.1], 0.04, 0.015));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`runs the spine up the body from the hips to the shoulders and the neck up to the head (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      const hips = joint(r, 'Hips'), spine = joint(r, 'Spine'), chest = joint(r, 'Spine1'), neck = joint(r, 'Neck'), head = joint(r, 'Head');
      // Placed by front-back depth, hips, spine and chest fell within a few centimetres of each other and
      // the neck on the snout.
      expect(chest[1] - hips[1]).toBeGreaterThan(0.15);
      expect(spine[1]).toBeGreaterThan(hips[1] + 0.05);
      expect(spine[1]).toBeLessThan(chest[1] - 0.05);
      expect(neck[1]).toBeGreaterThan(chest[1]);
      expect(neck[2]).toBeLessThan(0.2);
      expect(head[1]).toBeGreaterThan(neck[1]);
    });
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`spreads the tail's three joints down the tail from its root to its tip (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      // Every avian artist in the corpus bends the tail (2-6 joints); one joint left it a single rigid bone.
      const tail = [joint(r, 'Tail'), joint(r, 'Tail1'), joint(r, 'Tail2'), joint(r, 'Tail_End')];
      for (let i = 1; i < 4; i++) {
        expect(tail[i][2]).toBeLessThan(tail[i - 1][2]);
        expect(tail[i][1]).toBeLessThan(tail[i - 1][1]);
      }
    });
});

describe('avian fit on a bird whose trailing feathers reach further out than its wing tips', () => {
  // Body, neck and head, tail, legs; wings swept down to tips at x = 0.55 m, y = -0.15 m (a flight pose, as
  // the Quaternius Eagle's); on each wing a feather leaves the trailing edge halfway and reaches x = 0.62 m,
  // further out than the wing's tip but geodesically nearer the body.
  const pieces: MeshPiece[] = [
    capsule([0, 0.45, -0.25], [0, 0.48, 0.15], 0.13, 0.12),
    capsule([0, 0.48, 0.08], [0, 0.72, 0.3], 0.07, 0.045),
    capsule([0, 0.72, 0.3], [0, 0.7, 0.51], 0.06, 0.012),
    capsule([0, 0.47, -0.3], [0, 0.52, -0.62], 0.05, 0.02),
  ];
  for (const sx of [1, -1]) {
    pieces.push(capsule([sx * 0.05, 0.52, 0.06], [sx * 0.55, -0.15, 0.0], 0.05, 0.015));
    pieces.push(capsule([sx * 0.38, 0.08, 0.02], [sx * 0.62, 0.16, -0.12], 0.02, 0.008));
    pieces.push(capsule([sx * 0.07, 0.42, -0.06], [sx * 0.08, 0.07, -0.04], 0.035, 0.02), capsule([sx * 0.08, 0.07, -0.04], [sx * 0.08, 0.025, 0.06], 0.022, 0.015));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`runs each wing chain to the wing's tip, not to the feather (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
        const end = joint(r, `${S}WingTip_End`);
        // The most lateral extremity, the feather's tip, is at y = 0.16 m; the wing's at -0.15 m.
        expect(end[1]).toBeLessThan(-0.05);
        expect(sx * end[0]).toBeGreaterThan(0.45);
      }
    });
});

describe('avian fit on a bird whose tail hangs as low as its feet (the Quaternius Eagle)', () => {
  // Body, neck and head, wings spread level, legs with toes forward to the floor; the tail fan hangs down
  // behind to 0.01 m over the floor, a little off the mid-plane.
  const pieces: MeshPiece[] = [
    capsule([0, 0.45, -0.25], [0, 0.48, 0.15], 0.13, 0.12),
    capsule([0, 0.48, 0.08], [0, 0.72, 0.3], 0.07, 0.045),
    capsule([0, 0.72, 0.3], [0, 0.7, 0.51], 0.06, 0.012),
    capsule([0, 0.42, -0.3], [0.03, 0.035, -0.6], 0.06, 0.025),
  ];
  for (const sx of [1, -1]) {
    pieces.push(capsule([sx * 0.05, 0.52, 0.06], [sx * 0.8, 0.55, -0.05], 0.05, 0.015));
    pieces.push(capsule([sx * 0.07, 0.42, -0.06], [sx * 0.08, 0.07, -0.04], 0.035, 0.02), capsule([sx * 0.08, 0.07, -0.04], [sx * 0.08, 0.02, 0.06], 0.022, 0.015));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`hangs both legs from the feet, not from the tail (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      // The tail's tip, on the floor with the toes and rearmost, took a leg (the Eagle's fast fit: LeftLeg
      // and LeftFoot at its tail joint).
      for (const S of ['Left', 'Right']) {
        expect(joint(r, `${S}Foot`)[2]).toBeGreaterThan(-0.2);
        expect(joint(r, `${S}Toe_End`)[2]).toBeGreaterThan(-0.1);
      }
    });
});

describe('avian fit on a body standing on two pairs of legs (a four-legged winged dragon)', () => {
  // A level body, neck, head and tail; hind legs at z = -0.25 m and front legs at z = 0.2 m, both pairs on
  // the floor; wings spread from the shoulders.
  const pieces: MeshPiece[] = [
    capsule([0, 0.45, -0.35], [0, 0.47, 0.3], 0.13, 0.12),
    capsule([0, 0.5, 0.25], [0, 0.75, 0.5], 0.07, 0.05),
    capsule([0, 0.75, 0.5], [0, 0.72, 0.72], 0.07, 0.03),
    capsule([0, 0.45, -0.4], [0, 0.4, -1.0], 0.07, 0.02),
  ];
  for (const sx of [1, -1]) {
    for (const z of [-0.25, 0.2]) pieces.push(capsule([sx * 0.09, 0.4, z], [sx * 0.1, 0.05, z], 0.045, 0.03), capsule([sx * 0.1, 0.05, z], [sx * 0.1, 0.02, z + 0.1], 0.03, 0.02));
    pieces.push(capsule([sx * 0.08, 0.52, 0.15], [sx * 0.9, 0.6, 0.0], 0.04, 0.015));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`hangs the legs from the hind pair (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      // The lowest tip on each side took the legs: the front pair on both engines here (the feet's voxel
      // rows differ by one), on the Mesh2Motion dragon one front and one hind foot.
      for (const S of ['Left', 'Right']) {
        expect(joint(r, `${S}Foot`)[2]).toBeLessThan(-0.15);
        expect(joint(r, `${S}UpLeg`)[2]).toBeLessThan(-0.15);
      }
    });
});

describe('avian fit on a thin wing rising from the back before it turns out (the Quaternius Dragon)', () => {
  // The upright body of the standing dragon above; each wing rises 0.27 m from the back, then runs 0.9 m out.
  const pieces: MeshPiece[] = [
    capsule([0, 0.45, 0], [0, 0.8, 0.04], 0.14, 0.12),
    capsule([0, 0.8, 0.04], [0, 1.02, 0.12], 0.07, 0.06),
    capsule([0, 1.04, 0.1], [0, 1.02, 0.38], 0.08, 0.03),
    capsule([0, 0.42, -0.08], [0, 0.08, -0.75], 0.08, 0.02),
  ];
  for (const sx of [1, -1]) {
    pieces.push(capsule([sx * 0.09, 0.45, 0], [sx * 0.1, 0.06, 0.02], 0.05, 0.035), capsule([sx * 0.1, 0.06, 0.02], [sx * 0.1, 0.02, 0.14], 0.03, 0.02));
    pieces.push(capsule([sx * 0.05, 0.75, -0.1], [sx * 0.1, 1.02, -0.12], 0.03, 0.025), capsule([sx * 0.1, 1.02, -0.12], [sx * 1.0, 0.95, -0.1], 0.025, 0.01));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`puts the elbow at the wing's turn, so the upper wing bone stays inside (${engine})`, () => {
      const r = rigAvian(pieces, engine);
      // At 0.7 of the way from the tip the elbow lay 0.19-0.26 m out, past the turn at 0.1 m: the upper
      // wing bone cut the corner through the air (bone_outside, verdict poor).
      expect(r.report.warnings.filter((w) => w.startsWith('bone_outside'))).toEqual([]);
      for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
        const elbow = joint(r, `${S}Wing2`);
        expect(Math.hypot(sx * elbow[0] - 0.1, elbow[1] - 1.02)).toBeLessThan(0.08);
      }
    });
});

describe('avian fit of the legs (synthetic bird)', () => {
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`puts the ankle at the leg's bend, inside the shin (${engine})`, () => {
      const c = syntheticCharacter('avian', { pose: 'A', scale: 1, rotationY: 0, accessories: false });
      const r = rigMesh(c.mesh, { rigType: 'avian', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const S of ['Left', 'Right']) {
        const k = c.truth.keys.indexOf(`${S}Foot`);
        const truth = Array.from(c.truth.positions.subarray(k * 3, k * 3 + 3));
        const foot = joint(r, `${S}Foot`);
        // The fast fit put it a fifth of the leg from the toe, on the foot (0.046 m from the ankle).
        expect(Math.hypot(foot[0] - truth[0], foot[1] - truth[1], foot[2] - truth[2])).toBeLessThan(0.035);
      }
    });
});

describe('avian fit on a round-bodied chick (big round head, stubby wings against the body, short legs)', () => {
  const c = characterFromBuild('chick', 'avian', buildCreature('chick'), { accessories: true });
  const truth = (k: string): number[] => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3));
  };
  const dist = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  for (const engine of ['fast', 'pro'] as RigEngine[]) {
    const r = rigMesh(c.mesh, { rigType: 'avian', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    it(`ends the head at the beak, its joint in the skull's ball (${engine})`, () => {
      // The crown of the round head outscored the beak as the head's tip: Head_End on top of the skull,
      // 0.17 m from the beak tip; on the beak's path (which cuts under the skull) the Head went 0.07 m off.
      expect(dist(joint(r, 'Head_End'), truth('Head_End'))).toBeLessThan(0.02);
      expect(dist(joint(r, 'Head'), truth('Head'))).toBeLessThan(0.04);
    });
    it(`roots the stubby wings at their own line's entry into the body, not on the path to the centre (${engine})`, () => {
      // Old: shoulders 0.07 m low and behind (y 0.24 against 0.30).
      for (const S of ['Left', 'Right']) {
        expect(dist(joint(r, `${S}Wing1`), truth(`${S}Wing1`))).toBeLessThan(0.045);
        expect(joint(r, `${S}Wing1`)[1]).toBeGreaterThan(0.26);
      }
    });
    it(`runs the spine from the hips under the centre up to the chest at the wing roots (${engine})`, () => {
      // Old: hips, spine and chest within 0.01 m of each other at the body's centre (y 0.26).
      const hips = joint(r, 'Hips'), spine = joint(r, 'Spine'), chest = joint(r, 'Spine1');
      expect(chest[1] - hips[1]).toBeGreaterThan(0.04);
      expect(spine[1]).toBeGreaterThan(hips[1] + 0.015);
      expect(spine[1]).toBeLessThan(chest[1] - 0.015);
      expect(dist(hips, truth('Hips'))).toBeLessThan(0.035);
    });
  }
});

describe('avian fit on a bird in flight whose wing tips are thicker than its head', () => {
  // Wings spread level and a little forward, 2.4 body lengths each, ending in a ball thicker than the head
  // (folded primaries): each tip lies about as far from the beak as from the chest. The skull's ball was
  // sought anywhere nearer the beak than the chest and took a wing tip (Head 47-49% of the size off on 6 of
  // these 7 bodies; 0 A.D.'s seagull, Head at its right wing tip); now within the head (0.9-6.2%).
  it.each([1, 2, 3, 4, 5, 7, 8])('the Head stays in the head, not at a wing tip (seed %i)', (seed) => {
    const q = avianBody(seed);
    const b = buildSweepAvian(seed, { wingDrop: 0, wingSweep: -10, wingLen: 2.4 * q.bodyLen, headR: 0.13 * q.bodyLen, neckLen: 0.2 * q.bodyLen });
    for (const S of ['Left', 'Right']) {
      const t = b.joints[`${S}WingTip_End`];
      b.pieces.push([`${S}_primaries`, sphere([t[0], t[1], t[2]], 0.2 * q.bodyLen)]);
    }
    const e = sweepJointErrors('avian', b, `gull-${seed}`);
    expect(e.Head).toBeLessThan(0.08);
    expect(e.Neck).toBeLessThan(0.05);
  });
});

describe('avian fit on a bird in flight without legs, two bumps hanging under its breast', () => {
  // A sweep bird (seed 6) with its legs taken off and a pair of bumps under the breast, ahead of the wings'
  // roots, reaching lowest: the fit took them for its feet (UpLeg 0.57 body radii ahead of the shoulders;
  // 0 A.D.'s crow, its throat). Legs hang from the hips behind the shoulders (LEG_AHEAD_OF_WINGS): now none
  // is found, the report says so, and the legs are tucked inside the body.
  it('does not take the bumps for feet, keeps the legs inside the body and doubts them', () => {
    const q = avianBody(6);
    const b = buildSweepAvian(6, { wingDrop: 0, bodyPitch: 0 });
    b.pieces = b.pieces.filter(([n]) => !/_(thigh|shank|foot)$/.test(n));
    const chest = b.joints.Spine1;
    for (const sx of [1, -1])
      b.pieces.push([`bump${sx}`, capsule([sx * 0.3 * q.bodyR, chest[1] - 0.5 * q.bodyR, chest[2] + 0.3 * q.bodyR], [sx * 0.35 * q.bodyR, chest[1] - 2.5 * q.bodyR, chest[2] + 0.6 * q.bodyR], 0.3 * q.bodyR, 0.2 * q.bodyR)]);
    const c = characterFromBuild('legless-flight', 'avian', b, { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'avian', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const at = (n: string) => r.report.joints.find((j) => j.name === n)!.position;
    for (const S of ['Left', 'Right']) expect(at(`${S}UpLeg`)[2]).toBeLessThan(at(`${S}Wing1`)[2]);
    expect(r.report.checks.some((k) => k.code === 'by_proportion' && k.joints.includes('LeftUpLeg'))).toBe(true);
    expect(outsideJoints(r, insideTester(c.mesh.positions, c.mesh.indices))).toEqual([]);
    expect(r.report.verdict).toBe('check');
  });
});

describeWithCorpus('avian fit on the corpus birds', () => {
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`keeps every weighted joint of bird-base inside the mesh (${engine})`, async () => {
      const gt = await readCorpusRig(corpusPath('characters/mesh2motion/rigged/bird-base.glb'));
      const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'avian', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      // Fast put the right knee, and with the ankle at the bend both ankles, beside the thin shins.
      expect(outsideJoints(r, insideTester(gt.positions, gt.indices))).toEqual([]);
    });
});
