/**
 * A dress closed over the legs, its hem at mid-shin (shared/rig/biped-hem.ts): the legs show only below the
 * hem, so the space between them ends there and the crotch was found at the hem (issue 13's first failure
 * class: hips at 0.1-0.2 H instead of about 0.5 H, with the verdict `ok`). Over a hem the garment stands
 * out around the leg in every direction; over a crotch the thigh goes on up into the hip.
 */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { bipedBody, REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { capsule, lathe } from '../../../shared/rig/synthetic/shapes';
import type { RigEngine } from '../../../shared/rig/types';
import { HEM_STEP, LOW_CROTCH_OF_PROPORTION, legUnderHem } from '../../../shared/rig/biped-hem';
import { Polyline } from '../../../shared/rig/polyline';
import { heightOf } from '../../eval/metrics';
import { sweepExtras } from '../../../shared/rig/synthetic/biped-sweep';
import { rigSweepBiped } from '../../support/sweep-biped';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { corpusRoleNodes } from '../../eval/corpus-semantic';

/** The realistic adult, arms in an A-pose, in a closed A-line dress from the waist to mid-shin. */
function midShinDress(withDress = true) {
  const s = REALISTIC;
  const body = bipedBody({ ...s, armDownDeg: 40 });
  const j = body.joints;
  const hemY = (j.LeftLeg[1] + j.LeftFoot[1]) / 2;
  const hips = (s.legX + 1.1 * s.thighR) * 1.1;
  if (withDress) body.pieces.push(['dress', lathe([0, 0, 0], [[j.Spine1[1], s.waistR * 1.05], [j.LeftUpLeg[1], hips], [hemY, hips * 1.4]], 0.9, 28)]);
  return { c: characterFromBuild('mid_shin_dress', 'biped', body, { accessories: false }), hemY };
}

describe('a dress closed over the legs', () => {
  const { c } = midShinDress();
  const H = heightOf(c.mesh.positions);
  const truth = (k: string): number[] => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3));
  };
  for (const engine of ['fast', 'pro'] as RigEngine[]) {
    it(`puts the hips under the head's proportions, not at the hem (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const joint = (k: string): number[] => r.report.joints.find((q) => q.name === k)!.position;
      const off = (k: string): number => Math.hypot(...joint(k).map((v, a) => v - truth(k)[a])) / H;
      // Before: Hips 0.30-0.31 H off (at the hem), hip joints 0.30 H, knees 0.16-0.17 H, verdict ok.
      // Now 0.05, 0.03 and 0.02-0.03 H, verdict check.
      expect(off('Hips')).toBeLessThan(0.07);
      expect(off('LeftUpLeg')).toBeLessThan(0.05);
      expect(off('RightUpLeg')).toBeLessThan(0.05);
      expect(off('LeftLeg')).toBeLessThan(0.05);
      expect(off('LeftFoot')).toBeLessThan(0.03);
      // The hip joints stand over the legs, not on the mid-plane.
      expect(joint('LeftUpLeg')[0]).toBeGreaterThan(0.03 * H);
      expect(joint('RightUpLeg')[0]).toBeLessThan(-0.03 * H);
      expect(r.report.verdict).not.toBe('ok');
      expect(r.report.warnings.join(' ')).toMatch(/dress or a skirt/);
    });
  }
  it('leaves the same body without the dress as it was (no hem found)', () => {
    const bare = midShinDress(false).c;
    const r = rigMesh(bare.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(r.report.warnings.join(' ')).not.toMatch(/dress or a skirt/);
    // The threshold lies above every real crotch of the corpus (KayKit Mage pro 2.37).
    expect(HEM_STEP).toBeGreaterThan(2.37);
  });
});

describe('legUnderHem', () => {
  // A straight vertical leg path from the toe (y = 0) up to y = 1, x = 0.1.
  const P = new Polyline(Float64Array.from([0.1, 0, 0.05, 0.1, 0.5, 0, 0.1, 1, 0]), Float64Array.from([0.03, 0.03, 0.03]), 0);
  it('takes the knee on the path below the hem and on the line to the hip above it', () => {
    const low = legUnderHem(P, 0.6, 0.9, 0.3, 0.01);
    expect(low.hip[0]).toBeCloseTo(0.1, 6);
    expect(low.hip[1]).toBeCloseTo(0.9, 6);
    expect(low.knee[1]).toBeCloseTo(0.3, 2);
    const high = legUnderHem(P, 0.2, 0.9, 0.5, 0.01);
    expect(high.knee[1]).toBeCloseTo(0.5, 6);
    expect(high.knee[0]).toBeCloseTo(0.1, 6);
  });
});

/**
 * A hem the hem figures let through (refitUnderHem): eval:rig-sweep --extras seed 197, an adult-ish body
 * (chibi 0.23) whose dress ends just under the knee and flares little (hem step 2.0-2.5, section ratio
 * 3.9-4.8, inside the real crotches' range). Before the refit the crotch was the hem: hip joints at 0.26 H
 * under shoulders at 0.72 H (0.38 of their height), Hips 15.6% of the height off, semantic 6.0%.
 */
describe('a dress just under the knee that the hem figures do not tell from a crotch (sweep seed 197)', () => {
  const seed = 197;

  it('is the case it stands for: a dress whose hem is near the knee', () => {
    const dress = sweepExtras(seed).dress;
    expect(dress, 'the seed draws a dress').not.toBeNull();
    expect(dress!.hem).toBeLessThan(0.35);
  });

  it.each(['fast', 'pro'] as RigEngine[])('reads the hem from the hips sunk under the shoulders and places the hips from the body (%s)', (engine) => {
    const { r, s } = rigSweepBiped(seed, engine);
    expect(r.report.warnings.join(' ')).toMatch(/joined_legs: a dress or a skirt hides the legs/);
    for (const k of ['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftLeg', 'RightLeg']) expect(s.perJoint[k], k).toBeLessThan(0.04);
    expect(s.mean).toBeLessThan(0.025);
  });
});

/**
 * The refit's own threshold (HEM_REFIT_BELOW, 0.42 of the shoulders' height): eval:rig-sweep --extras seed
 * 280, a knee-length dress over bent knees (chibi 0.41, arms 85 degrees down) whose hem was read as the
 * crotch with the hips at 0.405 of the shoulders' height, over the check's 0.4: hips 19% of the height low
 * and no check said so (semantic 8.8%).
 */
describe('a knee-length dress whose hips sit just over the check (sweep seed 280)', () => {
  const seed = 280;

  it.each(['fast', 'pro'] as RigEngine[])('is refitted with the crotch read as a hem (%s)', (engine) => {
    expect(sweepExtras(seed).dress, 'the seed draws a dress').not.toBeNull();
    const { r, s } = rigSweepBiped(seed, engine);
    expect(r.report.warnings.join(' ')).toMatch(/joined_legs: a dress or a skirt hides the legs/);
    for (const k of ['Hips', 'LeftUpLeg', 'RightUpLeg']) expect(s.perJoint[k], k).toBeLessThan(0.07);
    expect(s.mean).toBeLessThan(0.055);
  });
});

/**
 * A tight tunic over both thighs, ending just above the knees, on a small head with a neck as thick as 0 A.D.'s
 * humans' (LOW_CROTCH_OF_PROPORTION, biped-head-features.ts columnBase): the tunic stands out from the legs
 * no more than skin, so the hem figures read its lower edge as a crotch, and the neck's section is 0.66 of
 * the head's, no narrowing under half. Before: no head base, the crotch at the hem (0.35 H), the hips and
 * hip joints 0.12-0.13 H low, verdict ok. The crotch found is 0.78-0.80 of the one the head's base predicts.
 */
/** The realistic adult on a neck as thick as 0 A.D.'s, arms 40 degrees down, optionally in the tight tunic and with a ponytail. */
function tightTunicBody({ tunic, ponytail = false }: { tunic: boolean; ponytail?: boolean }) {
  const s = REALISTIC;
  const body = bipedBody({ ...s, armDownDeg: 40, neckR: 0.09 });
  const j = body.joints;
  const hemY = j.LeftLeg[1] + 0.25 * (j.LeftUpLeg[1] - j.LeftLeg[1]);
  const r = s.legX + 1.05 * s.thighR;
  if (tunic) body.pieces.push(['tunic', lathe([0, 0, 0], [[j.Spine1[1], s.waistR * 1.05], [j.LeftUpLeg[1], r], [hemY, r]], 0.9, 28)]);
  // Level from the crown to 0.15 m behind the skull: the crown is then no extremity of its own.
  const sk = body.tips.skull;
  if (ponytail) body.pieces.push(['ponytail', capsule([0, sk[1] + 0.1, 0], [0, sk[1], -(s.headR + 0.15)], 0.03, 0.021)]);
  return characterFromBuild('tight_tunic', 'biped', body, { accessories: false });
}

/** The tight tunic body (tightTunicBody) rigged with `engine`: the joints' distances from the truth over the height, and the warnings. */
function rigTightTunic(engine: RigEngine, ponytail: boolean) {
  const c = tightTunicBody({ tunic: true, ponytail });
  const H = heightOf(c.mesh.positions);
  const truth = (k: string): number[] => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3));
  };
  const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  const off = (k: string): number => Math.hypot(...r.report.joints.find((q) => q.name === k)!.position.map((v, a) => v - truth(k)[a])) / H;
  return { off, warnings: r.report.warnings.join(' ') };
}

describe('a tight tunic to just above the knees on a thick neck', () => {
  it.each(['fast', 'pro'] as RigEngine[])('places the hips from the head, not at the tunic\'s edge, and says so (%s)', (engine) => {
    const { off, warnings } = rigTightTunic(engine, false);
    // Now 0.01-0.02 (Hips), 0.03 (hip joints), 0.02 (knees).
    expect(off('Hips')).toBeLessThan(0.04);
    expect(off('LeftUpLeg')).toBeLessThan(0.05);
    expect(off('RightUpLeg')).toBeLessThan(0.05);
    expect(off('LeftLeg')).toBeLessThan(0.04);
    expect(off('LeftFoot')).toBeLessThan(0.02);
    expect(warnings).toMatch(/joined_legs: a dress or a skirt hides the legs/);
  });
  /*
   * A ponytail from the crown: on the pro grid the head's extremity is the ponytail's tip (0.913 of the height,
   * under the crown at 0.948), so the head's path climbs into the skull before it runs down the neck; the
   * column was read as none, no head base, the hips at the tunic's edge (12.5% of the height off, verdict
   * `ok`). The column is now read from the path's highest sample (columnBase). Now 0.02 (Hips and knees),
   * 0.03 (hip joints). 0 A.D.'s m_armor_hero_tunic (its helmet's crest) pro 6.2 -> 3.7%.
   */
  it.each(['fast', 'pro'] as RigEngine[])('reads the head\'s column from the crown when a ponytail is its extremity (%s)', (engine) => {
    const { off, warnings } = rigTightTunic(engine, true);
    expect(off('Hips')).toBeLessThan(0.04);
    expect(off('LeftUpLeg')).toBeLessThan(0.05);
    expect(off('LeftLeg')).toBeLessThan(0.04);
    expect(warnings).toMatch(/joined_legs: a dress or a skirt hides the legs/);
  });
  it('leaves the same body without the tunic reading its own crotch', () => {
    const r = rigMesh(tightTunicBody({ tunic: false }).mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(r.report.warnings.join(' ')).not.toMatch(/dress or a skirt/);
    expect(LOW_CROTCH_OF_PROPORTION).toBeLessThan(0.89);
  });
});

/**
 * The head's prediction misleads on a chibi whose "head base" is a hair tuft's (Kenney male-d: 0.89-0.90 H,
 * its real head joint at 0.48 H): its crotch reads 0.56-0.57 of the prediction, the refit under a hem sets
 * its hips as high as its shoulders (no shoulders-to-hips ratio can be read), and is refused. Kept, fast
 * went 0.07 -> 13.1% of the height.
 */
describeWithCorpus('a chibi whose head base is a hair tuft keeps its own crotch', () => {
  it.each(['fast', 'pro'] as RigEngine[])('Kenney male-d (%s)', async (engine) => {
    const gt = await readCorpusRig(corpusPath('characters/kenney-mini-characters/character-male-d.glb'));
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const H = heightOf(gt.positions);
    const roles = corpusRoleNodes(gt);
    const rest = gt.restWorldOf();
    for (const [name, role] of [['Hips', 'hips'], ['LeftUpLeg', 'left_upper_leg'], ['RightUpLeg', 'right_upper_leg']] as const) {
      const truth = new THREE.Vector3().setFromMatrixPosition(rest.get(roles.get(role)!)!);
      const fitted = new THREE.Vector3(...r.report.joints.find((j) => j.name === name)!.position);
      expect(fitted.distanceTo(truth) / H, `${name} from the artist's ${role}`).toBeLessThan(0.02);
    }
    expect(r.report.warnings.join(' ')).not.toMatch(/dress or a skirt/);
  }, 60_000);
});
