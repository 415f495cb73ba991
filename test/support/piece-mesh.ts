/**
 * Synthetic bodies built from pieces (shared/rig/synthetic/shapes.ts) as one mesh part, the way a single
 * sculpted mesh arrives (the rig's per-part rules then see one part), and a fitted joint's position by name.
 */
import { mergeTriangles } from '../../shared/mesh/merge';
import type { MeshPiece } from '../../shared/rig/synthetic/shapes';
import type { RigResult } from '../../shared/rig/types';

export type V3 = [number, number, number];

export function onePartMesh(pieces: MeshPiece[]): { positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array } {
  const { positions, indices } = mergeTriangles(pieces);
  return { positions, indices, partOffsets: Uint32Array.from([0, positions.length / 3]) };
}

export const jointAt = (r: RigResult, name: string): V3 => r.report.joints.find((j) => j.name === name)!.position as V3;
