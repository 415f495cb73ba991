/**
 * Built-in biped clips (CC0-1.0, authored here) on the biped template skeleton. Arms rest in T-pose,
 * so every clip first lowers them (`armsDown`). Locomotion places the ankles by IK on gait paths.
 */
import type { Skeleton } from '../../rig/skeleton';
import { bakeClip, deg, PoseBuilder, smooth, TAU, X, Y, Z } from './pose-builder';
import { footTarget, groundSpeed, type Gait } from './gait';
import type { LibraryClip } from './library-types';

type V3 = [number, number, number];
const SIDES = [['Left', 1], ['Right', -1]] as const;

function armsDown(b: PoseBuilder, angle = 72): void {
  for (const [S, s] of SIDES) b.rot(`${S}Arm`, Z, -s * deg(angle));
}

/** Elbow flexion keeping the forearm in the sagittal plane when the arm hangs down. */
function elbow(b: PoseBuilder, S: string, angle: number): void {
  b.rot(`${S}ForeArm`, X, -deg(angle));
}

function legsTo(b: PoseBuilder, S: string, target: V3, footPitch = 0): void {
  b.ik(`${S}UpLeg`, `${S}Leg`, `${S}Foot`, target, [0, 0, 1]);
  b.keepRestWorld(`${S}Foot`, X, footPitch);
}

/** Both feet planted at rest positions with the hips moved by (dx, dy, dz). */
function plantedHips(b: PoseBuilder, dx: number, dy: number, dz: number, feet: Record<string, V3> = {}): void {
  const la = feet.Left ?? b.restPos('LeftFoot'), ra = feet.Right ?? b.restPos('RightFoot');
  b.moveRoot(dx, dy, dz);
  legsTo(b, 'Left', la);
  legsTo(b, 'Right', ra);
}

function locomotion(name: string, g: Gait, bob: number, lean: number, armSwing: number, elbowBend: number): (skel: Skeleton) => LibraryClip {
  return (skel) => {
    const drop = 0.92 - 0.08 - Math.sqrt(0.834 ** 2 - g.reach ** 2) + 0.006;
    const clip = bakeClip(skel, {
      name, duration: g.period, loop: true,
      frame: (b, ph) => {
        // Lowest at mid-stance of each foot (twice per cycle).
        const y = -drop - bob * (0.5 + 0.5 * Math.cos(TAU * 2 * (ph - g.duty / 2)));
        b.moveRoot(0, y, 0);
        b.rot('Hips', Y, deg(5) * Math.sin(TAU * ph));
        b.rot('Spine', X, deg(lean));
        b.rot('Spine1', Y, -deg(8) * Math.sin(TAU * ph));
        armsDown(b);
        for (const [S, s] of SIDES) {
          const swing = Math.sin(TAU * ph) * s; // arms opposite to legs
          b.rot(`${S}Arm`, X, deg(armSwing) * swing);
          elbow(b, S, elbowBend + 10 * Math.max(0, -swing));
        }
        for (const [S, s] of SIDES) {
          const off = s > 0 ? 0 : 0.5;
          const f = footTarget(g, b.restPos(`${S}Foot`), ph, off);
          legsTo(b, S, f.p, f.stance ? 0 : deg(30) * Math.sin(Math.PI * f.swing)); // toes down in swing
        }
        b.rot('Head', X, -deg(lean * 0.8));
      },
    });
    return { clip, loop: true, groundSpeed: groundSpeed(g), contacts: ['LeftFoot', 'RightFoot'] };
  };
}

const WALK: Gait = { duty: 0.6, reach: 0.3, lift: 0.09, period: 1.1 };
const RUN: Gait = { duty: 0.36, reach: 0.34, lift: 0.22, period: 0.72 };

export const BIPED_CLIPS: Record<string, (skel: Skeleton) => LibraryClip> = {
  idle: (skel) => ({
    loop: true, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'idle', duration: 3, loop: true,
      frame: (b, ph) => {
        plantedHips(b, 0.015 * Math.sin(TAU * ph), -0.02 - 0.006 * Math.sin(TAU * 2 * ph), 0);
        b.rot('Spine1', X, deg(2) * Math.sin(TAU * 2 * ph));
        armsDown(b, 75 - 2 * Math.sin(TAU * 2 * ph));
        for (const [S] of SIDES) elbow(b, S, 12);
        b.rot('Head', Y, deg(6) * Math.sin(TAU * ph));
      },
    }),
  }),
  walk: locomotion('walk', WALK, 0.012, 4, 22, 12),
  run: locomotion('run', RUN, 0.03, 12, 45, 80),
  jump: (skel) => ({
    loop: false, contacts: [],
    clip: bakeClip(skel, {
      name: 'jump', duration: 1.4, loop: false,
      frame: (b, ph, t) => {
        // crouch 0-0.35s, air 0.35-0.95s (parabola), land and recover to 1.4s
        const air = t > 0.35 && t < 0.95 ? (t - 0.35) / 0.6 : -1;
        const crouch = t <= 0.35 ? smooth(t / 0.3) : t >= 0.95 ? 1 - smooth((t - 1.0) / 0.4) : 0;
        const rise = air >= 0 ? 0.45 * 4 * air * (1 - air) : 0;
        const la = b.restPos('LeftFoot'), ra = b.restPos('RightFoot');
        if (air >= 0) {
          const tuck = Math.sin(Math.PI * air) * 0.12;
          plantedHips(b, 0, rise, 0, { Left: [la[0], la[1] + rise + tuck, la[2]], Right: [ra[0], ra[1] + rise + tuck, ra[2]] });
        } else plantedHips(b, 0, -0.22 * crouch, 0.04 * crouch);
        b.rot('Spine', X, deg(20) * crouch);
        armsDown(b, 72 - (air >= 0 ? 100 * Math.sin(Math.PI * air) : -10 * crouch));
        void ph;
      },
    }),
  }),
  wave: (skel) => ({
    loop: true, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'wave', duration: 2, loop: true,
      frame: (b, ph) => {
        plantedHips(b, 0, -0.02, 0);
        armsDown(b);
        b.rot('RightArm', Z, -deg(110)); // right arm up and out
        b.rot('RightForeArm', Z, -deg(40) * Math.sin(TAU * 2 * ph) - deg(20));
        b.rot('Head', Y, -deg(8));
      },
    }),
  }),
  crouch: (skel) => ({
    loop: true, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'crouch', duration: 2.5, loop: true,
      frame: (b, ph) => {
        plantedHips(b, 0, -0.36 - 0.01 * Math.sin(TAU * ph), -0.08);
        b.rot('Spine', X, deg(28));
        b.rot('Head', X, -deg(22));
        armsDown(b, 65);
        for (const [S] of SIDES) { b.rot(`${S}Arm`, X, -deg(30)); elbow(b, S, 50); }
      },
    }),
  }),
  attack: (skel) => ({
    loop: false, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'attack', duration: 1.1, loop: false,
      frame: (b, ph) => {
        const wind = smooth(ph / 0.35) - smooth((ph - 0.35) / 0.2);
        const strike = smooth((ph - 0.35) / 0.2) * (1 - smooth((ph - 0.7) / 0.3));
        plantedHips(b, 0, -0.06, 0);
        b.rot('Spine1', Y, deg(30) * wind - deg(35) * strike);
        armsDown(b);
        b.rot('RightArm', X, deg(60) * wind - deg(95) * strike);
        elbow(b, 'Right', 90 * wind + 10 * strike);
        b.rot('LeftArm', X, -deg(30));
        elbow(b, 'Left', 60);
      },
    }),
  }),
  hit_reaction: (skel) => ({
    loop: false, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'hit_reaction', duration: 0.8, loop: false,
      frame: (b, ph) => {
        const k = Math.sin(Math.PI * Math.min(1, ph * 1.6)) * (ph < 0.625 ? 1 : 0);
        plantedHips(b, 0, -0.03 - 0.04 * k, -0.03 * k);
        b.rot('Spine', X, -deg(18) * k);
        b.rot('Spine1', Z, deg(8) * k);
        b.rot('Head', X, -deg(20) * k);
        armsDown(b, 72 - 25 * k);
      },
    }),
  }),
  death: (skel) => ({
    loop: false, contacts: [],
    clip: bakeClip(skel, {
      name: 'death', duration: 2, loop: false,
      frame: (b, ph) => {
        const buckle = smooth(ph / 0.4);
        const fall = smooth((ph - 0.3) / 0.45);
        plantedHips(b, 0, -0.3 * buckle, 0);
        // Fall backwards about the ankles' line: root turns and drops to lie on the ground.
        b.rot('Hips', X, -deg(85) * fall);
        b.moveRoot(0, -0.45 * fall, -0.55 * fall);
        b.rot('Spine', X, deg(10) * buckle);
        b.rot('Head', X, deg(25) * fall);
        armsDown(b, 72 - 40 * fall);
      },
    }),
  }),
  dance: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'dance', duration: 2, loop: true,
      frame: (b, ph) => {
        const la = b.restPos('LeftFoot'), ra = b.restPos('RightFoot');
        const step = Math.max(0, Math.sin(TAU * 2 * ph)) * 0.08, step2 = Math.max(0, -Math.sin(TAU * 2 * ph)) * 0.08;
        plantedHips(b, 0.06 * Math.sin(TAU * 2 * ph), -0.07 - 0.03 * Math.abs(Math.sin(TAU * 2 * ph)), 0, {
          Left: [la[0] + 0.05, la[1] + step, la[2]], Right: [ra[0] - 0.05, ra[1] + step2, ra[2]],
        });
        b.rot('Hips', Z, deg(6) * Math.sin(TAU * 2 * ph));
        b.rot('Spine1', Z, -deg(10) * Math.sin(TAU * 2 * ph));
        for (const [S, s] of SIDES) {
          b.rot(`${S}Arm`, Z, -s * deg(30) + s * deg(50) * Math.sin(TAU * ph + (s > 0 ? 0 : Math.PI)));
          b.rot(`${S}ForeArm`, Z, s * deg(60));
        }
        b.rot('Head', Z, deg(10) * Math.sin(TAU * 2 * ph));
      },
    }),
  }),
  sit: (skel) => ({
    loop: true, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'sit', duration: 3, loop: true,
      frame: (b, ph) => {
        // Seated on a 0.45 m chair: hips down and back, feet planted ahead.
        const la = b.restPos('LeftFoot'), ra = b.restPos('RightFoot');
        plantedHips(b, 0, -0.45, -0.25, { Left: [la[0], la[1], la[2] + 0.12], Right: [ra[0], ra[1], ra[2] + 0.12] });
        b.rot('Spine', X, deg(6) + deg(1.5) * Math.sin(TAU * ph));
        armsDown(b, 78);
        for (const [S] of SIDES) { b.rot(`${S}Arm`, X, -deg(35)); elbow(b, S, 45); }
        b.rot('Head', Y, deg(5) * Math.sin(TAU * ph));
      },
    }),
  }),
  look_around: (skel) => ({
    loop: true, contacts: ['LeftFoot', 'RightFoot'],
    clip: bakeClip(skel, {
      name: 'look_around', duration: 4, loop: true,
      frame: (b, ph) => {
        plantedHips(b, 0, -0.02, 0);
        const yaw = Math.sin(TAU * ph);
        b.rot('Spine2', Y, deg(12) * yaw);
        b.rot('Neck', Y, deg(20) * yaw);
        b.rot('Head', Y, deg(25) * yaw);
        b.rot('Head', X, -deg(8) * Math.sin(TAU * 2 * ph));
        armsDown(b, 74);
        for (const [S] of SIDES) elbow(b, S, 10);
      },
    }),
  }),
};
