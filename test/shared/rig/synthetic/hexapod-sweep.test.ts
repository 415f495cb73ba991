/**
 * The random insects of eval:hexapod-sweep are what they claim to be: the same insect for the same seed,
 * standing on y = 0, the hexapod template's joints and parents, every deforming true joint inside the mesh,
 * Left on +X and the head towards +Z, legs numbered front to back, and the draws spanning what the sweep
 * promises (beetles, jumpers, mantises, winged and wingless, long and short legs and antennae).
 */
import { describe, expect, it } from 'vitest';
import { buildSweepHexapod, hexapodBody } from '../../../../shared/rig/synthetic/hexapod-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { multilegTemplate } from '../../../../shared/rig/templates/multileg';
import { expectBodyFitsTemplate, lowestY, truthAt } from '../../../support/synthetic-truth';

describe('random insects of the sweep', () => {
  it('are the same insect for the same seed', () => {
    expect(hexapodBody(7)).toEqual(hexapodBody(7));
    expect(hexapodBody(7)).not.toEqual(hexapodBody(8));
  });

  it.each([1, 3, 4, 19, 22, 32])('seed %i: on the floor with the template\'s joints, each inside the mesh', (seed) => {
    const c = characterFromBuild(`h${seed}`, 'hexapod', buildSweepHexapod(seed), { accessories: false });
    expectBodyFitsTemplate(c, multilegTemplate('hexapod'), () => false, false);
    // Hexapods have no Hips: the floor is checked against the body's height.
    expect(Math.abs(lowestY(c.mesh.positions))).toBeLessThan(0.05 * truthAt(c, 'Body')[1]);
    expect(truthAt(c, 'LeftLeg1Hip')[0]).toBeGreaterThan(0);
    expect(truthAt(c, 'Head_End')[2]).toBeGreaterThan(truthAt(c, 'Abdomen_End')[2]);
    for (const S of ['Left', 'Right']) {
      expect(truthAt(c, `${S}Leg1Hip`)[2]).toBeGreaterThan(truthAt(c, `${S}Leg2Hip`)[2]);
      expect(truthAt(c, `${S}Leg2Hip`)[2]).toBeGreaterThan(truthAt(c, `${S}Leg3Hip`)[2]);
    }
  });

  it('span beetles, jumpers, mantises, wings spread and folded, short and long legs', () => {
    const bugs = Array.from({ length: 60 }, (_, i) => hexapodBody(i + 1));
    expect(bugs.filter((q) => q.shell).length).toBeGreaterThan(5);
    expect(bugs.filter((q) => q.jumper).length).toBeGreaterThan(3);
    expect(bugs.filter((q) => q.raptorial).length).toBeGreaterThan(3);
    expect(new Set(bugs.map((q) => q.wings))).toEqual(new Set(['none', 'folded', 'spread']));
    expect(Math.min(...bugs.map((q) => q.legLen))).toBeLessThan(1.4);
    expect(Math.max(...bugs.map((q) => q.legLen))).toBeGreaterThan(3.5);
    expect(Math.max(...bugs.map((q) => q.antennae))).toBeGreaterThan(1.1);
  });
});
