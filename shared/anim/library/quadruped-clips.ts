/** Built-in quadruped clips (CC0-1.0): idle, walk (lateral sequence), trot (diagonal pairs), gallop (rotary), sit. */
import type { Skeleton } from '../../rig/skeleton';
import { bakeClip, deg, TAU, X, Y, Z } from './pose-builder';
import type { PoseBuilder } from './pose-builder';
import { footTarget, groundSpeed, type Gait } from './gait';
import { dropForReach, placeLeg, type LegChain } from './leg-chains';
import type { LibraryClip } from './library-types';
import { tailKeys } from '../../rig/templates/template';

const LEGS: LegChain[] = (['LeftFront', 'RightFront', 'LeftBack', 'RightBack'] as const).map((p) => ({
  upper: `${p}UpperLeg`, mid: `${p}LowerLeg`, end: `${p}Foot`, contact: `${p}Toe_End`,
  pole: [0, 0, p.endsWith('Front') ? -1 : 1],
}));
const CONTACTS = LEGS.map((l) => l.contact);

/** A wave down the tail chain: `amp` degrees per joint of a three-joint tail, shared out over the chain's joints. */
function tail(b: PoseBuilder, ph: number, amp: number, cycles = 1): void {
  const keys = tailKeys();
  keys.forEach((k, i) => b.rot(k, Y, ((deg(amp) * 3) / keys.length) * Math.sin(TAU * (cycles * ph - (0.2 * i) / (keys.length - 1)))));
}

function gaitClip(name: string, g: Gait, offsets: number[], pitch: number, bob: number): (skel: Skeleton) => LibraryClip {
  return (skel) => {
    let drop = -1;
    const clip = bakeClip(skel, {
      name, duration: g.period, loop: true,
      frame: (b, ph) => {
        if (drop < 0) drop = dropForReach(b, LEGS, g.reach) + 0.004;
        b.moveRoot(0, -drop - bob * (0.5 + 0.5 * Math.cos(TAU * 2 * ph)), 0);
        b.rot('Hips', X, deg(pitch) * Math.sin(TAU * ph));
        b.rot('Spine1', X, -deg(pitch) * Math.sin(TAU * ph));
        b.rot('Neck', X, deg(4) * Math.sin(TAU * 2 * ph));
        tail(b, ph, 10);
        LEGS.forEach((l, i) => {
          const f = footTarget(g, b.restPos(l.end), ph, offsets[i]);
          placeLeg(b, l, f.p, f.stance ? 0 : -deg(30) * Math.sin(Math.PI * f.swing));
        });
      },
    });
    return { clip, loop: true, groundSpeed: groundSpeed(g), contacts: CONTACTS };
  };
}

// Offsets in LEGS order: LF, RF, LH, RH.
export const QUADRUPED_CLIPS: Record<string, (skel: Skeleton) => LibraryClip> = {
  idle: (skel) => ({
    loop: true, contacts: CONTACTS,
    clip: bakeClip(skel, {
      name: 'idle', duration: 3, loop: true,
      frame: (b, ph) => {
        b.moveRoot(0, -0.02 - 0.004 * Math.sin(TAU * 2 * ph), 0);
        b.rot('Spine1', X, deg(1.5) * Math.sin(TAU * 2 * ph));
        b.rot('Neck', Y, deg(10) * Math.sin(TAU * ph));
        b.rot('Head', X, deg(6) * Math.sin(TAU * 2 * ph));
        tail(b, ph, 12, 2);
        for (const l of LEGS) placeLeg(b, l, b.restPos(l.end));
      },
    }),
  }),
  walk: gaitClip('walk', { duty: 0.7, reach: 0.1, lift: 0.06, period: 1.2 }, [0.25, 0.75, 0, 0.5], 1.5, 0.006),
  trot: gaitClip('trot', { duty: 0.5, reach: 0.11, lift: 0.08, period: 0.6 }, [0, 0.5, 0.5, 0], 2, 0.01),
  gallop: gaitClip('gallop', { duty: 0.32, reach: 0.12, lift: 0.12, period: 0.45 }, [0.62, 0.5, 0, 0.12], 6, 0.02),
  sit: (skel) => ({
    loop: true, contacts: CONTACTS,
    clip: bakeClip(skel, {
      name: 'sit', duration: 3, loop: true,
      frame: (b, ph) => {
        // Pitch the body nose-up about the shoulders so the front legs stay straight and the hind end sits.
        const th = deg(20);
        const sh = b.restPos('Spine2'), hp = b.restPos('Hips');
        const len = sh[2] - hp[2];
        b.moveRoot(0, -len * Math.sin(th) - 0.01, len * (1 - Math.cos(th)));
        b.rot('Hips', X, -th);
        b.rot('Spine2', X, th * 0.6);
        b.rot('Neck', X, th * 0.3 + deg(3) * Math.sin(TAU * ph));
        tail(b, ph, 6);
        for (const l of LEGS) {
          const r = b.restPos(l.end);
          placeLeg(b, l, l.pole[2] > 0 ? [r[0], r[1], r[2] + 0.16] : r);
        }
      },
    }),
  }),
};
void Z;
