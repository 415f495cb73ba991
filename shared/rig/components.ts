/** Share of the inside volume held by its largest 26-connected piece (to refuse fragmented meshes). */
import type { Volume } from './volume';
import { neighbourhood26 } from './grid';

export function largestComponentShare(vol: Volume): number {
  const n = vol.inside.length;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(vol.insideCount + 1);
  const { offsets } = neighbourhood26(vol.grid);
  let largest = 0;
  for (let v = 0; v < n; v++) {
    if (!vol.inside[v] || seen[v]) continue;
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
  return vol.insideCount ? largest / vol.insideCount : 0;
}
