/**
 * Puts a mesh in the engine's working frame: rotated by rotation_y about the origin, then centred in x/z,
 * standing on y = 0, and scaled so the longest bounding-box side is 1. Results are mapped back with
 * `toWorld`, so any input scale (centimetres to kilometres) gives the same fit.
 */
import { RigError } from './rig-error';

export interface Normalised {
  /** Positions in the working frame. */
  positions: Float32Array;
  /** Input positions rotated by rotation_y (null when rotation_y is 0). */
  rotated: Float32Array | null;
  /** World = working / scale + offset. */
  scale: number;
  offset: [number, number, number];
  min: Float64Array;
  max: Float64Array;
}

export function normalise(input: Float32Array, rotationYDeg: number): Normalised {
  const nv = input.length / 3;
  let rotated: Float32Array | null = null;
  let src = input;
  const r = (((rotationYDeg % 360) + 360) % 360) * (Math.PI / 180);
  if (r !== 0) {
    rotated = new Float32Array(input.length);
    const c = Math.cos(r), s = Math.sin(r);
    for (let i = 0; i < nv; i++) {
      const x = input[i * 3], z = input[i * 3 + 2];
      rotated[i * 3] = x * c + z * s;
      rotated[i * 3 + 1] = input[i * 3 + 1];
      rotated[i * 3 + 2] = -x * s + z * c;
    }
    src = rotated;
  }
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < src.length; i += 3)
    for (let a = 0; a < 3; a++) {
      const v = src[i + a];
      if (!Number.isFinite(v)) throw new RigError(`vertex ${i / 3} has a non-finite coordinate`);
      if (v < lo[a]) lo[a] = v;
      if (v > hi[a]) hi[a] = v;
    }
  const longest = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  if (!(longest > 0) || !Number.isFinite(longest)) throw new RigError('the mesh has no extent (all vertices at one point)');
  const scale = 1 / longest;
  const offset: [number, number, number] = [(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2];
  const positions = new Float32Array(src.length);
  for (let i = 0; i < src.length; i += 3) {
    positions[i] = (src[i] - offset[0]) * scale;
    positions[i + 1] = (src[i + 1] - offset[1]) * scale;
    positions[i + 2] = (src[i + 2] - offset[2]) * scale;
  }
  const min = Float64Array.from([(lo[0] - offset[0]) * scale, 0, (lo[2] - offset[2]) * scale]);
  const max = Float64Array.from([(hi[0] - offset[0]) * scale, (hi[1] - offset[1]) * scale, (hi[2] - offset[2]) * scale]);
  return { positions, rotated, scale, offset, min, max };
}

/** A point of the model's frame (after rotation_y) in the normalised frame: toWorld's inverse. */
export function toNormalised(n: Normalised, p: ArrayLike<number>, out: Float64Array | number[], o: number): void {
  out[o] = (p[0] - n.offset[0]) * n.scale;
  out[o + 1] = (p[1] - n.offset[1]) * n.scale;
  out[o + 2] = (p[2] - n.offset[2]) * n.scale;
}

export function toWorld(n: Normalised, p: ArrayLike<number>, out: Float64Array, o: number): void {
  out[o] = p[0] / n.scale + n.offset[0];
  out[o + 1] = p[1] / n.scale + n.offset[1];
  out[o + 2] = p[2] / n.scale + n.offset[2];
}
