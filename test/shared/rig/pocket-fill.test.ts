import { describe, expect, it } from 'vitest';
import { fillOpenPockets } from '../../../shared/rig/pocket-fill';
import { squareWall as wall, voxelAt as at, voxelShape as shape } from '../../support/voxel-shape';

const box = (x: number, y: number, z: number): boolean => x >= 5 && x <= 14 && z >= 5 && z <= 14 && y >= 6 && y <= 15;

describe('fillOpenPockets', () => {
  it('closes a shell open at the bottom (a skirt, an open torso)', () => {
    const { g, mask } = shape((x, y, z) => box(x, y, z) && (wall(x, z) || y === 15));
    const added = fillOpenPockets(g, mask, 10);
    expect(added).not.toBeNull();
    expect(at(g, mask, 9, 10, 9)).toBe(1);
    expect(at(g, added!, 9, 10, 9)).toBe(1);
    // The space under the hem stays outside: nothing there has a roof.
    expect(at(g, mask, 9, 3, 9)).toBe(0);
  });

  it('leaves open concavities alone: a pocket open at a side, or open at the top', () => {
    const side = shape((x, y, z) => box(x, y, z) && x !== 14 && (wall(x, z) || y === 15));
    expect(fillOpenPockets(side.g, side.mask, 10)).toBeNull();
    const cup = shape((x, y, z) => box(x, y, z) && (wall(x, z) || y === 6));
    expect(fillOpenPockets(cup.g, cup.mask, 10)).toBeNull();
  });

  it('only closes a pocket whose walls lie within reach', () => {
    const { g, mask } = shape((x, y, z) => box(x, y, z) && (wall(x, z) || y === 15));
    // The centre is 4-5 voxels from each wall.
    expect(fillOpenPockets(g, mask, 3)).toBeNull();
  });

  it('closes a pocket whose roof stands far above its walls (a dress roofed only at the shoulders)', () => {
    // Walls 4-5 voxels from the centre, the roof 17 voxels above the hem at the floor.
    const { g, mask } = shape((x, y, z) => x >= 5 && x <= 14 && z >= 5 && z <= 14 && y <= 17 && (wall(x, z) || y === 17));
    const added = fillOpenPockets(g, mask, 5);
    expect(added).not.toBeNull();
    expect(at(g, mask, 9, 1, 9)).toBe(1);
    expect(at(g, mask, 9, 16, 9)).toBe(1);
  });
});
