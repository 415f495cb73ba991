import { describe, expect, it } from 'vitest';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine, RigResult } from '../../../shared/rig/types';
import * as THREE from 'three';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { longestSide } from '../../eval/metrics';
import { jointAt as joint, onePartMesh, type V3 } from '../../support/piece-mesh';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildCreature } from '../../../shared/rig/synthetic/creatures';



const rig = (pieces: MeshPiece[], engine: RigEngine): RigResult => rigMesh(onePartMesh(pieces), { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });

describe('quadruped fit on a stout body with short legs (a pig)', () => {
  // A barrel body (radius 0.19, underside at 0.18 m) on legs 0.18 m long set wide under it (0.16 m out),
  // head in front, a short tail: the Quaternius Pig's build.
  const pieces: MeshPiece[] = [
    capsule([0, 0.37, -0.45], [0, 0.37, 0.45], 0.19, 0.19),
    capsule([0, 0.4, 0.6], [0, 0.36, 0.85], 0.14, 0.06),
    capsule([0, 0.42, -0.62], [0, 0.48, -0.78], 0.03, 0.015),
  ];
  for (const sx of [1, -1])
    for (const z of [0.35, -0.38]) pieces.push(capsule([sx * 0.16, 0.3, z], [sx * 0.16, 0.02, z], 0.045, 0.035), capsule([sx * 0.16, 0.03, z], [sx * 0.16, 0.02, z + 0.05], 0.035, 0.03));
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`keeps the knee and ankle joints in the free leg, under the belly (${engine})`, () => {
      const r = rig(pieces, engine);
      for (const leg of ['LeftFront', 'RightFront', 'LeftBack', 'RightBack']) {
        // The path bends where it turns into the belly (0.18 m); that is no ankle (it was taken for one at
        // 0.17-0.19 m).
        expect(joint(r, `${leg}Foot`)[1]).toBeLessThan(0.12);
        expect(joint(r, `${leg}LowerLeg`)[1]).toBeLessThan(0.23);
      }
    });
});

describe('quadruped fit on a head with a low muzzle (a horse or a fox)', () => {
  // The synthetic quadruped's body, neck and legs; the head a skull (axis at 0.86 m) with a muzzle
  // hanging below its front (axis 0.79-0.77 m), so the head's medial path runs low, along the muzzle.
  const pieces: MeshPiece[] = [
    capsule([0, 0.58, -0.35], [0, 0.6, 0.3], 0.15, 0.15),
    capsule([0, 0.6, 0.3], [0, 0.84, 0.48], 0.1, 0.07),
    capsule([0, 0.86, 0.46], [0, 0.86, 0.6], 0.08, 0.07),
    capsule([0, 0.79, 0.52], [0, 0.77, 0.8], 0.05, 0.04),
    capsule([0, 0.6, -0.48], [0, 0.66, -0.98], 0.045, 0.02),
  ];
  for (const sx of [1, -1])
    for (const z of [0.3, -0.35])
      pieces.push(capsule([sx * 0.1, 0.6, z], [sx * 0.1, 0.3, z], 0.055, 0.04), capsule([sx * 0.1, 0.3, z], [sx * 0.1, 0.1, z], 0.04, 0.032), capsule([sx * 0.1, 0.1, z], [sx * 0.1, 0.035, z + 0.1], 0.035, 0.025));
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`centres the head joint between the top of the skull and the underside of the jaw (${engine})`, () => {
      const head = joint(rig(pieces, engine), 'Head');
      // At the head joint (z about 0.59) the head spans 0.73-0.93 m; the muzzle's axis, where the medial
      // path put the joint, is at 0.78 m.
      expect(head[1]).toBeGreaterThan(0.805);
      expect(head[1]).toBeLessThan(0.86);
    });
});

describe('quadruped fit on a tail thicker in its hair than at its dock (a horse)', () => {
  // The synthetic quadruped's body (rump's back at z = -0.5 m), a thin dock (radius 0.025) to z = -0.62 m,
  // then the hair, twice as thick, to z = -1.0 m.
  const pieces: MeshPiece[] = [
    capsule([0, 0.58, -0.35], [0, 0.6, 0.3], 0.15, 0.15),
    capsule([0, 0.6, 0.3], [0, 0.84, 0.5], 0.1, 0.06),
    capsule([0, 0.84, 0.5], [0, 0.8, 0.74], 0.085, 0.04),
    capsule([0, 0.6, -0.45], [0, 0.6, -0.62], 0.025, 0.025),
    capsule([0, 0.6, -0.62], [0, 0.55, -1.0], 0.06, 0.03),
  ];
  for (const sx of [1, -1])
    for (const z of [0.3, -0.35])
      pieces.push(capsule([sx * 0.1, 0.6, z], [sx * 0.1, 0.3, z], 0.055, 0.04), capsule([sx * 0.1, 0.3, z], [sx * 0.1, 0.1, z], 0.04, 0.032), capsule([sx * 0.1, 0.1, z], [sx * 0.1, 0.035, z + 0.1], 0.035, 0.025));
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`starts the tail at the dock, where it leaves the rump (${engine})`, () => {
      const tail = joint(rig(pieces, engine), 'Tail');
      // The radius first grows past the tail's own inside the rump, at z = -0.43 to -0.45 m.
      expect(tail[2]).toBeLessThan(-0.49);
      expect(tail[2]).toBeGreaterThan(-0.64);
    });
});

describe('quadruped fit on hind legs bent at the stifle and the hock (a fox or a horse)', () => {
  // The synthetic quadruped's body, neck, head and tail; straight front legs; each hind leg a thigh from the
  // hip down and forward to the stifle (y = 0.36 m), a shin down and back to the hock (y = 0.15 m), a
  // metatarsus down to the foot and a toe forward.
  const stifle: V3 = [0.1, 0.36, -0.26];
  const pieces: MeshPiece[] = [
    capsule([0, 0.6, -0.35], [0, 0.6, 0.3], 0.15, 0.15),
    capsule([0, 0.6, 0.3], [0, 0.84, 0.48], 0.1, 0.07),
    capsule([0, 0.86, 0.46], [0, 0.8, 0.74], 0.085, 0.04),
    capsule([0, 0.6, -0.48], [0, 0.66, -0.98], 0.045, 0.02),
  ];
  for (const sx of [1, -1]) {
    const knee: V3 = [sx * stifle[0], stifle[1], stifle[2]];
    pieces.push(capsule([sx * 0.1, 0.6, 0.3], [sx * 0.1, 0.3, 0.3], 0.055, 0.04), capsule([sx * 0.1, 0.3, 0.3], [sx * 0.1, 0.1, 0.3], 0.04, 0.032), capsule([sx * 0.1, 0.1, 0.3], [sx * 0.1, 0.035, 0.4], 0.035, 0.025));
    pieces.push(capsule([sx * 0.1, 0.6, -0.35], knee, 0.06, 0.045), capsule(knee, [sx * 0.1, 0.15, -0.42], 0.045, 0.032), capsule([sx * 0.1, 0.15, -0.42], [sx * 0.1, 0.04, -0.4], 0.032, 0.028), capsule([sx * 0.1, 0.04, -0.4], [sx * 0.1, 0.03, -0.3], 0.03, 0.022));
  }
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`puts the knee halfway up from the hock to the hip joint, near the stifle (${engine})`, () => {
      const r = rig(pieces, engine);
      const knee = joint(r, 'LeftBackLowerLeg'), hock = joint(r, 'LeftBackFoot'), hip = joint(r, 'LeftBackUpperLeg');
      // Halfway along the path from the hock to where the leg enters the body, the knee sat at 0.38-0.39 of
      // the hock-to-hip height, 0.10 m from the stifle.
      expect((knee[1] - hock[1]) / (hip[1] - hock[1])).toBeGreaterThan(0.44);
      expect(Math.hypot(knee[0] - stifle[0], knee[1] - stifle[1], knee[2] - stifle[2])).toBeLessThan(0.07);
    });
});

describeWithCorpus('quadruped fit on the corpus fox (fast engine)', () => {
  it('centres the knee and ankle joints in the leg, as the pro engine does', async () => {
    const gt = await readCorpusRig(corpusPath('characters/mesh2motion/rigged/fox-fox.glb'));
    const L = longestSide(gt.positions);
    const truth = (name: string): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(gt.restWorld[gt.joints.findIndex((j) => j.name === name)]);
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'quadruped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const off = (ours: string, artist: string): number => truth(artist).distanceTo(new THREE.Vector3(...joint(r, ours))) / L;
    // On the medial path, uncentred: 1.10%, 1.37% and 1.16% of the size from the artist's joints.
    for (const [S, s] of [['Left', 'L'], ['Right', 'R']] as const) {
      // Since session 19 the leg's own radius is read on the leg alone (legStretch in fit-quadruped.ts): the
      // fast front root is found 0.014-0.041 of the path lower, and the elbow, halfway up to it from the ankle,
      // went from 0.9% to 2.3% of the size off along the leg (pro unchanged; random quadrupeds 4.2 -> 3.5%).
      expect(off(`${S}FrontLowerLeg`, `Front_Leg_Lower_${s}`)).toBeLessThan(0.025);
      expect(off(`${S}FrontFoot`, `Front_Leg_Ankle_${s}`)).toBeLessThan(0.012);
      // The hind ankle's height along the leg is the path's bend, a grid decision: 1.0% of the size before the
      // volume snapped its coordinates (volume.ts), 1.7% after, pro 2.3%; centred either way.
      expect(off(`${S}BackFoot`, `Back_Leg_Ankle_${s}`)).toBeLessThan(0.02);
    }
  });
});

describeWithCorpus('quadruped fit on the corpus fox (pro engine)', () => {
  it("keeps the front upper-leg joints over the leg, not behind it on the path's turn along the chest", async () => {
    const gt = await readCorpusRig(corpusPath('characters/mesh2motion/rigged/fox-fox.glb'));
    const L = longestSide(gt.positions);
    const truth = (name: string): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(gt.restWorld[gt.joints.findIndex((j) => j.name === name)]);
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'quadruped', engine: 'pro', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    // The pro path up to the spine line turns back along the chest: the joint followed it 0.013 of the size
    // behind where the leg enters the body, 0.062 behind the artist's shoulder (now 0.049: the artists'
    // shoulders stand 0.024-0.05 in front of the entry, shoulderDepth).
    for (const [S, s] of [['Left', 'L'], ['Right', 'R']] as const)
      expect((truth(`Front_Leg_Upper_${s}`).z - joint(r, `${S}FrontUpperLeg`)[2]) / L).toBeLessThan(0.055);
  });
});

describeWithCorpus('quadruped fit on the corpus horse (hind legs)', () => {
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`puts the hock at the bend between the cannon and the tibia, wherever the leg's root is found (${engine})`, async () => {
      const gt = await readCorpusRig(corpusPath('characters/mesh2motion/rigged/fox-horse.glb'));
      const L = longestSide(gt.positions);
      const truth = (name: string): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(gt.restWorld[gt.joints.findIndex((j) => j.name === name)]);
      const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const off = (ours: string, artist: string): number => truth(artist).distanceTo(new THREE.Vector3(...joint(r, ours))) / L;
      // The pro grid found the leg's root 0.035 of the size lower; the farthest point from the line hoof-root
      // then slid down the cannon, which runs parallel to it: hock 3.97%, knee (halfway up to the hip) 4.14%
      // of the size from the artist's joints (fast 1.36 / 2.06%). Now the polygon's vertex: pro 0.77 / 1.79%.
      for (const [S, s] of [['Left', 'L'], ['Right', 'R']] as const) {
        expect(off(`${S}BackFoot`, `Back_Leg_Ankle_${s}`)).toBeLessThan(0.016);
        expect(off(`${S}BackLowerLeg`, `Back_Leg_Lower_${s}`)).toBeLessThan(0.025);
      }
    });
});

describeWithCorpus('quadruped fit on the corpus Pig (hind legs)', () => {
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`ends the hind legs' paths on the torso, not in the tail's root, so the hips stay over the legs (${engine})`, async () => {
      const gt = await readCorpusRig(corpusPath('characters/quaternius/Pig.fbx'));
      const L = longestSide(gt.positions);
      const truth = (name: string): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(gt.restWorld[gt.joints.findIndex((j) => j.name === name)]);
      const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const off = (ours: string, artist: string): number => truth(artist).distanceTo(new THREE.Vector3(...joint(r, ours))) / L;
      // The pro paths ran straight up into the tail's path where the rump tapers (0.48 of the centre's
      // radius): hind upper-leg joints 7.5% and the Hips 9.7% of the size from the artist's (fast 3.7-4.0 and
      // 5.0%); now pro 3.0 and 5.8%.
      expect(off('LeftBackUpperLeg', 'BackUpLeg.L')).toBeLessThan(0.045);
      expect(off('RightBackUpperLeg', 'BackUpLeg.R')).toBeLessThan(0.045);
      expect(off('Hips', 'Hips')).toBeLessThan(0.07);
    });
});

describe('quadruped fit: a tail is unpaired', () => {
  // A sitting frog (synthetic/creatures.ts): no tail; its folded hind legs put the heels behind the rump,
  // the rearmost tips, one on each side of the mid-plane.
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`does not run the tail chain into one of a frog's heels (${engine}; old fit: tail 0.15 m to the side, hips pulled after it)`, () => {
      const c = characterFromBuild('frog', 'quadruped', buildCreature('frog'));
      const r = rigMesh(c.mesh, { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const k of ['Hips', 'Tail', 'Tail2', 'Tail_End']) expect(Math.abs(joint(r, k)[0])).toBeLessThan(0.02);
      // The left and right hind-leg roots mirror each other.
      const l = joint(r, 'LeftBackUpperLeg'), rr = joint(r, 'RightBackUpperLeg');
      expect(Math.hypot(l[0] + rr[0], l[1] - rr[1], l[2] - rr[2])).toBeLessThan(0.02);
    });
});
