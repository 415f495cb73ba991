import { describe, expect, it } from 'vitest';
import { fillOpenPockets } from '../../../shared/rig/pocket-fill';
import { fillSealedCavities } from '../../../shared/rig/sealed-cavity';
import { squareWall as wall, voxelAt as at, voxelShape as shape } from '../../support/voxel-shape';

/** A shell from the floor to a roof at row 17, open at the floor: a dress with nothing inside it. */
const dress = (x: number, y: number, z: number): boolean => x >= 5 && x <= 14 && z >= 5 && z <= 14 && y <= 17 && (wall(x, z) || y === 17);

describe('fillSealedCavities', () => {
  it('fills the hollow above a pocket that was closed only up to a row (the torso over a skirt)', () => {
    const { g, mask } = shape(dress);
    const pocket = fillOpenPockets(g, mask, 8, 8)!;
    // The pocket fill stops under row 8; above it the shell's hollow is now closed off.
    expect(at(g, mask, 9, 12, 9)).toBe(0);
    expect(fillSealedCavities(g, mask, pocket, 8, 3)).toBe(8 * 8 * 9);
    expect(at(g, mask, 9, 12, 9)).toBe(1);
    expect(at(g, pocket, 9, 16, 9)).toBe(1);
  });

  it('leaves a cavity lower than the least span hollow, and changes nothing without one', () => {
    const { g, mask } = shape(dress);
    const pocket = fillOpenPockets(g, mask, 8, 8)!;
    expect(fillSealedCavities(g, mask, pocket, 8, 10)).toBe(0);
    expect(at(g, mask, 9, 12, 9)).toBe(0);
    const solid = shape((x, y, z) => x >= 5 && x <= 14 && z >= 5 && z <= 14 && y <= 17);
    const none = new Uint8Array(solid.mask.length);
    expect(fillSealedCavities(solid.g, solid.mask, none, 0, 1)).toBe(0);
  });

  it('leaves a gap under the row the pocket fill stopped at: the fill declined it', () => {
    // The same shell, the pocket fill told to stop at row 8 but the cavity counted only from row 17 up.
    const { g, mask } = shape(dress);
    const pocket = fillOpenPockets(g, mask, 8, 8)!;
    expect(fillSealedCavities(g, mask, pocket, 17, 1)).toBe(0);
    expect(fillSealedCavities(g, mask, pocket, 16, 1)).toBe(8 * 8 * 9);
  });
});
