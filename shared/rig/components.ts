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
    let top = 0;
    let size = 0;
    stack[top++] = v;
    seen[v] = 1;
    while (top > 0) {
      const u = stack[--top];
      size++;
      for (let k = 0; k < 26; k++) {
        const w = u + offsets[k];
        if (vol.inside[w] && !seen[w]) {
          seen[w] = 1;
          stack[top++] = w;
        }
      }
    }
    if (size > largest) largest = size;
  }
  return { count, largestShare: vol.insideCount ? largest / vol.insideCount : 0 };
}

export function largestComponentShare(vol: Volume): number {
  return volumePieces(vol).largestShare;
}
