/** Hand-made mesh pieces merged into one mesh, normalised (longest side 1) and voxelised, for the volume and joint tests. */
import type { MeshPiece } from '../../shared/rig/synthetic/shapes';
import { normalise } from '../../shared/rig/normalize';
import type { Normalised } from '../../shared/rig/normalize';
import { buildVolume } from '../../shared/rig/volume';
import type { Volume } from '../../shared/rig/volume';

/** Merges pieces, normalises (longest side 1) and voxelises at `resolution`. */
export function shapeVolume(pieces: MeshPiece[], resolution: number): { vol: Volume; n: Normalised } {
  const pos: number[] = [];
  const idx: number[] = [];
  for (const p of pieces) {
    const base = pos.length / 3;
    pos.push(...p.positions);
    for (const i of p.indices) idx.push(base + i);
  }
  const n = normalise(Float32Array.from(pos), 0);
  return { vol: buildVolume(n.positions, Uint32Array.from(idx), n.min, n.max, resolution), n };
}
