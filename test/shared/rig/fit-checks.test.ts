/**
 * The checks after every fit (shared/rig/fit-checks.ts), on the synthetic biped's true skeleton put in
 * the engine's working frame: the true skeleton passes; a left arm fitted inside the chest is reported as
 * an asymmetry of the limb roots (the Quaternius Robot's fast fit, 0.18 H off), with low confidence.
 */
import { describe, expect, it } from 'vitest';
import { checkFit } from '../../../shared/rig/fit-checks';
import { trueFit } from '../../support/true-fit';

describe('limb roots mirror each other', () => {
  it('the true skeleton raises no asymmetry', () => {
    const { fit, state } = trueFit();
    expect(checkFit(fit, state.vol).checks.map((c) => c.code)).not.toContain('asymmetric');
  });

  it('a shoulder fitted inside the chest is reported with both arms, at low confidence', () => {
    const { fit, state, H } = trueFit();
    const arm = fit.keys.indexOf('LeftArm');
    fit.positions[arm * 3] -= 0.1 * H;
    fit.positions[arm * 3 + 1] -= 0.12 * H;
    const checked = checkFit(fit, state.vol);
    const asym = checked.checks.find((c) => c.code === 'asymmetric');
    expect(asym?.joints).toEqual(expect.arrayContaining(['LeftArm', 'RightArm']));
    expect(checked.confidence[arm]).toBeLessThanOrEqual(0.5);
    expect(checked.verdict).not.toBe('ok');
  });
});

describe('folded chains', () => {
  it('reports a chain folding back on itself, but not a fold the fit traced through the shape (FitResult.folds)', () => {
    const { fit, state } = trueFit();
    // The left forearm turned back along the upper arm.
    const arm = fit.keys.indexOf('LeftArm'), fore = fit.keys.indexOf('LeftForeArm'), hand = fit.keys.indexOf('LeftHand');
    for (let a = 0; a < 3; a++) fit.positions[hand * 3 + a] = fit.positions[fore * 3 + a] + 0.8 * (fit.positions[arm * 3 + a] - fit.positions[fore * 3 + a]);
    expect(checkFit({ ...fit, positions: fit.positions.slice() }, state.vol).checks.find((c) => c.code === 'folded_chain')?.joints).toContain('LeftHand');
    const traced = checkFit({ ...fit, positions: fit.positions.slice(), folds: new Set(['LeftHand']) }, state.vol);
    expect(traced.checks.find((c) => c.code === 'folded_chain')?.joints ?? []).not.toContain('LeftHand');
  });
});

describe('an upper arm much shorter than its forearm (biped-proportions.ts, shortUpperArms)', () => {
  it('the true skeleton raises nothing; a shoulder fitted at its elbow is reported, shoulder and elbow under 0.7', () => {
    const { fit, state } = trueFit();
    expect(checkFit(fit, state.vol).checks.filter((c) => c.code === 'proportions')).toEqual([]);
    // The shoulder slid down the arm to 0.2 of the way from the elbow (sweep seed 91 fast: 0.14).
    const [arm, elbow] = ['LeftArm', 'LeftForeArm'].map((k) => fit.keys.indexOf(k));
    for (let d = 0; d < 3; d++) fit.positions[arm * 3 + d] = fit.positions[elbow * 3 + d] + 0.2 * (fit.positions[arm * 3 + d] - fit.positions[elbow * 3 + d]);
    const checked = checkFit(fit, state.vol);
    const short = checked.checks.find((c) => c.code === 'proportions' && /upper arm/.test(c.message));
    expect(short?.joints).toEqual(['LeftArm', 'LeftForeArm']);
    expect(checked.confidence[arm]).toBeLessThan(0.7);
    expect(checked.verdict).not.toBe('ok');
  });
});

describe('hip joints sunk far under the shoulders (biped-proportions.ts, lowHips)', () => {
  it('the true skeleton raises nothing; hips dropped to a knee-length hem are reported, the pelvis under 0.7', () => {
    const { fit, state } = trueFit();
    const floor = state.vol.min[1];
    expect(checkFit(fit, state.vol).checks.filter((c) => c.code === 'proportions')).toEqual([]);
    // The crotch read at a dress's hem (sweep seed 77 fast: hip joints at 0.30 of the shoulders' height).
    const shoulderY = fit.positions[fit.keys.indexOf('LeftArm') * 3 + 1] - floor;
    for (const k of ['Hips', 'LeftUpLeg', 'RightUpLeg']) fit.positions[fit.keys.indexOf(k) * 3 + 1] = floor + 0.3 * shoulderY;
    const checked = checkFit(fit, state.vol);
    const low = checked.checks.find((c) => c.code === 'proportions' && /lower than/.test(c.message));
    expect(low?.joints).toEqual(['Hips', 'LeftUpLeg', 'RightUpLeg']);
    expect(checked.confidence[fit.keys.indexOf('Hips')]).toBeLessThan(0.7);
  });
});

describe('a long-legged biped thigh much shorter than its shin (biped-proportions.ts, shortThighs)', () => {
  it('the true skeleton raises nothing; hip joints read 0.1 H low (a sagging crotch) are reported with the pelvis', () => {
    const { fit, state, H } = trueFit();
    expect(checkFit(fit, state.vol).checks.filter((c) => c.code === 'proportions')).toEqual([]);
    // The Zombie's sagging trousers: the crotch found 0.09 H under its artist's, thighs 0.66-0.79 of the shins.
    for (const k of ['Hips', 'LeftUpLeg', 'RightUpLeg']) fit.positions[fit.keys.indexOf(k) * 3 + 1] -= 0.1 * H;
    expect(fit.positions[fit.keys.indexOf('LeftUpLeg') * 3 + 1] - state.vol.min[1], 'still a long-legged body').toBeGreaterThan(0.4 * H);
    const checked = checkFit(fit, state.vol);
    const short = checked.checks.find((c) => c.code === 'proportions' && /thigh/.test(c.message));
    expect(short?.joints).toEqual(['Hips', 'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'RightUpLeg', 'RightLeg', 'RightFoot']);
    expect(checked.confidence[fit.keys.indexOf('Hips')]).toBeLessThan(0.7);
    expect(checked.verdict).not.toBe('ok');
  });

  it('leaves short legs alone (chibi thighs and shins follow no such rule)', () => {
    const { fit, state, H } = trueFit();
    // The same thigh, shortened from the knee's end on a body whose hip joints stand under 0.4 H.
    for (const k of ['Hips', 'LeftUpLeg', 'RightUpLeg']) fit.positions[fit.keys.indexOf(k) * 3 + 1] = state.vol.min[1] + 0.36 * H;
    expect(checkFit(fit, state.vol).checks.filter((c) => /thigh/.test(c.message))).toEqual([]);
  });
});
