/** Reading a synthetic character's ground truth and mesh in tests: a true joint's position, the mesh's lowest point. */
import type { SyntheticCharacter } from '../../shared/rig/synthetic/characters';

export type V3 = [number, number, number];

export function truthAt(c: SyntheticCharacter, k: string): V3 {
  const i = c.truth.keys.indexOf(k);
  if (i < 0) throw new Error(`${c.name}: no joint ${k}`);
  return [c.truth.positions[i * 3], c.truth.positions[i * 3 + 1], c.truth.positions[i * 3 + 2]];
}

export function lowestY(positions: Float32Array): number {
  let y = Infinity;
  for (let i = 1; i < positions.length; i += 3) y = Math.min(y, positions[i]);
  return y;
}
