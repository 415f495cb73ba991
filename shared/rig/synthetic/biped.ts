/** Synthetic biped: capsules around a known Mixamo-keyed skeleton, T-pose or A-pose, with accessories. */
import type { PlanBuild } from './characters';
import { capsule, sphere, torus, box } from './shapes';

type V3 = [number, number, number];

function lerp(a: V3, b: V3, f: number): V3 {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

export function buildBiped(pose: 'T' | 'A' | 'I'): PlanBuild {
  const j: Record<string, V3> = {};
  const parents: Record<string, string | null> = {};
  const add = (k: string, p: string | null, v: V3): void => {
    j[k] = v;
    parents[k] = p;
  };
  const hipsY = 0.92, armY = 1.42, headY = 1.57;
  const neckY = armY + 0.25 * (headY - armY);
  add('Hips', null, [0, hipsY, 0]);
  add('Spine', 'Hips', [0, hipsY + 0.19 * (neckY - hipsY), 0]);
  add('Spine1', 'Spine', [0, hipsY + 0.42 * (neckY - hipsY), 0]);
  add('Spine2', 'Spine1', [0, hipsY + 0.68 * (neckY - hipsY), 0]);
  add('Neck', 'Spine2', [0, neckY, 0]);
  add('Head', 'Neck', [0, headY, 0]);
  add('HeadTop_End', 'Head', [0, 1.765, 0]);
  // A-pose: arms 40 degrees down; I-pose: 75 degrees down, close to the torso (for the gap test).
  const ang = pose === 'A' ? (-40 * Math.PI) / 180 : pose === 'I' ? (-75 * Math.PI) / 180 : 0;
  const pieces: [string, ReturnType<typeof capsule>][] = [];
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
    const arm: V3 = [sx * 0.17, armY, 0];
    const dir: V3 = [sx * Math.cos(ang), Math.sin(ang), 0];
    const at = (d: number): V3 => [arm[0] + dir[0] * d, arm[1] + dir[1] * d, arm[2]];
    add(`${S}Shoulder`, 'Spine2', [sx * 0.051, armY, 0]);
    add(`${S}Arm`, `${S}Shoulder`, arm);
    add(`${S}ForeArm`, `${S}Arm`, at(0.28));
    add(`${S}Hand`, `${S}ForeArm`, at(0.54));
    pieces.push(
      [`${S}_shoulder`, capsule(j[`${S}Shoulder`], arm, 0.06, 0.055)],
      [`${S}_upperarm`, capsule(arm, at(0.28), 0.055, 0.04)],
      [`${S}_forearm`, capsule(at(0.28), at(0.54), 0.045, 0.032)],
      [`${S}_hand`, capsule(at(0.54), at(0.69), 0.04, 0.03)],
    );
  }
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
    const up: V3 = [sx * 0.1, hipsY, 0];
    const knee: V3 = [sx * 0.1, 0.5, 0.01];
    const ankle: V3 = [sx * 0.1, 0.08, 0];
    const toe: V3 = [sx * 0.1, 0.035, 0.19];
    add(`${S}UpLeg`, 'Hips', up);
    add(`${S}Leg`, `${S}UpLeg`, knee);
    add(`${S}Foot`, `${S}Leg`, ankle);
    add(`${S}ToeBase`, `${S}Foot`, lerp(toe, ankle, 0.38));
    add(`${S}Toe_End`, `${S}ToeBase`, [toe[0], toe[1], toe[2] + 0.01]);
    pieces.push(
      [`${S}_thigh`, capsule(up, knee, 0.08, 0.05)],
      [`${S}_shin`, capsule(knee, ankle, 0.055, 0.04)],
      [`${S}_foot`, capsule(ankle, toe, 0.045, 0.03)],
    );
  }
  pieces.push(
    ['pelvis', capsule([-0.1, hipsY, 0], [0.1, hipsY, 0], 0.08, 0.08)],
    ['torso', capsule(j.Spine, j.Spine2, 0.13, 0.15)],
    ['chest', capsule(j.Spine2, j.Neck, 0.15, 0.06)],
    ['neck', capsule(j.Neck, j.Head, 0.055, 0.045)],
    ['head', sphere([0, 1.66, 0], 0.11)],
  );
  const foreArmMid = lerp(j.LeftForeArm, j.LeftHand, 0.45);
  const armDir: V3 = [j.LeftHand[0] - j.LeftForeArm[0], j.LeftHand[1] - j.LeftForeArm[1], 0];
  return {
    joints: j,
    parents,
    pieces,
    accessories: [
      { part: 'eyes', joint: 'Head', piece: merge(sphere([0.04, 1.68, 0.1], 0.02), sphere([-0.04, 1.68, 0.1], 0.02)) },
      { part: 'bracelet', joint: 'LeftForeArm', piece: torus(foreArmMid, armDir, 0.085, 0.012) },
      { part: 'backpack', joint: 'Spine1', piece: box([0, 1.16, -0.19], [0.1, 0.12, 0.06]) },
    ],
  };
}

function merge(a: ReturnType<typeof capsule>, b: ReturnType<typeof capsule>): ReturnType<typeof capsule> {
  const off = a.positions.length / 3;
  return { positions: [...a.positions, ...b.positions], indices: [...a.indices, ...b.indices.map((i) => i + off)] };
}
