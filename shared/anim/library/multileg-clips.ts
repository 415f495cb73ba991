/** Built-in hexapod and octopod clips (CC0-1.0): idle, and walk with an alternating tripod / tetrapod gait. */
import type { Skeleton } from '../../rig/skeleton';
import { bakeClip, deg, TAU, X, Y } from './pose-builder';
import { footTarget, groundSpeed, type Gait } from './gait';
import { dropForReach, placeLeg, type LegChain } from './leg-chains';
import type { LibraryClip } from './library-types';

function legs(pairs: number): LegChain[] {
  const out: LegChain[] = [];
  for (const S of ['Left', 'Right'])
    for (let n = 1; n <= pairs; n++) {
      const p = `${S}Leg${n}`;
      out.push({ upper: `${p}Hip`, mid: `${p}Knee`, end: `${p}Ankle`, contact: `${p}_End`, pole: [0, 1, 0] });
    }
  return out;
}

export function multilegClips(pairs: 3 | 4): Record<string, (skel: Skeleton) => LibraryClip> {
  const L = legs(pairs);
  const contacts = L.map((l) => l.contact);
  // Alternating tripod (hexapod) / tetrapod (octopod): neighbours along a side and across are in antiphase.
  const offsets = L.map((_, i) => {
    const side = i < pairs ? 0 : 1;
    const n = i % pairs;
    return (n + side) % 2 === 0 ? 0 : 0.5;
  });
  const g: Gait = { duty: 0.55, reach: 0.05, lift: 0.05, period: 0.8 };
  return {
    idle: (skel) => ({
      loop: true, contacts,
      clip: bakeClip(skel, {
        name: 'idle', duration: 2.5, loop: true,
        frame: (b, ph) => {
          b.moveRoot(0, -0.01 - 0.008 * Math.sin(TAU * ph), 0);
          b.rot('Body', X, deg(2) * Math.sin(TAU * ph));
          b.rot('Head', Y, deg(8) * Math.sin(TAU * 2 * ph));
          b.rot('Abdomen', X, deg(5) * Math.sin(TAU * ph));
          for (const l of L) placeLeg(b, l, b.restPos(l.end));
        },
      }),
    }),
    walk: (skel) => {
      let drop = -1;
      const clip = bakeClip(skel, {
        name: 'walk', duration: g.period, loop: true,
        frame: (b, ph) => {
          if (drop < 0) drop = Math.max(0, dropForReach(b, L, g.reach)) + 0.01;
          b.moveRoot(0, -drop - 0.004 * Math.cos(TAU * 2 * ph), 0);
          b.rot('Body', Y, deg(3) * Math.sin(TAU * ph));
          b.rot('Abdomen', Y, -deg(6) * Math.sin(TAU * ph));
          L.forEach((l, i) => {
            const f = footTarget(g, b.restPos(l.end), ph, offsets[i]);
            placeLeg(b, l, f.p);
          });
        },
      });
      return { clip, loop: true, groundSpeed: groundSpeed(g), contacts };
    },
  };
}
