/**
 * buildSilhouetteShape: the pure core of the built-in generator. From an image and its subject
 * mask to a metric mesh (positions, normals, UVs, indices) and an unencoded texture.
 *
 * Notes:
 * - The grid spacing is chosen from the subject's area and the triangle budget (about 4
 *   triangles per inside cell, front and back); if the contour adds more than estimated, the
 *   grid is coarsened and rebuilt (at most 4 tries), so the budget is a hard upper bound.
 * - Symmetry averages the signed distance field with its mirror about the subject's vertical
 *   centre line, so the silhouette (and therefore the whole shape) is exactly symmetric.
 */
import { bakeTexture } from './bake-texture';
import { signedDistance } from './distance-transform';
import type { FrontViewFrame, ResolvedGenerateOptions } from './engine';
import { GenerateError } from './errors';
import { maskIou, type Mask, type RgbaImage } from './image';
import { inflateSilhouette, type InflatedMesh } from './inflate-silhouette';

export interface SilhouetteShape {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  texture: RgbaImage;
  frame: FrontViewFrame;
  symmetric: boolean;
  cellSize: number;
  size: { width: number; height: number; depth: number };
}

/** Subject pixels nearer the edge than this (pixels) are not trusted for colour on photos. */
const EDGE_COLOR_MARGIN = 1.5;
/** `symmetry: auto` mirrors a subject whose mask overlaps its mirror image at least this much. */
const AUTO_SYMMETRY_IOU = 0.92;

export function buildSilhouetteShape(
  image: RgbaImage,
  mask: Mask,
  foreground: 'alpha' | 'background',
  opts: ResolvedGenerateOptions,
): SilhouetteShape {
  const { width: w, height: h } = mask;
  let sdf = signedDistance(mask);
  const bbox = maskBounds(mask);
  let symmetric = false;
  if (opts.symmetry !== 'off') {
    const mirrored = mirrorMask(mask, bbox.minX + bbox.maxX);
    if (opts.symmetry === 'on' || maskIou(mask, mirrored) >= AUTO_SYMMETRY_IOU) {
      sdf = symmetrize(sdf, w, h, bbox.minX + bbox.maxX);
      symmetric = true;
    }
  }

  let area = 0;
  for (let i = 0; i < sdf.length; i++) if (sdf[i] > 0) area++;
  if (area === 0) throw new GenerateError('no subject found: the subject vanished after symmetrising');
  let cellSize = Math.max(1, Math.sqrt((4.4 * area) / opts.triangle_budget));
  let mesh: InflatedMesh | null = null;
  for (let attempt = 0; attempt < 4; attempt++) {
    mesh = inflateSilhouette({ width: w, height: h, sdf }, { cellSize, depthScale: opts.depth_scale });
    const triangles = mesh.indices.length / 3;
    if (triangles <= opts.triangle_budget) break;
    cellSize *= Math.sqrt(triangles / opts.triangle_budget) * 1.03;
    mesh = null;
  }
  if (!mesh) {
    mesh = inflateSilhouette({ width: w, height: h, sdf }, { cellSize: cellSize * 1.5, depthScale: opts.depth_scale });
    if (mesh.indices.length / 3 > opts.triangle_budget) {
      throw new GenerateError(`generate: triangle_budget ${opts.triangle_budget} is too small for this subject's outline`);
    }
  }
  if (mesh.indices.length === 0) throw new GenerateError('no subject found: the subject is too thin to build a shape');

  // Pixel space -> metres: base at y = 0, centred in x, front/back symmetric about z = 0.
  const px = mesh.positions;
  const vertexCount = px.length / 3;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity, maxZ = 0;
  for (let v = 0; v < vertexCount; v++) {
    const x = px[v * 3], y = px[v * 3 + 1], z = px[v * 3 + 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  const ppm = Math.max(1e-9, maxY - minY) / opts.height_meters;
  const originX = (minX + maxX) / 2;
  const originY = maxY;

  // Texture: the subject's bounding box plus a small margin, colours from trusted pixels.
  const weights = new Float32Array(w * h);
  let trusted = 0;
  const margin = foreground === 'background' ? EDGE_COLOR_MARGIN : 0;
  for (let i = 0; i < w * h; i++) if (sdf[i] > margin) { weights[i] = 1; trusted++; }
  if (trusted === 0) for (let i = 0; i < w * h; i++) weights[i] = sdf[i] > 0 ? 1 : 0;
  const pad = 2;
  const baked = bakeTexture(
    image,
    weights,
    { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad },
    opts.texture_size,
  );
  const { crop } = baked;

  const positions = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  for (let v = 0; v < vertexCount; v++) {
    const x = px[v * 3], y = px[v * 3 + 1];
    positions[v * 3] = (x - originX) / ppm;
    positions[v * 3 + 1] = (originY - y) / ppm;
    positions[v * 3 + 2] = px[v * 3 + 2] / ppm;
    uvs[v * 2] = (x - crop.x) / crop.width;
    uvs[v * 2 + 1] = (y - crop.y) / crop.height;
  }
  return {
    positions,
    normals: vertexNormals(positions, mesh.indices),
    uvs,
    indices: mesh.indices,
    texture: baked.image,
    frame: { width: w, height: h, pixels_per_meter: ppm, origin_x: originX, origin_y: originY },
    symmetric,
    cellSize,
    size: { width: (maxX - minX) / ppm, height: (maxY - minY) / ppm, depth: (2 * maxZ) / ppm },
  };
}

function maskBounds(mask: Mask) {
  let minX = mask.width, maxX = -1, minY = mask.height, maxY = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return { minX, maxX, minY, maxY };
}

/** Mirror about x = axisSum / 2 (pixel x maps to axisSum - x); pixels mapped outside are empty. */
function mirrorMask(mask: Mask, axisSum: number): Mask {
  const out: Mask = { width: mask.width, height: mask.height, data: new Uint8Array(mask.data.length) };
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const mx = axisSum - x;
      if (mx >= 0 && mx < mask.width) out.data[y * mask.width + x] = mask.data[y * mask.width + mx];
    }
  }
  return out;
}

function symmetrize(sdf: Float32Array, w: number, h: number, axisSum: number): Float32Array {
  const out = new Float32Array(sdf.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const mx = axisSum - x;
      const other = mx >= 0 && mx < w ? sdf[y * w + mx] : -Math.abs(sdf[y * w + x]) - 1;
      out[y * w + x] = 0.5 * (sdf[y * w + x] + other);
    }
  }
  return out;
}

/** Area-weighted vertex normals. */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    normals[a] += nx; normals[a + 1] += ny; normals[a + 2] += nz;
    normals[b] += nx; normals[b + 1] += ny; normals[b + 2] += nz;
    normals[c] += nx; normals[c + 1] += ny; normals[c + 2] += nz;
  }
  for (let v = 0; v < normals.length; v += 3) {
    const len = Math.hypot(normals[v], normals[v + 1], normals[v + 2]);
    if (len > 0) { normals[v] /= len; normals[v + 1] /= len; normals[v + 2] /= len; }
    else normals[v + 2] = 1;
  }
  return normals;
}
