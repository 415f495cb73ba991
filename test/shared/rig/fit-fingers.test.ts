/**
 * Finger chains span the hand's reach on the mesh (shared/rig/fit-fingers.ts, `handReach` in
 * finger-tips.ts), not only the hand bone, which ends short of the finger tips. The synthetic adult's hand
 * is a capsule from the wrist to the finger tip (`tips`): the middle finger's chain must end near that tip.
 * With the hand bone's length alone it ended 0.26 (T-pose) and 0.19 (A-pose) of the hand's length short.
 * The reach is measured on the side of the palm away from the body: a hanging hand's thigh, against the
 * palm, runs on past the finger tips.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { bipedBody, REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import { handReach } from '../../../shared/rig/finger-tips';

describe('finger chains reach the finger tips', () => {
  for (const [pose, armDownDeg] of [['T', 0], ['A', REALISTIC.armDownDeg]] as const)
    it(`${pose}-pose: the middle finger's chain ends within 0.15 hand lengths of the tip`, () => {
      const body = bipedBody({ ...REALISTIC, armDownDeg });
      const c = characterFromBuild(pose, 'biped', body, { accessories: false });
      const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: true, rotationY: 0, boneNaming: 'mixamo' });
      expect(r.report.joints.filter((j) => /Hand(Thumb|Index|Middle|Ring|Pinky)[123]$/.test(j.name)).length).toBe(30);
      for (const S of ['Left', 'Right']) {
        const w = body.joints[`${S}Hand`], t = body.tips[`${S}Hand`];
        const hand = Math.hypot(t[0] - w[0], t[1] - w[1], t[2] - w[2]);
        const m3 = r.report.joints.find((j) => j.name === `${S}HandMiddle3`)!;
        const end = m3.tip ?? m3.position;
        expect(Math.hypot(end[0] - t[0], end[1] - t[1], end[2] - t[2]) / hand).toBeLessThan(0.15);
      }
    });
});

/** A hand (wrist at the origin, finger tip 0.18 down) hanging against a thigh that runs on 0.6 below it. */
function handOnThigh(): { positions: Float32Array; indices: Uint32Array } {
  const hand = capsule([0, 0, 0], [0, -0.18 + 0.03, 0], 0.03, 0.03);
  const thigh = capsule([-0.1, 0.1, 0], [-0.1, -0.6, 0], 0.07, 0.06);
  const n = hand.positions.length / 3;
  const positions = new Float32Array([...hand.positions, ...thigh.positions]);
  const indices = new Uint32Array([...hand.indices, ...Array.from(thigh.indices, (i) => i + n)]);
  return { positions, indices };
}

describe('handReach', () => {
  // The hand hangs down (d = -Y), the palm's across axis is +Z, so the palm's plane is normal to X; the
  // thigh lies on -X, the body's side.
  const { positions, indices } = handOnThigh();
  const d: [number, number, number] = [0, -1, 0], a: [number, number, number] = [0, 0, 1];
  const n = [d[1] * a[2] - d[2] * a[1], d[2] * a[0] - d[0] * a[2], d[0] * a[1] - d[1] * a[0]];
  // The side away from the body: the sign of n . (wrist - body), wrist - body along +X (as in fit-fingers.ts).
  const away = Math.sign(n[0]);
  it('finds the finger tip in the half of the slab away from the thigh', () => {
    const r = handReach(positions, indices, [0, 0, 0], d, a, 0.045, 0.045, 0.09, 0.27, 0.009, away);
    expect(r).not.toBeNull();
    expect(Math.abs(r! - 0.18)).toBeLessThan(0.01);
  });
  it('runs on down the thigh with the whole slab, and then finds none', () => {
    expect(handReach(positions, indices, [0, 0, 0], d, a, 0.045, 0.045, 0.09, 0.27, 0.009, 0)).toBeNull();
  });
});
