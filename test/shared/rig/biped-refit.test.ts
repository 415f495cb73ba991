/**
 * A garment's hem corners taken for the hands (shared/rig/biped-refit.ts, refitWithOtherHands): eval:rig-sweep
 * --extras seed 180, a chibi (0.93) in a dress that flares as wide as its hands, held 43 degrees down. The
 * hem's thin corners, 0.14 H up, were the lowest of the near-equally lateral tips and were taken for the
 * hands: shoulders fitted at the hips, arms 22% of the height off, semantic fast 9.3%, and the hem's back
 * taken for a tail. The hip joints then stand as high as the shoulders; fitted again with those tips barred
 * from the hands, the arms end at the hands, and no tail grows out of a garment over the legs.
 */
import { describe, expect, it } from 'vitest';
import type { RigEngine } from '../../../shared/rig/types';
import { sweepBody, sweepExtras } from '../../../shared/rig/synthetic/biped-sweep';
import { rigSweepBiped } from '../../support/sweep-biped';

describe("a chibi in a flared dress, hands held out to the hem's width (random body 180 of the sweep)", () => {
  const seed = 180;

  it('is the case it stands for: a chibi body in a dress, arms part way down', () => {
    expect(sweepBody(seed).chibi).toBeGreaterThan(0.8);
    expect(sweepBody(seed).spec.armDownDeg).toBeGreaterThan(30);
    expect(sweepExtras(seed).dress, 'the seed draws a dress').not.toBeNull();
  });

  it.each(['fast', 'pro'] as RigEngine[])('ends the arms at the hands, not at the hem, and grows no tail from the dress (%s)', (engine) => {
    const { r, s } = rigSweepBiped(seed, engine);
    for (const k of ['LeftArm', 'RightArm', 'LeftForeArm', 'RightForeArm', 'LeftHand', 'RightHand']) expect(s.perJoint[k], k).toBeLessThan(0.04);
    expect(s.mean).toBeLessThan(0.025);
    expect(r.report.joints.map((j) => j.name)).not.toContain('Tail');
  });
});
