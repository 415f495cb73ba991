/**
 * What the sweep's bodies wear (synthetic/biped-wear.ts, eval:rig-sweep --wear) moves no true joint, adds
 * its pieces where it says (hair behind and beside the head, a cape behind the back, pads at the shoulders),
 * and is drawn from a stream of its own: a seed's body and extras are the same with or without it.
 */
import { describe, expect, it } from 'vitest';
import { buildSweepBiped, sweepExtras } from '../../../../shared/rig/synthetic/biped-sweep';
import { sweepWear, wearTag } from '../../../../shared/rig/synthetic/biped-wear';

const seeds = Array.from({ length: 100 }, (_, i) => i + 1);

describe("the sweep bodies' wear", () => {
  it('keeps every true joint and the extras of its seed', () => {
    for (const seed of [5, 10, 36, 43]) {
      const plain = buildSweepBiped(seed, true), worn = buildSweepBiped(seed, true, true);
      expect(worn.joints).toEqual(plain.joints);
      expect(worn.pieces.length).toBeGreaterThanOrEqual(plain.pieces.length);
      expect(sweepExtras(seed)).toEqual(sweepExtras(seed));
    }
  });

  it('draws each kind on a share of the seeds, one hair style at most', () => {
    const ws = seeds.map(sweepWear);
    for (const w of ws) expect([w.longHair, w.ponytail, w.twinTails].filter((x) => x !== null).length).toBeLessThanOrEqual(1);
    const share = (f: (w: (typeof ws)[number]) => unknown): number => ws.filter((w) => f(w)).length / ws.length;
    for (const [name, f] of [['long hair', (w: (typeof ws)[number]) => w.longHair], ['twin tails', (w: (typeof ws)[number]) => w.twinTails], ['cape', (w: (typeof ws)[number]) => w.cape], ['pads', (w: (typeof ws)[number]) => w.pads]] as const) {
      expect(share(f), name).toBeGreaterThan(0.05);
      expect(share(f), name).toBeLessThan(0.45);
    }
    expect(wearTag(sweepWear(5))).toBe('tc');
  });

  it('puts hair and a cape behind the body, twin tails beside the head, pads at the shoulders', () => {
    const pieceOf = (seed: number, name: string): number[] => {
      const p = buildSweepBiped(seed, false, true).pieces.find(([n]) => n === name);
      expect(p, `${name} on seed ${seed}`).toBeDefined();
      return p![1].positions;
    };
    const range = (pos: number[], axis: number): [number, number] => {
      let lo = Infinity, hi = -Infinity;
      for (let i = axis; i < pos.length; i += 3) [lo, hi] = [Math.min(lo, pos[i]), Math.max(hi, pos[i])];
      return [lo, hi];
    };
    const body = buildSweepBiped(5, false, true);
    const cape = pieceOf(5, 'cape');
    expect(range(cape, 2)[1], 'the cape hangs behind the mid-plane').toBeLessThan(0);
    expect(range(cape, 1)[1], 'from the shoulders').toBeCloseTo(body.joints.LeftArm[1], 1);
    const tail = pieceOf(5, 'twin_tail_l');
    expect(range(tail, 0)[0], 'a twin tail stands beside the head, on its side').toBeGreaterThan(0);
    expect(range(tail, 1)[0], 'and hangs below the head').toBeLessThan(body.joints.Head[1]);
    const hairSeed = seeds.find((s) => sweepWear(s).longHair !== null)!;
    expect(range(pieceOf(hairSeed, 'long_hair'), 2)[1], 'long hair lies behind the head').toBeLessThan(0);
  });
});
