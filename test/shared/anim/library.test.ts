import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { jointLimitDegrees } from '../../../shared/anim/joint-limits';
import { bindClip, sampleBound } from '../../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose, restWorld } from '../../../shared/anim/pose';
import { qAngle, qInvMul } from '../../../shared/anim/quat';
import { REST_STRIDE } from '../../../shared/rig/skeleton';

const ALL = builtinClips();
const REQUIRED: Record<string, string[]> = {
  biped: ['idle', 'walk', 'run', 'jump', 'wave', 'crouch', 'attack', 'hit_reaction', 'death', 'dance', 'sit', 'look_around'],
  quadruped: ['idle', 'walk', 'trot', 'gallop', 'sit'],
  hexapod: ['idle', 'walk'], octopod: ['idle', 'walk'], avian: ['idle', 'flap', 'glide'], serpentine: ['idle', 'slither'], aquatic: ['idle', 'swim'],
};

/** Largest contact drift (metres, in the frame of the ground moving at the clip's ground speed), sampled between keys too. */
function footDrift(c: (typeof ALL)[number]): number {
  const skel = c.skeleton;
  const bound = bindClip(skel, c.clip);
  const pose = restPose(skel);
  const world = newWorldPose(skel.names.length);
  const rest = restWorld(skel);
  let worst = 0;
  for (const contact of c.contacts) {
    const j = skel.names.indexOf(contact);
    const groundY = rest.position[j * 3 + 1];
    let anchor: number[] | null = null;
    const steps = Math.round(c.clip.duration * 120);
    for (let s = 0; s <= steps; s++) {
      const t = (s / steps) * c.clip.duration;
      sampleBound(bound, t, pose);
      forwardKinematics(skel, pose, world);
      const x = world.position[j * 3], y = world.position[j * 3 + 1], z = world.position[j * 3 + 2] + (c.groundSpeed ?? 0) * t;
      if (y < groundY - 0.02) throw new Error(`${c.id}: ${contact} goes ${(groundY - y).toFixed(3)} m below the ground`);
      if (y <= groundY + 0.001) {
        if (!anchor) anchor = [x, z];
        worst = Math.max(worst, Math.hypot(x - anchor[0], z - anchor[1]));
      } else anchor = null;
    }
  }
  return worst;
}

describe('built-in clip library', () => {
  it('has every required clip per body plan', () => {
    for (const [plan, names] of Object.entries(REQUIRED)) {
      const have = ALL.filter((c) => c.plan === plan).map((c) => c.clip.name);
      for (const n of names) expect(have, `${plan} ${n}`).toContain(n);
    }
  });

  it('every clip has finite unit keys on template joints, within its duration', () => {
    for (const c of ALL) {
      expect(c.clip.duration).toBeGreaterThan(0);
      for (const tr of c.clip.tracks) {
        expect(c.skeleton.names).toContain(tr.joint);
        expect(tr.times[tr.times.length - 1]).toBeCloseTo(c.clip.duration, 5);
        for (const v of tr.values) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  it('loops close: first and last pose match', () => {
    for (const c of ALL.filter((x) => x.loop))
      for (const tr of c.clip.tracks) {
        const k = tr.path === 'rotation' ? 4 : 3;
        const n = tr.times.length;
        for (let i = 0; i < k; i++) expect(Math.abs(tr.values[i] - tr.values[(n - 1) * k + i]), `${c.id} ${tr.joint}`).toBeLessThan(1e-6);
      }
  });

  it('stays within joint limits', () => {
    const q = new Float64Array(4);
    for (const c of ALL)
      for (const tr of c.clip.tracks) {
        if (tr.path !== 'rotation') continue;
        const j = c.skeleton.names.indexOf(tr.joint);
        const limit = jointLimitDegrees(c.plan, tr.joint);
        expect(limit, `${c.plan} ${tr.joint} has a limit`).not.toBeNull();
        for (let f = 0; f < tr.times.length; f++) {
          qInvMul(q, 0, c.skeleton.restLocal, j * REST_STRIDE + 3, tr.values, f * 4);
          const deg = (qAngle(q, 0) * 180) / Math.PI;
          if (deg > limit! + 1e-3) throw new Error(`${c.id}: ${tr.joint} turns ${deg.toFixed(1)} deg at ${tr.times[f].toFixed(2)} s (limit ${limit})`);
        }
      }
  });

  it('feet stay planted: contact drift under 5 mm on the moving ground', () => {
    const report: string[] = [];
    for (const c of ALL.filter((x) => x.contacts.length > 0)) {
      const d = footDrift(c);
      report.push(`${c.id} ${(d * 1000).toFixed(2)} mm`);
      expect(d, c.id).toBeLessThan(0.005);
    }
    console.log(`foot drift: ${report.join(', ')}`);
  });

  it('locomotion moves the feet (a walk is not a still pose)', () => {
    for (const c of ALL.filter((x) => x.groundSpeed)) expect(c.groundSpeed!).toBeGreaterThan(0.1);
  });
});
