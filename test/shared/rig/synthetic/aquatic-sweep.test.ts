/**
 * The random fish of eval:aquatic-sweep are what they claim to be: the same fish for the same seed, the aquatic
 * template's joints and parents, every deforming true joint inside the mesh, Left on +X and the snout towards
 * +Z, the chain in order from the snout to the tail, and the draws spanning what the sweep promises (eels and
 * deep bodies, forked, paddle and no tail fins, straight and bent bodies, stubs and long pectorals).
 */
import { describe, expect, it } from 'vitest';
import { aquaticBody, buildSweepAquatic } from '../../../../shared/rig/synthetic/aquatic-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { aquaticTemplate } from '../../../../shared/rig/templates/aquatic';
import { expectBodyFitsTemplate, truthAt, type V3 } from '../../../support/synthetic-truth';

describe('random fish of the sweep', () => {
  it('are the same fish for the same seed', () => {
    expect(aquaticBody(7)).toEqual(aquaticBody(7));
    expect(aquaticBody(7)).not.toEqual(aquaticBody(8));
  });

  it.each([1, 2, 10, 14, 21, 39])('seed %i: the template\'s joints, each inside the mesh, snout to tail along -Z', (seed) => {
    const c = characterFromBuild(`f${seed}`, 'aquatic', buildSweepAquatic(seed), { accessories: false });
    expectBodyFitsTemplate(c, aquaticTemplate(), () => false, false);
    const at = (k: string): V3 => truthAt(c, k);
    expect(at('LeftFin')[0]).toBeGreaterThan(0);
    expect(at('RightFin')[0]).toBeLessThan(0);
    const chain = ['Head_End', 'Head', 'Body', 'Tail1', 'Tail2', 'Tail3', 'Tail4', 'Tail_End'].map((k) => at(k)[2]);
    for (let i = 1; i < chain.length; i++) expect(chain[i]).toBeLessThan(chain[i - 1]);
  });

  it('span eels and deep bodies, every tail fin, straight and bent bodies, short and long pectorals', () => {
    const fish = Array.from({ length: 60 }, (_, i) => aquaticBody(i + 1));
    const kinds = new Set(fish.map((q) => q.tail));
    expect(kinds).toEqual(new Set(['fork', 'paddle', 'none']));
    expect(Math.min(...fish.map((q) => q.thick))).toBeLessThan(0.05);
    expect(Math.min(...fish.map((q) => q.width))).toBeLessThan(0.6);
    expect(Math.max(...fish.map((q) => q.width))).toBeGreaterThan(1.4);
    expect(fish.filter((q) => q.bend > 0).length).toBeGreaterThan(10);
    expect(fish.filter((q) => q.headBall > 0).length).toBeGreaterThan(3);
    expect(Math.min(...fish.map((q) => q.pecLen))).toBeLessThan(0.06);
    expect(Math.max(...fish.map((q) => q.pecLen))).toBeGreaterThan(0.35);
  });
});
