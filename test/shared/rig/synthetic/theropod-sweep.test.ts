/**
 * The random theropods of eval:theropod-sweep are what they claim to be: the same body for the same seed,
 * standing on y = 0, the biped template's joints with a tail, every deforming true joint inside the mesh,
 * Left on +X, the head ahead of the hips and the tail behind them, and the draws spanning what the sweep
 * promises (tiny and long arms, level and pitched bodies, short and long necks and tails).
 */
import { describe, expect, it } from 'vitest';
import { buildSweepTheropod, theropodBody } from '../../../../shared/rig/synthetic/theropod-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { bipedTemplate } from '../../../../shared/rig/templates/biped';
import { expectBodyFitsTemplate, truthAt } from '../../../support/synthetic-truth';

describe('random theropods of the sweep', () => {
  it('are the same body for the same seed', () => {
    expect(theropodBody(7)).toEqual(theropodBody(7));
    expect(theropodBody(7)).not.toEqual(theropodBody(8));
  });

  it.each([1, 18, 29, 34, 37])('seed %i: on the floor with the template\'s joints, each inside the mesh', (seed) => {
    const c = characterFromBuild(`t${seed}`, 'biped', buildSweepTheropod(seed), { accessories: false });
    expectBodyFitsTemplate(c, bipedTemplate(false, true));
    expect(truthAt(c, 'LeftUpLeg')[0]).toBeGreaterThan(0);
    expect(truthAt(c, 'Head')[2]).toBeGreaterThan(truthAt(c, 'Hips')[2]);
    expect(truthAt(c, 'Tail_End')[2]).toBeLessThan(truthAt(c, 'Hips')[2]);
  });

  it('span tiny and long arms, level and pitched bodies, short and long necks and tails', () => {
    const bodies = Array.from({ length: 60 }, (_, i) => theropodBody(i + 1));
    const span = (f: (q: (typeof bodies)[number]) => number): [number, number] => [Math.min(...bodies.map(f)), Math.max(...bodies.map(f))];
    expect(span((q) => q.armLen)[0]).toBeLessThan(0.15);
    expect(span((q) => q.armLen)[1]).toBeGreaterThan(0.45);
    expect(span((q) => q.pitch)[1]).toBeGreaterThan(20);
    expect(span((q) => q.neckLen)[0]).toBeLessThan(0.2);
    expect(span((q) => q.tailLen)[1]).toBeGreaterThan(1.6);
  });
});
