/**
 * The width over thickness of a volume's section across a path (shared/rig/section-aspect.ts), on voxelised
 * shapes of known section: a round limb is about 1, a slab its width over its thickness, and a second body
 * within the lattice's reach but not connected to the path's section does not count (the lattice is sampled
 * only where the fill from the path reaches).
 */
import { describe, expect, it } from 'vitest';
import { prepareSkinState } from '../../../shared/rig/skin-state';
import { Polyline } from '../../../shared/rig/polyline';
import { sectionAspect, sheetAspect } from '../../../shared/rig/section-aspect';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';

/** The pieces as one mesh, the first one's z scaled by `sz` (a round capsule flattened into a slab). */
function meshOf(pieces: MeshPiece[], sz = 1) {
  const positions: number[] = [], indices: number[] = [];
  for (const p of pieces) {
    const base = positions.length / 3;
    const f = base === 0 ? sz : 1;
    for (let i = 0; i < p.positions.length; i += 3) positions.push(p.positions[i], p.positions[i + 1], p.positions[i + 2] * f);
    for (const i of p.indices) indices.push(base + i);
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), partOffsets: new Uint32Array([0]) };
}

/** The vertical path through the normalised volume at the first piece's axis (x, z of its vertices' mean). */
function verticalAspect(mesh: ReturnType<typeof meshOf>, firstPieceVertices: number): { mid: number; sheet: number } {
  const { norm, vol } = prepareSkinState(mesh, 'fast', 0);
  let x = 0, z = 0, lo = Infinity, hi = -Infinity;
  for (let v = 0; v < firstPieceVertices; v++) {
    x += norm.positions[v * 3] / firstPieceVertices;
    z += norm.positions[v * 3 + 2] / firstPieceVertices;
    lo = Math.min(lo, norm.positions[v * 3 + 1]);
    hi = Math.max(hi, norm.positions[v * 3 + 1]);
  }
  const n = 20, pts = new Float64Array(n * 3), rad = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    pts[i * 3] = x;
    pts[i * 3 + 1] = hi - 0.1 * (hi - lo) - (0.8 * (hi - lo) * i) / (n - 1);
    pts[i * 3 + 2] = z;
  }
  const path = new Polyline(pts, rad, 0);
  return { mid: sectionAspect(vol, path, path.length / 2), sheet: sheetAspect(vol, path, path.length) };
}

describe('sectionAspect', () => {
  const limb = capsule([0, 0.1, 0], [0, 0.9, 0], 0.06, 0.06, 24);

  it('a round limb is about 1 across', () => {
    const { mid, sheet } = verticalAspect(meshOf([limb]), limb.positions.length / 3);
    expect(mid).toBeGreaterThan(0.8);
    expect(mid).toBeLessThan(1.25);
    expect(sheet).toBeLessThan(1.25);
  });

  it('a slab 0.24 wide and 0.024 thick is several times wider than thick', () => {
    // The capsule flattened to a tenth in z: width/thickness 10 in the mesh, fewer voxels across the
    // thickness (about two on the fast grid), so the measured ratio is lower but far past the sheet's 4.
    // A thick block far from it gives the volume the depth a rig needs.
    const block = capsule([0.7, 0.3, 0], [0.7, 0.7, 0], 0.15, 0.15);
    const { mid } = verticalAspect(meshOf([limb, block], 0.1), limb.positions.length / 3);
    expect(mid).toBeGreaterThan(4);
  });

  it('a second limb within reach but not touching the first does not count', () => {
    const alone = verticalAspect(meshOf([limb]), limb.positions.length / 3).mid;
    const twin = capsule([0.16, 0.1, 0], [0.16, 0.9, 0], 0.06, 0.06, 24);
    const beside = verticalAspect(meshOf([limb, twin]), limb.positions.length / 3).mid;
    expect(Math.abs(beside - alone)).toBeLessThan(0.15);
    expect(beside).toBeLessThan(1.25);
  });
});
