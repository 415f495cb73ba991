/**
 * The random birds of eval:avian-sweep are what they claim to be: the same bird for the same seed, standing on
 * y = 0, the avian template's joints and parents, every deforming true joint inside the mesh, Left on +X and
 * the head towards +Z, and the draws spanning what the sweep promises (short and long legs and necks, short
 * and long wings, lowered and raised).
 */
import { describe, expect, it } from 'vitest';
import { avianBody, buildSweepAvian } from '../../../../shared/rig/synthetic/avian-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { avianTemplate } from '../../../../shared/rig/templates/avian';
import { expectBodyFitsTemplate, truthAt, type V3 } from '../../../support/synthetic-truth';

describe('random birds of the sweep', () => {
  it('are the same bird for the same seed', () => {
    expect(avianBody(7)).toEqual(avianBody(7));
    expect(avianBody(7)).not.toEqual(avianBody(8));
  });

  it.each([1, 2, 5, 8, 10, 33])('seed %i: stands on the floor with the template\'s joints, each inside the mesh', (seed) => {
    const c = characterFromBuild(`a${seed}`, 'avian', buildSweepAvian(seed), { accessories: false });
    expectBodyFitsTemplate(c, avianTemplate());
    const at = (k: string): V3 => truthAt(c, k);
    expect(at('LeftWing1')[0]).toBeGreaterThan(0);
    expect(at('Head')[2]).toBeGreaterThan(at('Hips')[2]);
    // A lowered wing's tip stays above a quarter of its shoulder's height.
    expect(at('LeftWingTip_End')[1]).toBeGreaterThan(0.25 * at('LeftWing1')[1] - 1e-9);
  });

  it('span short and long legs, necks and wings, lowered and raised', () => {
    const birds = Array.from({ length: 60 }, (_, i) => avianBody(i + 1));
    const span = (f: (q: (typeof birds)[number]) => number): [number, number] => [Math.min(...birds.map(f)), Math.max(...birds.map(f))];
    expect(span((q) => q.legLen / q.bodyLen)[0]).toBeLessThan(0.5);
    expect(span((q) => q.legLen / q.bodyLen)[1]).toBeGreaterThan(1.8);
    expect(span((q) => q.neckLen / q.bodyLen)[1]).toBeGreaterThan(1);
    expect(span((q) => q.wingLen / q.bodyLen)[0]).toBeLessThan(0.8);
    expect(span((q) => q.wingLen / q.bodyLen)[1]).toBeGreaterThan(2.2);
    expect(span((q) => q.wingDrop)[0]).toBeLessThan(-15);
    expect(span((q) => q.wingDrop)[1]).toBeGreaterThan(40);
  });
});
