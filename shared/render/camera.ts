/**
 * Cameras that frame a model automatically, and projection of vertices to the sample grid.
 *
 * Framing fits the projected extents of the actual vertices (not the bounding box corners), so a
 * long thin prop seen at three-quarters fills the image instead of floating in its box's corners.
 * The perspective distance comes from the bounding box (so perspective strength does not depend on
 * vertex density); the 2D fit (offset + uniform scale) is applied after projection, which is the
 * same as an off-axis frustum and keeps the model centred whatever its shape.
 */
export type ViewName = 'front' | 'three-quarter';

export interface Camera {
  eye: [number, number, number];
  right: [number, number, number];
  up: [number, number, number];
  forward: [number, number, number];
  perspective: boolean;
  /** Screen fit: px = (sx - cx) * scale + width / 2, py = height / 2 - (sy - cy) * scale. */
  cx: number;
  cy: number;
  scale: number;
  width: number;
  height: number;
}

const VIEW_ANGLES: Record<ViewName, { azimuth: number; elevation: number }> = {
  front: { azimuth: 0, elevation: 0 },
  'three-quarter': { azimuth: (35 * Math.PI) / 180, elevation: (24 * Math.PI) / 180 },
};
/** tan(half vertical field of view) of the thumbnail camera: a mild 28 degree lens. */
const TAN_HALF_FOV = Math.tan((14 * Math.PI) / 180);

export interface Bounds { min: [number, number, number]; max: [number, number, number]; empty: boolean }

export function computeBounds(positions: Float32Array): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k];
      if (!Number.isFinite(v)) continue;
      if (v < min[k]) min[k] = v;
      if (v > max[k]) max[k] = v;
    }
  }
  const empty = !(min[0] <= max[0]);
  return empty ? { min: [0, 0, 0], max: [0, 0, 0], empty } : { min, max, empty };
}

/**
 * A camera looking at the model's bounding box from `view`, fitted to width x height samples with
 * `margin` (fraction of the image) left free around it.
 */
export function frameCamera(
  positions: Float32Array, view: ViewName, perspective: boolean,
  width: number, height: number, margin: number,
): Camera {
  const { azimuth, elevation } = VIEW_ANGLES[view];
  const dir: [number, number, number] = [
    Math.sin(azimuth) * Math.cos(elevation), Math.sin(elevation), Math.cos(azimuth) * Math.cos(elevation),
  ];
  const forward: [number, number, number] = [-dir[0], -dir[1], -dir[2]];
  // right = forward x worldUp, up = right x forward
  let right: [number, number, number] = [-forward[2], 0, forward[0]];
  const rl = Math.hypot(right[0], right[2]) || 1;
  right = [right[0] / rl, 0, right[2] / rl];
  const up: [number, number, number] = [
    right[1] * forward[2] - right[2] * forward[1],
    right[2] * forward[0] - right[0] * forward[2],
    right[0] * forward[1] - right[1] * forward[0],
  ];
  const b = computeBounds(positions);
  const center = [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];
  let distance = 1;
  let radius = 0;
  for (let c = 0; c < 8; c++) {
    const x = (c & 1 ? b.max[0] : b.min[0]) - center[0];
    const y = (c & 2 ? b.max[1] : b.min[1]) - center[1];
    const z = (c & 4 ? b.max[2] : b.min[2]) - center[2];
    const vx = x * right[0] + y * right[1] + z * right[2];
    const vy = x * up[0] + y * up[1] + z * up[2];
    const vz = x * forward[0] + y * forward[1] + z * forward[2];
    distance = Math.max(distance, Math.max(Math.abs(vx), Math.abs(vy)) / TAN_HALF_FOV - vz);
    radius = Math.max(radius, Math.hypot(x, y, z));
  }
  if (!perspective || b.empty) distance = radius * 4 + 1;
  else distance = Math.max(distance, radius * 1.05 + 1e-6);
  const eye: [number, number, number] = [
    center[0] - forward[0] * distance, center[1] - forward[1] * distance, center[2] - forward[2] * distance,
  ];
  const cam: Camera = { eye, right, up, forward, perspective, cx: 0, cy: 0, scale: 1, width, height };

  // Fit the projected extents of every vertex.
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] - eye[0], y = positions[i + 1] - eye[1], z = positions[i + 2] - eye[2];
    const vz = x * forward[0] + y * forward[1] + z * forward[2];
    let sx = x * right[0] + y * right[1] + z * right[2];
    let sy = x * up[0] + y * up[1] + z * up[2];
    if (perspective) { sx /= vz; sy /= vz; }
    if (!Number.isFinite(sx) || !Number.isFinite(sy)) continue;
    if (sx < minX) minX = sx; if (sx > maxX) maxX = sx;
    if (sy < minY) minY = sy; if (sy > maxY) maxY = sy;
  }
  if (minX <= maxX) {
    const usable = 1 - 2 * margin;
    const rx = maxX - minX, ry = maxY - minY;
    const sxFit = rx > 0 ? (width * usable) / rx : Infinity;
    const syFit = ry > 0 ? (height * usable) / ry : Infinity;
    cam.scale = Math.min(sxFit, syFit);
    if (!Number.isFinite(cam.scale)) cam.scale = 1;
    cam.cx = (minX + maxX) / 2;
    cam.cy = (minY + maxY) / 2;
  }
  return cam;
}

/**
 * Projects xyz positions to sample coordinates. `depthKey` is linear in screen space and larger
 * when nearer (1/z for perspective, -z for orthographic); `persp` is the perspective weight (1/z,
 * or 1 for orthographic) used to correct attribute interpolation.
 */
export function projectVertices(
  cam: Camera, positions: Float32Array,
  outX: Float32Array, outY: Float32Array, depthKey: Float32Array, persp: Float32Array,
): void {
  const { eye, right, up, forward, perspective, cx, cy, scale } = cam;
  const hw = cam.width / 2, hh = cam.height / 2;
  const n = positions.length / 3;
  for (let v = 0; v < n; v++) {
    const x = positions[v * 3] - eye[0], y = positions[v * 3 + 1] - eye[1], z = positions[v * 3 + 2] - eye[2];
    const vz = x * forward[0] + y * forward[1] + z * forward[2];
    let sx = x * right[0] + y * right[1] + z * right[2];
    let sy = x * up[0] + y * up[1] + z * up[2];
    if (perspective) {
      const iz = vz > 1e-9 ? 1 / vz : NaN;
      sx *= iz; sy *= iz;
      depthKey[v] = iz;
      persp[v] = iz;
    } else {
      depthKey[v] = -vz;
      persp[v] = 1;
    }
    outX[v] = (sx - cx) * scale + hw;
    outY[v] = hh - (sy - cy) * scale;
  }
}
