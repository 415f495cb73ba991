/** Connected pieces (26-connected) of the inside volume: to refuse fragmented meshes and to report them. */
import type { Volume } from './volume';
import { neighbourhood26 } from './grid';

export interface VolumePieces {
  count: number;
  /** Share of the inside volume held by the largest piece. */
  largestShare: number;
}

export function volumePieces(vol: Volume): VolumePieces {
  const seen = new Uint8Array(vol.inside.length);
  const stack = new Int32Array(vol.insideCount + 1);
  const { offsets } = neighbourhood26(vol.grid);
  let count = 0;
  let largest = 0;
  for (let v = 0; v < vol.inside.length; v++) {
    if (!vol.inside[v] || seen[v]) continue;
    count++;
    const size = pieceSize(vol.inside, seen, stack, offsets, v);
    if (size > largest) largest = size;
  }
  return { count, largestShare: vol.insideCount ? largest / vol.insideCount : 0 };
}

/** Voxels of the piece holding inside voxel `v`, each marked seen (its own function, so V8 compiles the fill within the first rig). */
function pieceSize(inside: Uint8Array, seen: Uint8Array, stack: Int32Array, offsets: Int32Array, v: number): number {
  let top = 0;
  let size = 0;
  stack[top++] = v;
  seen[v] = 1;
  while (top > 0) {
    const u = stack[--top];
    size++;
    for (let k = 0; k < 26; k++) {
      const w = u + offsets[k];
      if (inside[w] && !seen[w]) {
        seen[w] = 1;
        stack[top++] = w;
      }
    }
  }
  return size;
}

export function largestComponentShare(vol: Volume): number {
  return volumePieces(vol).largestShare;
}
