/**
 * A leaked shell's closing (shell-close.ts) also seals a garment's hem that hangs close around the legs, so
 * the air under the garment is inside before the pocket fill runs and the crotch probe stops at the hem
 * (two of 0 A.D.'s long tunics with pro: hip joints 0.15-0.16 H low). sealed-pocket.ts marks the sealed voxels
 * that stand over the outside as the pocket they are; a sealed interior standing on its own shell is not.
 */
import { describe, expect, it } from 'vitest';
import { addSealedPockets } from '../../../shared/rig/sealed-pocket';
import { voxelOf } from '../../../shared/rig/grid';
import { shapeVolume } from '../../support/piece-volume';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { box, lathe } from '../../../shared/rig/synthetic/shapes';
import { voxelAt as at, voxelShape as shape } from '../../support/voxel-shape';

const column = (x: number, z: number): boolean => x >= 6 && x <= 13 && z >= 6 && z <= 13;

describe('addSealedPockets', () => {
  it('marks sealed voxels over the outside, not those standing on the mesh, nor above the row limit', () => {
    // Own inside: a floor slab at rows 4-5 under the right half (x >= 10); sealed: rows 6-15 of the column.
    const { g, mask: inside } = shape((x, y, z) => column(x, z) && ((y >= 6 && y <= 15) || (x >= 10 && y >= 4 && y <= 5)));
    const { mask: sealed } = shape((x, y, z) => column(x, z) && y >= 6 && y <= 15);
    const pocket = addSealedPockets(g, inside, sealed, null, 12)!;
    expect(at(g, pocket, 7, 8, 9)).toBe(1);
    expect(at(g, pocket, 12, 8, 9)).toBe(0);
    expect(at(g, pocket, 7, 13, 9)).toBe(0);
    expect(at(g, inside, 7, 8, 9)).toBe(1);
  });

  it('goes on up through a pocket the fill found, and returns the pocket unchanged when nothing stands over the outside', () => {
    const { g, mask: inside } = shape((x, y, z) => column(x, z) && y >= 4 && y <= 15);
    const { mask: found } = shape((x, y, z) => column(x, z) && y === 4);
    const { mask: sealed } = shape((x, y, z) => column(x, z) && y >= 5 && y <= 15);
    expect(at(g, addSealedPockets(g, inside, sealed, found, 20)!, 9, 10, 9)).toBe(1);
    const solid = shape((x, y, z) => column(x, z) && y <= 15);
    expect(addSealedPockets(solid.g, solid.mask, sealed, null, 20)).toBeNull();
  });
});

/** A box without its face on the side `open` ('top' or 'bottom'): a shell the outside fill can enter. */
function openBox(c: [number, number, number], half: [number, number, number], open: 'top' | 'bottom'): MeshPiece {
  const b = box(c, half);
  const kept: number[] = [];
  const P = b.positions;
  const face = open === 'top' ? c[1] + half[1] : c[1] - half[1];
  for (let t = 0; t < b.indices.length; t += 3) {
    const ys = [0, 1, 2].map((k) => P[b.indices[t + k] * 3 + 1]);
    if (!ys.every((y) => Math.abs(y - face) < 1e-9)) kept.push(b.indices[t], b.indices[t + 1], b.indices[t + 2]);
  }
  return { positions: P, indices: kept };
}

/** A closed torso of revolution with one wedge of its top cap missing: a slit where a neck would attach. */
function slitTorso(): MeshPiece {
  const t = lathe([0, 0, 0], [[1.1, 0.2], [0.5, 0.2]], 0.6, 24);
  const top = t.positions.length / 3 - 2;
  const at0 = t.indices.findIndex((_v, i) => i % 3 === 0 && t.indices[i] === top);
  return { positions: t.positions, indices: [...t.indices.slice(0, at0), ...t.indices.slice(at0 + 3)] };
}

describe('a tunic whose hem the closing seals, on a body open at the neck', () => {
  // A hollow torso with a slit at the top, two thin legs into it, and a tunic open at the bottom whose hem
  // stands 0.015-0.02 from the legs: the body reads hollow, the closing seals it and the hem, and the air between
  // the legs under the tunic (0.3-0.5 up) counts inside.
  const pieces = [
    slitTorso(),
    box([0.08, 0.3, 0], [0.02, 0.3, 0.02]),
    box([-0.08, 0.3, 0], [0.02, 0.3, 0.02]),
    openBox([0, 0.45, 0], [0.115, 0.15, 0.04], 'bottom'),
  ];
  for (const resolution of [80, 144])
    it(`${resolution} voxels: the air under the tunic is a pocket, the sealed torso is not`, () => {
      const { vol, n } = shapeVolume(pieces, resolution);
      expect(vol.sealed, 'sealed').not.toBeNull();
      const v = (x: number, y: number, z: number): number => voxelOf(vol.grid, x * n.scale, y * n.scale, z * n.scale);
      // Normalised frame: x and z centred, the floor at 0 (the legs stand on it).
      expect(vol.inside[v(0, 0.4, 0)], 'between the legs under the tunic').toBe(1);
      expect(vol.sealed?.[v(0, 0.4, 0)], 'sealed by the closing').toBe(1);
      expect(vol.pocket?.[v(0, 0.4, 0)], 'a pocket').toBe(1);
      expect(vol.pocket?.[v(0, 0.8, 0)] ?? 0, 'the torso').toBe(0);
    });
});
