/**
 * Orthographic front views (camera on +Z looking at -Z, Y up) of triangle meshes, in the pixel
 * frame of a FrontViewFrame: a coverage mask (for silhouette IoU) and a shaded colour render
 * (for evaluation inputs). A small scanline-free bounding-box rasterizer: pixel centres are
 * tested against edge functions, which is exact enough for masks and fast for ~100k triangles.
 *
 * Notes: this exists so generation can measure itself without depending on the project's
 * thumbnail renderer (shared/render); the evaluation harness prefers that renderer when present.
 */
import type { FrontViewFrame } from './engine';
import { createMask, type Mask, type RgbaImage } from './image';

/** Pixels whose centre lies inside the front projection of any triangle. */
export function rasterizeFrontMask(positions: Float32Array, indices: Uint32Array, frame: FrontViewFrame): Mask {
  const mask = createMask(frame.width, frame.height);
  const s = frame.pixels_per_meter;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    const ax = frame.origin_x + positions[a] * s, ay = frame.origin_y - positions[a + 1] * s;
    const bx = frame.origin_x + positions[b] * s, by = frame.origin_y - positions[b + 1] * s;
    const cx = frame.origin_x + positions[c] * s, cy = frame.origin_y - positions[c + 1] * s;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(frame.width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(frame.height - 1, Math.ceil(Math.max(ay, by, cy)));
    const sign = area > 0 ? 1 : -1;
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const w0 = sign * ((bx - ax) * (py - ay) - (by - ay) * (px - ax));
        const w1 = sign * ((cx - bx) * (py - by) - (cy - by) * (px - bx));
        const w2 = sign * ((ax - cx) * (py - cy) - (ay - cy) * (px - cx));
        if (w0 >= 0 && w1 >= 0 && w2 >= 0) mask.data[y * frame.width + x] = 1;
      }
    }
  }
  return mask;
}

export interface ColoredMesh {
  positions: Float32Array;
  indices: Uint32Array;
  /** Optional UVs sampled from `texture` (nearest texel, wrapped). */
  uvs?: Float32Array | null;
  texture?: RgbaImage | null;
  /** Linear-ish RGB in [0, 1] multiplied with the texture; per mesh. */
  color?: [number, number, number];
}

/**
 * Shaded colour render with a z-buffer (nearest surface wins), a headlight-plus-key Lambert
 * term, and a transparent background (alpha 0) where nothing is drawn.
 */
export function renderFrontColor(meshes: ColoredMesh[], frame: FrontViewFrame): RgbaImage {
  const { width: w, height: h } = frame;
  const out = new Uint8ClampedArray(w * h * 4);
  const depth = new Float32Array(w * h).fill(-Infinity);
  const s = frame.pixels_per_meter;
  // Light from the upper left front, normalised.
  const lx = -0.35, ly = 0.5, lz = 0.79;
  for (const mesh of meshes) {
    const { positions: p, indices: idx, uvs, texture } = mesh;
    const base = mesh.color ?? [1, 1, 1];
    for (let t = 0; t < idx.length; t += 3) {
      const a = idx[t] * 3, b = idx[t + 1] * 3, c = idx[t + 2] * 3;
      const ax = frame.origin_x + p[a] * s, ay = frame.origin_y - p[a + 1] * s, az = p[a + 2];
      const bx = frame.origin_x + p[b] * s, by = frame.origin_y - p[b + 1] * s, bz = p[b + 2];
      const cx = frame.origin_x + p[c] * s, cy = frame.origin_y - p[c + 1] * s, cz = p[c + 2];
      const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      if (area === 0) continue;
      // Face normal (unsigned toward the viewer) for flat shading.
      const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
      let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      const len = Math.hypot(nx, ny, nz) || 1;
      nx /= len; ny /= len; nz /= len;
      if (nz < 0) { nx = -nx; ny = -ny; nz = -nz; }
      const shade = 0.35 + 0.65 * Math.max(0, nx * lx + ny * ly + nz * lz);
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, cx)));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, cy)));
      const inv = 1 / area;
      for (let y = y0; y <= y1; y++) {
        const py = y + 0.5;
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5;
          // Barycentric weights (signed by area so both windings rasterize).
          const l0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inv;
          const l1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inv;
          const l2 = 1 - l0 - l1;
          if (l0 < 0 || l1 < 0 || l2 < 0) continue;
          const z = l0 * az + l1 * bz + l2 * cz;
          const k = y * w + x;
          if (z <= depth[k]) continue;
          depth[k] = z;
          let r = base[0], g = base[1], bl = base[2];
          if (uvs && texture) {
            const u = l0 * uvs[idx[t] * 2] + l1 * uvs[idx[t + 1] * 2] + l2 * uvs[idx[t + 2] * 2];
            const v = l0 * uvs[idx[t] * 2 + 1] + l1 * uvs[idx[t + 1] * 2 + 1] + l2 * uvs[idx[t + 2] * 2 + 1];
            const tx = wrap(Math.floor(u * texture.width), texture.width);
            const ty = wrap(Math.floor(v * texture.height), texture.height);
            const ti = (ty * texture.width + tx) * 4;
            r *= texture.data[ti] / 255; g *= texture.data[ti + 1] / 255; bl *= texture.data[ti + 2] / 255;
          }
          out[k * 4] = 255 * r * shade;
          out[k * 4 + 1] = 255 * g * shade;
          out[k * 4 + 2] = 255 * bl * shade;
          out[k * 4 + 3] = 255;
        }
      }
    }
  }
  return { width: w, height: h, data: out };
}

function wrap(i: number, n: number): number {
  const m = i % n;
  return m < 0 ? m + n : m;
}
