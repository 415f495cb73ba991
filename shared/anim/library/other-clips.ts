/** Built-in avian, serpentine and aquatic clips (CC0-1.0). */
import type { Skeleton } from '../../rig/skeleton';
import { bakeClip, deg, TAU, X, Y, Z } from './pose-builder';
import type { PoseBuilder } from './pose-builder';
import { placeLeg, type LegChain } from './leg-chains';
import type { LibraryClip } from './library-types';

type Maker = (skel: Skeleton) => LibraryClip;
const BIRD_LEGS: LegChain[] = ['Left', 'Right'].map((S) => ({ upper: `${S}UpLeg`, mid: `${S}Leg`, end: `${S}Foot`, contact: `${S}Toe_End`, pole: [0, 0, 1] }));

function wings(b: PoseBuilder, a1: number, a2: number, a3: number): void {
  for (const [S, s] of [['Left', 1], ['Right', -1]] as const) {
    b.rot(`${S}Wing1`, Z, s * a1);
    b.rot(`${S}Wing2`, Z, s * a2);
    b.rot(`${S}Wing3`, Z, s * a3);
  }
}

function foldWings(b: PoseBuilder): void {
  for (const [S, s] of [['Left', 1], ['Right', -1]] as const) {
    b.rot(`${S}Wing1`, Y, -s * deg(70));
    b.rot(`${S}Wing1`, Z, -s * deg(20));
    b.rot(`${S}Wing2`, Y, s * deg(150));
    b.rot(`${S}Wing3`, Y, -s * deg(140));
  }
}

function tuckLegs(b: PoseBuilder): void {
  for (const S of ['Left', 'Right']) {
    b.rot(`${S}UpLeg`, X, -deg(50));
    b.rot(`${S}Leg`, X, deg(90));
  }
}

export const AVIAN_CLIPS: Record<string, Maker> = {
  idle: (skel) => ({
    loop: true, contacts: BIRD_LEGS.map((l) => l.contact),
    clip: bakeClip(skel, {
      name: 'idle', duration: 2.4, loop: true,
      frame: (b, ph) => {
        b.moveRoot(0, -0.02 - 0.005 * Math.sin(TAU * 2 * ph), 0);
        foldWings(b);
        b.rot('Neck', X, deg(8) * Math.sin(TAU * ph));
        b.rot('Head', Y, deg(25) * Math.sin(TAU * 2 * ph));
        b.rot('Tail', Y, deg(6) * Math.sin(TAU * ph));
        for (const l of BIRD_LEGS) placeLeg(b, l, b.restPos(l.end));
      },
    }),
  }),
  flap: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'flap', duration: 0.6, loop: true,
      frame: (b, ph) => {
        const s = Math.sin(TAU * ph);
        b.moveRoot(0, 0.03 * Math.sin(TAU * ph - 1), 0);
        wings(b, deg(45) * s, deg(15) * Math.sin(TAU * ph - 0.5), deg(15) * Math.sin(TAU * ph - 1));
        b.rot('Tail', X, deg(5) * s);
        tuckLegs(b);
      },
    }),
  }),
  glide: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'glide', duration: 3, loop: true,
      frame: (b, ph) => {
        b.rot('Hips', Z, deg(6) * Math.sin(TAU * ph));
        wings(b, deg(8) + deg(3) * Math.sin(TAU * 2 * ph), -deg(3), deg(2) * Math.sin(TAU * 2 * ph));
        b.rot('Tail', Y, -deg(5) * Math.sin(TAU * ph));
        tuckLegs(b);
      },
    }),
  }),
};

const spine = (i: number): string => `Spine${String(i).padStart(2, '0')}`;

export const SERPENTINE_CLIPS: Record<string, Maker> = {
  idle: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'idle', duration: 3, loop: true,
      frame: (b, ph) => {
        b.rot('Spine01', X, -deg(4) - deg(2) * Math.sin(TAU * ph));
        b.rot('Head', Y, deg(15) * Math.sin(TAU * ph));
        for (let i = 2; i <= 10; i++) b.rot(spine(i), Y, deg(3) * Math.sin(TAU * (ph - i / 10)));
      },
    }),
  }),
  slither: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'slither', duration: 1.6, loop: true,
      frame: (b, ph) => {
        // A travelling wave from head to tail: each segment lags its parent by a tenth of a cycle.
        b.rot('Spine01', Y, deg(10) * Math.sin(TAU * ph));
        b.rot('Head', Y, -deg(8) * Math.sin(TAU * ph));
        for (let i = 2; i <= 10; i++) b.rot(spine(i), Y, deg(14) * Math.sin(TAU * (ph - i / 10)) - deg(14) * Math.sin(TAU * (ph - (i - 1) / 10)));
      },
    }),
  }),
};

/** A pectoral fin's three joints beat in a wave running out along the fin (half the root's amplitude further out). */
function finWave(b: PoseBuilder, S: string, s: number, degrees: number, ph: number): void {
  b.rot(`${S}Fin`, Z, s * deg(degrees) * Math.sin(TAU * ph));
  b.rot(`${S}Fin2`, Z, s * deg(degrees / 2) * Math.sin(TAU * (ph - 0.1)));
  b.rot(`${S}Fin3`, Z, s * deg(degrees / 2) * Math.sin(TAU * (ph - 0.2)));
}

export const AQUATIC_CLIPS: Record<string, Maker> = {
  idle: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'idle', duration: 3, loop: true,
      frame: (b, ph) => {
        b.moveRoot(0, 0.01 * Math.sin(TAU * ph), 0);
        for (const [k, a, lag] of [['Tail1', 3, 0], ['Tail2', 4, 0.1], ['Tail3', 5, 0.2], ['Tail4', 6, 0.3]] as const) b.rot(k, Y, deg(a) * Math.sin(TAU * (2 * ph - lag)));
        for (const [S, s] of [['Left', 1], ['Right', -1]] as const) finWave(b, S, s, 10, 2 * ph);
      },
    }),
  }),
  swim: (skel) => ({
    loop: true, contacts: [],
    clip: bakeClip(skel, {
      name: 'swim', duration: 1, loop: true,
      frame: (b, ph) => {
        b.rot('Body', Y, -deg(4) * Math.sin(TAU * ph));
        b.rot('Head', Y, deg(3) * Math.sin(TAU * ph));
        for (const [k, a, lag] of [['Tail1', 8, 0.05], ['Tail2', 12, 0.15], ['Tail3', 16, 0.25], ['Tail4', 20, 0.35]] as const) b.rot(k, Y, deg(a) * Math.sin(TAU * (ph - lag)));
        for (const [S, s] of [['Left', 1], ['Right', -1]] as const) finWave(b, S, s, 15, ph);
        b.rot('DorsalFin', Z, deg(4) * Math.sin(TAU * (ph - 0.2)));
      },
    }),
  }),
};
