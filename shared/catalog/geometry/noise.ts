/**
 * Deterministic randomness for the catalog: a seeded PRNG (mulberry32), a string hash for seeds,
 * and 3D value noise with fractal sums for displacing rocks and foliage. No Math.random anywhere:
 * the same asset name always builds the same bytes.
 */
import { smoothNormals, type Geo } from './geo';

export type Rng = () => number;

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rngFor(name: string): Rng {
  return mulberry32(hashString(name));
}

/** Uniform in [a, b). */
export function range(rng: Rng, a: number, b: number): number {
  return a + (b - a) * rng();
}

function lattice(seed: number, x: number, y: number, z: number): number {
  let h = seed ^ Math.imul(x, 374761393) ^ Math.imul(y, 668265263) ^ Math.imul(z, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1). */
export function valueNoise3(seed: number, x: number, y: number, z: number): number {
  const xi = Math.floor(x), yi = Math.floor(y), zi = Math.floor(z);
  const fx = x - xi, fy = y - yi, fz = z - zi;
  const u = fx * fx * (3 - 2 * fx), v = fy * fy * (3 - 2 * fy), w = fz * fz * (3 - 2 * fz);
  let acc = 0;
  for (let c = 0; c < 8; c++) {
    const dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1;
    const weight = (dx ? u : 1 - u) * (dy ? v : 1 - v) * (dz ? w : 1 - w);
    acc += weight * lattice(seed, xi + dx, yi + dy, zi + dz);
  }
  return acc;
}

/** Fractal (fBm) value noise in about [-1, 1]. */
export function fbm3(seed: number, x: number, y: number, z: number, octaves = 3): number {
  let sum = 0, amp = 1, freq = 1, norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * (valueNoise3(seed + o * 1013, x * freq, y * freq, z * freq) * 2 - 1);
    norm += amp;
    amp *= 0.5;
    freq *= 2.03;
  }
  return sum / norm;
}

/**
 * Moves every vertex along its normal by `amount * fbm(position * frequency)`, then recomputes
 * smooth normals. Vertices at the same position move together, so welded shells stay closed.
 */
export function displace(g: Geo, seed: number, amount: number, frequency: number, octaves = 3): Geo {
  for (let i = 0; i < g.positions.length; i += 3) {
    const x = g.positions[i], y = g.positions[i + 1], z = g.positions[i + 2];
    const d = amount * fbm3(seed, x * frequency, y * frequency, z * frequency, octaves);
    g.positions[i] += g.normals[i] * d;
    g.positions[i + 1] += g.normals[i + 1] * d;
    g.positions[i + 2] += g.normals[i + 2] * d;
  }
  return smoothNormals(g);
}
