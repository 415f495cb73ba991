/**
 * Where a long hanging arm ends and its hand begins (shared/rig/biped-hand-end.ts, used by
 * biped-arm-down.ts): a column standing free of the body runs on past the adult reach to the finger tips,
 * and the palm, deeper than the forearm, shows the wrist.
 */
import { describe, expect, it } from 'vitest';
import { hangingArm } from '../../../shared/rig/biped-arm-down';
import { freeColumn, freeRunWidth, wristByDepth } from '../../../shared/rig/biped-hand-end';
import { buildVolume } from '../../../shared/rig/volume';
import { normalise } from '../../../shared/rig/normalize';
import { ENGINE, rigMesh } from '../../../shared/rig/rig-mesh';
import { heightOf } from '../../eval/metrics';
import { bipedBody, REALISTIC, type BodySpec } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { box } from '../../../shared/rig/synthetic/shapes';

/** Arms straight down, each with a flat palm turned to the thigh (deeper front to back than the forearm). */
/** A palm on each hand: a box from the wrist to the finger tips, deep front to back (a hand turned to the thigh). */
function withPalms(body: ReturnType<typeof bipedBody>): ReturnType<typeof bipedBody> {
  for (const S of ['Left', 'Right']) {
    const w = body.joints[`${S}Hand`], t = body.tips[`${S}Hand`];
    body.pieces.push([`${S}_palm`, box([(w[0] + t[0]) / 2, (w[1] + t[1]) / 2 + 0.01, 0], [0.02, (w[1] - t[1]) / 2 - 0.01, 0.065])]);
  }
  return body;
}

function armsDownBody(spec: Partial<BodySpec>) {
  const body = withPalms(bipedBody({ ...REALISTIC, armDownDeg: 89, ...spec }));
  const c = characterFromBuild('arms_down_palms', 'biped', body, { accessories: false });
  const norm = normalise(c.mesh.positions, 0);
  const vol = buildVolume(norm.positions, c.mesh.indices, norm.min, norm.max, ENGINE.fast.resolution);
  const H = norm.max[1] - norm.min[1];
  const toY = (v: number): number => (v - norm.offset[1]) * norm.scale;
  const fingerTip = body.tips.LeftHand;
  const tip: [number, number, number] = [(fingerTip[0] - norm.offset[0]) * norm.scale, toY(fingerTip[1]) + 0.02 * H, 0];
  const shoulderX = (body.joints.LeftArm[0] - norm.offset[0]) * norm.scale;
  return { vol, H, tip, scale: norm.scale, shoulderX, fingerTipY: toY(fingerTip[1]), wristY: toY(body.joints.LeftHand[1]), elbowY: toY(body.joints.LeftForeArm[1]) };
}

describe('a long arm hanging free of the body', () => {
  // Reaching 0.49 H from the shoulder (past the adult 0.45 H), clear of the torso and the thighs.
  const b = armsDownBody({ armX: 0.27, upperArm: 0.33, foreArm: 0.3, hand: 0.2 });

  it('stands free of the body beside the forearm, and the body beside it does not', () => {
    expect(freeColumn(b.vol, b.elbowY - 0.05 * b.H, 1, 0)).toBe(true);
    expect(freeColumn(b.vol, b.elbowY - 0.05 * b.H, -1, 0)).toBe(true);
    // Under the finger tips the outermost part is the thigh, with nothing but the other leg further in.
    expect(freeColumn(b.vol, b.fingerTipY - 0.05 * b.H, 1, 0)).toBe(false);
  });

  it('runs past the reach to the finger tips, and the palm shows the wrist', () => {
    // Before: the column stopped at the reach (0.25 H under the shoulder) and had no wrist of its own.
    const hang = hangingArm(b.vol, b.tip, 1, 0, 0.04 * b.H, b.H, 0.2 * b.H, () => 0.25 * b.H)!;
    expect(hang).not.toBeNull();
    expect(Math.abs(hang.bottom[1] - b.fingerTipY) / b.H).toBeLessThan(0.03);
    expect(hang.wristY).not.toBeNull();
    expect(Math.abs(hang.wristY! - b.wristY) / b.H).toBeLessThan(0.04);
  });
});

describe('the own width of a free arm', () => {
  const b = armsDownBody({ armX: 0.27, upperArm: 0.33, foreArm: 0.3, hand: 0.2 });

  it('is the outermost run across the body where the arm hangs free', () => {
    // The forearm's diameter (0.084 at the generated scale, tapering to the wrist), to a voxel.
    const w = freeRunWidth(b.vol, b.elbowY - 0.05 * b.H, 1, 0)!;
    expect(Math.abs(w - 2 * 0.042 * b.scale)).toBeLessThanOrEqual(1.5 * b.vol.grid.h);
    expect(freeRunWidth(b.vol, b.fingerTipY - 0.05 * b.H, 1, 0)).toBeNull();
  });

  it('places the shoulder on the axis of the arm when the arm radius given reads the body too', () => {
    // A medial radius measured where the arm touches the body is too thick (0.06 H against the arm's
    // 0.03 H). Before: the shoulder 0.03 H inside the arm's axis.
    const hang = hangingArm(b.vol, b.tip, 1, 0, 0.06 * b.H, b.H, 0.2 * b.H, () => 0.25 * b.H)!;
    expect(Math.abs(hang.shoulder[0] - b.shoulderX) / b.H).toBeLessThan(0.015);
  });
});

describe('an arm pressed against the body', () => {
  // The same long arm hanging against the torso's side and the thigh: no air beside it.
  const b = armsDownBody({ armX: 0.2, upperArm: 0.33, foreArm: 0.3, hand: 0.2 });

  it('still ends at the reach', () => {
    const hang = hangingArm(b.vol, b.tip, 1, 0, 0.04 * b.H, b.H, 0.2 * b.H, () => 0.25 * b.H)!;
    expect(hang).not.toBeNull();
    expect(hang.shoulder[1] - hang.bottom[1]).toBeLessThanOrEqual(0.25 * b.H + b.vol.grid.h);
    // Its hand lies below the reach: no palm to read above it.
    expect(hang.wristY).toBeNull();
  });
});

describe('an adult arm whose hand rests on the thigh', () => {
  // Adult lengths (shoulder to finger tip 0.42 H) against the torso and the thigh: the column runs on down
  // the thigh past the finger tips and is cut at the adult reach, as the fit cuts it.
  const b = armsDownBody({ armX: 0.2 });
  const reach = (y: number): number => Math.min(0.45 * b.H, 0.55 * y);

  it('ends at the finger tips, where the palm stands out of the thigh (tipsByStep), not at the reach', () => {
    // Read with an arm radius of 0.04 H, the palm's lower end steps the outline out by more than 0.75 radii
    // over the thigh. Until session 32 the column ran on to the reach (below the finger tips) and the palm's
    // depth gave the wrist; one hand length up from the finger tips now gives it (the whole fit below).
    const hang = hangingArm(b.vol, b.tip, 1, 0, 0.04 * b.H, b.H, 0.2 * b.H, reach)!;
    expect(hang).not.toBeNull();
    expect(Math.abs(hang.bottom[1] - b.fingerTipY) / b.H).toBeLessThan(0.02);
    expect(hang.wristY).toBeNull();
  });

  it('is rigged with its wrists and elbows where the body has them', () => {
    const body = bipedBody({ ...REALISTIC, armDownDeg: 89, armX: 0.2 });
    const c = characterFromBuild('arms_down_palms', 'biped', withPalms(body), { accessories: false });
    const H = heightOf(c.mesh.positions);
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    for (const k of ['LeftHand', 'RightHand', 'LeftForeArm']) {
      const i = c.truth.keys.indexOf(k);
      const p = r.report.joints.find((j) => j.name === k)!.position;
      expect(Math.hypot(...p.map((v, a) => v - c.truth.positions[i * 3 + a])) / H, k).toBeLessThan(0.02);
    }
  });

  it('beside a skirt or a robe (legs under clothing) keeps the hand length from the cut', () => {
    // A skirt's own depth grows below the hips, where the hand hangs, and would be read as the palm.
    const hang = hangingArm(b.vol, b.tip, 1, 0, 0.04 * b.H, b.H, 0.2 * b.H, reach, true)!;
    expect(hang.wristY).toBeNull();
  });
});

describe('wrist by depth', () => {
  it('is the first height where the column grows past 1.4 times the forearm, going down', () => {
    // Forearm 6 deep, hand 9 deep from 0.3 down, finger tips at 0.
    const depth = (y: number): number => (y < 0.3 ? 9 : 6);
    expect(Math.abs(wristByDepth(depth, 1, 0, 0.01)! - 0.3)).toBeLessThanOrEqual(0.011);
    expect(wristByDepth(() => 6, 1, 0, 0.01)).toBeNull();
  });
});
