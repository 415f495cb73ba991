/**
 * fitBiped's own joint rules on synthetic bodies (shared/rig/fit-biped.ts): an arm bent at the elbow
 * has its elbow at the bend, and a bent leg its knee, with both engines, not at a fixed share of the path.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { bipedBody, REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { capsule } from '../../../shared/rig/synthetic/shapes';

/** An A-pose body whose forearms point straight forward from the elbow (a robot holding something). */
function bentArmsBody() {
  const s = REALISTIC;
  const body = bipedBody({ ...s, armDownDeg: 60 });
  body.pieces = body.pieces.filter(([name]) => !/_(forearm|hand)$/.test(name));
  for (const S of ['Left', 'Right']) {
    const e = body.joints[`${S}ForeArm`];
    const wrist: [number, number, number] = [e[0], e[1], e[2] + s.foreArm];
    body.joints[`${S}Hand`] = wrist;
    body.tips[`${S}Hand`] = [e[0], e[1], wrist[2] + s.hand];
    body.pieces.push(
      [`${S}_forearm`, capsule(e, wrist, s.foreArmR, s.wristR)],
      [`${S}_hand`, capsule(wrist, [e[0], e[1], wrist[2] + s.hand - 0.8 * s.handR], s.handR, 0.8 * s.handR)],
    );
  }
  return characterFromBuild('bent_arms', 'biped', body, { accessories: false });
}

/** Knees bent forward and high (0.64 of the way up from the ankle to the crotch, where adults' are at 0.56). */
function bentKneesBody() {
  const s = REALISTIC;
  const body = bipedBody({ ...s });
  body.pieces = body.pieces.filter(([name]) => !/_(thigh|shin)$/.test(name));
  for (const S of ['Left', 'Right']) {
    const up = body.joints[`${S}UpLeg`], ankle = body.joints[`${S}Foot`];
    const knee: [number, number, number] = [up[0], ankle[1] + 0.64 * (s.crotchY - ankle[1]), 0.15];
    body.joints[`${S}Leg`] = knee;
    body.pieces.push([`${S}_thigh`, capsule(up, knee, s.thighR, s.kneeR)], [`${S}_shin`, capsule(knee, ankle, s.kneeR, s.shinR)]);
  }
  return characterFromBuild('bent_knees', 'biped', body, { accessories: false });
}

function heightOf(p: Float32Array): number {
  let lo = Infinity, hi = -Infinity;
  for (let i = 1; i < p.length; i += 3) {
    lo = Math.min(lo, p[i]);
    hi = Math.max(hi, p[i]);
  }
  return hi - lo;
}

describe('an arm bent at the elbow', () => {
  const c = bentArmsBody();
  const H = heightOf(c.mesh.positions);
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: the elbow is at the bend of the arm's path`, () => {
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const side of ['Left', 'Right']) {
        const k = c.truth.keys.indexOf(`${side}ForeArm`);
        const truth = c.truth.positions.subarray(k * 3, k * 3 + 3);
        const fit = r.report.joints.find((j) => j.name === `${side}ForeArm`)!.position;
        // Fast 2.7% of H; before 3.7% (the elbow at 0.47 of the path from the finger tip, on the forearm).
        expect(Math.hypot(fit[0] - truth[0], fit[1] - truth[1], fit[2] - truth[2]) / H).toBeLessThan(0.03);
      }
    });
});

describe('a leg bent at the knee', () => {
  it('fast: the knee is at the bend of the leg\'s path', () => {
    const c = bentKneesBody();
    const H = heightOf(c.mesh.positions);
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    for (const side of ['Left', 'Right']) {
      const k = c.truth.keys.indexOf(`${side}Leg`);
      const truth = c.truth.positions.subarray(k * 3, k * 3 + 3);
      const fit = r.report.joints.find((j) => j.name === `${side}Leg`)!.position;
      // 0.7% of H; before 2.35% (the knee at 0.56 of the ankle-to-crotch height, 0.04 H down the shin).
      expect(Math.hypot(fit[0] - truth[0], fit[1] - truth[1], fit[2] - truth[2]) / H).toBeLessThan(0.015);
    }
  });
});
