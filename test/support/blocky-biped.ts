/**
 * A blocky biped 1.6 tall, boxes as a voxel-game character is built: legs 0.6 tall (two boxes pressed side by
 * side, or one solid block), the torso to 1.2, arms hanging beside it, a cube head; one mesh part.
 */
import { box } from '../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../shared/rig/synthetic/shapes';

export function blocky(separateLegs: boolean): { positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array } {
  const legs = separateLegs ? [box([0.1, 0.3, 0], [0.1, 0.3, 0.1]), box([-0.1, 0.3, 0], [0.1, 0.3, 0.1])] : [box([0, 0.3, 0], [0.2, 0.3, 0.1])];
  const pieces: MeshPiece[] = [...legs, box([0, 0.9, 0], [0.2, 0.3, 0.1]), box([0.3, 0.9, 0], [0.1, 0.3, 0.1]), box([-0.3, 0.9, 0], [0.1, 0.3, 0.1]), box([0, 1.4, 0], [0.2, 0.2, 0.2])];
  const positions: number[] = [];
  const indices: number[] = [];
  for (const p of pieces) {
    const base = positions.length / 3;
    positions.push(...p.positions);
    indices.push(...p.indices.map((i) => i + base));
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), partOffsets: new Uint32Array([0, positions.length / 3]) };
}
