/**
 * Skin weights of one bone as vertex colours: blue (0) -> green -> yellow -> red (1).
 * Pure over typed arrays (unit-tested); `ModelView` writes the result into a `color` attribute
 * and swaps in a vertex-coloured material, so skinning still deforms the mesh while it plays.
 *
 * Notes: a custom ShaderMaterial reading skinIndex/skinWeight in the vertex shader was rejected:
 * it must re-implement three's skinning chunks and breaks with every three.js release, while a
 * colour attribute costs one pass over the vertices when the selection changes.
 */

const stops: readonly [number, number, number, number][] = [
  [0.0, 0.08, 0.1, 0.35],
  [0.25, 0.1, 0.45, 0.9],
  [0.5, 0.15, 0.8, 0.35],
  [0.75, 0.98, 0.85, 0.15],
  [1.0, 0.95, 0.2, 0.12],
];

/** Writes the heat colour of weight `w` (clamped to [0, 1]) at `out[offset..offset+2]`. */
export function heatColor(w: number, out: Float32Array, offset: number): void {
  const t = w <= 0 ? 0 : w >= 1 ? 1 : w;
  let i = 1;
  while (i < stops.length - 1 && t > stops[i][0]) i++;
  const a = stops[i - 1];
  const b = stops[i];
  const f = (t - a[0]) / (b[0] - a[0]);
  out[offset] = a[1] + (b[1] - a[1]) * f;
  out[offset + 1] = a[2] + (b[2] - a[2]) * f;
  out[offset + 2] = a[3] + (b[3] - a[3]) * f;
}

/**
 * Weight of `boneIndex` on every vertex.
 * @param skinIndex joint indices, `itemSize` per vertex (4 in glTF)
 * @param skinWeight matching weights
 * @param out receives one weight per vertex (length = vertex count)
 */
export function boneWeights(
  skinIndex: ArrayLike<number>,
  skinWeight: ArrayLike<number>,
  itemSize: number,
  boneIndex: number,
  out: Float32Array,
): Float32Array {
  const count = out.length;
  if (skinIndex.length < count * itemSize || skinWeight.length < count * itemSize) {
    throw new Error(`weight-heatmap: skin attributes hold fewer than ${count} vertices`);
  }
  for (let v = 0; v < count; v++) {
    let w = 0;
    const base = v * itemSize;
    for (let k = 0; k < itemSize; k++) if (skinIndex[base + k] === boneIndex) w += skinWeight[base + k];
    out[v] = w;
  }
  return out;
}

/** Heat-map colours (RGB per vertex) of `boneIndex`; returns the summed weight for a quick check. */
export function boneWeightColors(
  skinIndex: ArrayLike<number>,
  skinWeight: ArrayLike<number>,
  itemSize: number,
  boneIndex: number,
  colors: Float32Array,
): number {
  const count = colors.length / 3;
  const weights = new Float32Array(count);
  boneWeights(skinIndex, skinWeight, itemSize, boneIndex, weights);
  let total = 0;
  for (let v = 0; v < count; v++) {
    heatColor(weights[v], colors, v * 3);
    total += weights[v];
  }
  return total;
}
