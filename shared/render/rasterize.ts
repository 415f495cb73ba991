/**
 * Depth-buffered triangle rasterisation into a visibility buffer: per sample, the nearest
 * triangle's id and its screen-space barycentrics. Shading runs afterwards, once per visible
 * sample, so overdraw costs only a depth test (notes below).
 *
 * Notes (approaches rejected):
 * - Shading inside the raster loop (forward shading) did the texture/lighting work for every
 *   covered sample of every triangle, hidden or not: on dense models with 3x3 supersampling the
 *   hidden work dominated. The visibility buffer keeps per-triangle cost at edge stepping only.
 * - Back-face culling: imported meshes often have inconsistent winding or open shells, so culling
 *   punched holes in them; we rasterise both sides and flip normals that face away when shading.
 * - Pixel-centre sampling at (x + 0.5, y + 0.5) with a tiny epsilon on the inside test so samples
 *   exactly on a shared edge are never dropped by both triangles (the depth test resolves ties).
 */

export interface RasterTarget {
  width: number;
  height: number;
  depth: Float32Array;
  tri: Int32Array;
  /** Screen-space barycentric weights of vertices 1 and 2 (vertex 0 is 1 - b1 - b2). */
  b1: Float32Array;
  b2: Float32Array;
}

export function createRasterTarget(width: number, height: number): RasterTarget {
  const n = width * height;
  const target = {
    width, height,
    depth: new Float32Array(n), tri: new Int32Array(n), b1: new Float32Array(n), b2: new Float32Array(n),
  };
  clearRasterTarget(target);
  return target;
}

export function clearRasterTarget(t: RasterTarget): void {
  t.depth.fill(-Infinity);
  t.tri.fill(-1);
}

/** Optional per-sample discard (alpha MASK materials): return false to drop the sample. */
export type SampleTest = (tri: number, b0: number, b1: number, b2: number) => boolean;

const EPS = -1e-7;

/**
 * Rasterises `triCount` triangles of `indices` whose vertices are at (sx, sy) in sample units
 * with depth key `dk` (larger = nearer). Triangle ids written are `triIdBase + t`.
 * `needsTest[t]` = 1 routes that triangle's covered samples through `test`.
 */
export function rasterizeTriangles(
  target: RasterTarget, sx: Float32Array, sy: Float32Array, dk: Float32Array,
  indices: Uint32Array, triCount: number, triIdBase: number,
  needsTest: Uint8Array | null = null, test: SampleTest | null = null,
): void {
  const { width, height, depth, tri, b1: outB1, b2: outB2 } = target;
  for (let t = 0; t < triCount; t++) {
    const i0 = indices[t * 3], i1 = indices[t * 3 + 1], i2 = indices[t * 3 + 2];
    const x0 = sx[i0], y0 = sy[i0], x1 = sx[i1], y1 = sy[i1], x2 = sx[i2], y2 = sy[i2];
    const d0 = dk[i0], d1 = dk[i1], d2 = dk[i2];
    // NaN (behind the camera or non-finite input) fails every comparison below: skip.
    if (!(d0 > -Infinity && d1 > -Infinity && d2 > -Infinity)) continue;
    const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if (!(area !== 0) || !Number.isFinite(area)) continue;
    let minX = Math.floor(Math.min(x0, x1, x2));
    let maxX = Math.ceil(Math.max(x0, x1, x2));
    let minY = Math.floor(Math.min(y0, y1, y2));
    let maxY = Math.ceil(Math.max(y0, y1, y2));
    if (maxX < 0 || maxY < 0 || minX >= width || minY >= height) continue;
    if (minX < 0) minX = 0;
    if (minY < 0) minY = 0;
    if (maxX >= width) maxX = width - 1;
    if (maxY >= height) maxY = height - 1;
    const inv = 1 / area;
    // Normalised edge functions: w0 (opposite v0), w1, w2 and their steps along x and y.
    const a0 = -(y2 - y1) * inv, c0 = (x2 - x1) * inv;
    const a1 = -(y0 - y2) * inv, c1 = (x0 - x2) * inv;
    const a2 = -(y1 - y0) * inv, c2 = (x1 - x0) * inv;
    const px = minX + 0.5, py = minY + 0.5;
    let r0 = ((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) * inv;
    let r1 = ((x0 - x2) * (py - y2) - (y0 - y2) * (px - x2)) * inv;
    let r2 = ((x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)) * inv;
    const tested = needsTest !== null && test !== null && needsTest[t] === 1;
    const id = triIdBase + t;
    for (let y = minY; y <= maxY; y++) {
      let w0 = r0, w1 = r1, w2 = r2;
      let idx = y * width + minX;
      for (let x = minX; x <= maxX; x++, idx++) {
        if (w0 >= EPS && w1 >= EPS && w2 >= EPS) {
          const z = w0 * d0 + w1 * d1 + w2 * d2;
          if (z > depth[idx] && (!tested || (test as SampleTest)(t, w0, w1, w2))) {
            depth[idx] = z;
            tri[idx] = id;
            outB1[idx] = w1;
            outB2[idx] = w2;
          }
        }
        w0 += a0; w1 += a1; w2 += a2;
      }
      r0 += c0; r1 += c1; r2 += c2;
    }
  }
}
