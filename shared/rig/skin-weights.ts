/**
 * Geodesic voxel binding (after Dionne and de Lasa 2013): each bone's weight at an inside voxel falls off
 * with the geodesic distance through the inside from the bone segment, so weights never jump across a gap
 * (an arm near the torso, legs near each other). Then Jacobi smoothing inside the volume, and the top 4
 * influences per voxel are kept for transfer to vertices.
 *
 * Each bone's geodesic distance is measured in units of its own thickness (the median inside radius along
 * the bone, relative to the median over all bones, the factor clamped to [1/2, 2]): a torso is several times
 * thicker than an arm, and with plain distances the flank of a wide torso lies nearer the upper arm's axis
 * than the spine's and follows the arm (KayKit torso sides took 40-75% arm weight). At a joint between
 * bones of similar thickness (elbow, knee) nothing changes. A thick bone's distances shrink across it only,
 * not past its end joints (bone-thickness.ts).
 *
 * Notes: per-bone Dijkstra is pruned where the bone cannot matter (farther than twice the best scaled
 * distance known so far plus 3 voxels), which cuts the solve ~4x on full bipeds with fingers. Rejected: bone
 * heat on the surface (needs a manifold, connected mesh; fails on multi-part input, the known Blender
 * complaint). Measured with `npm run eval:rig -- --breakdown` (KayKit x3 + human-male, fast/pro mean
 * deformation % of height; "bleed" = weight on bones more than one step from the vertex's own bone):
 * - plain distances: 1.62/1.52, bleed 9-12% on KayKit (their arms and legs are separate parts pushed into
 *   the torso, so the torso's sides and hem followed arms and thighs);
 * - unclamped thickness factor: 1.27/1.25, but a chibi head (the thickest bone) then reached down a thin
 *   cape to the knees (bleed 5.5-9%); clamped to [1/2, 2]: 1.27/1.23, bleed 3-6.5%;
 * - distance minus the bone's radius (an envelope): 1.38/1.36; plus the factor: 1.37/1.32;
 * - segments from a joint to each of its children (pelvis to both hips), a penalty beyond a segment's end
 *   planes, and rigid accessories snapped to their dominant bone: within +-0.05 once thickness is used
 *   (on those four characters; taking the thickness stretch off past the end planes of thick bones only,
 *   bone-thickness.ts, gained on the whole corpus).
 * Plain inverse distance also leaves every reachable bone a long tail (the other thigh took 4-11% of the
 * crotch of a synthetic biped; 1.6% of all human-male weight sat on bones two or more steps from the
 * vertex's own). Weights are therefore cut off: 1/d^p minus its value at 1.5x the nearest bone's distance,
 * which is continuous and exactly 0 beyond (cut-off 3 / 2 / 1.5 / 1.25: mean deformation fast 1.27 / 1.25 /
 * 1.25 / 1.26, pro 1.22 / 1.21 / 1.18 / 1.20; bleed on human-male 1.5 / 1.1 / 0.6 / 0.3%). At an elbow the
 * blend then spans about one limb radius either side of the joint, plus the smoothing passes.
 */
import type { Volume } from './volume';
import { voxelCenter, voxelOf } from './grid';
import { geodesicFrom } from './geodesic';
import type { GeodesicField } from './geodesic';
import { boneAxis, pastEnds, thicknessDistance, thicknessScales } from './bone-thickness';
import type { BoneAxis } from './bone-thickness';

export interface BoneSegment {
  joint: number;
  a: ArrayLike<number>;
  b: ArrayLike<number>;
}

export interface VoxelWeights {
  /** Compact index per grid voxel, -1 when not inside. */
  compact: Int32Array;
  /** 4 joint indices and 4 weights per compact inside voxel (weights sum to 1, or 0 when unreached). */
  joints: Uint16Array;
  weights: Float32Array;
}

export interface VoxelWeightOptions {
  /** Falloff exponent of inverse geodesic distance. */
  power: number;
  /** Added to distances (normalised units) so weights stay finite on the bone. */
  epsilon: number;
  smoothIterations: number;
}

export function solveVoxelWeights(vol: Volume, bones: BoneSegment[], opts: VoxelWeightOptions): VoxelWeights {
  const g = vol.grid;
  const n = vol.inside.length;
  const { compact, list } = compactInside(vol.inside);
  const m = list.length;
  const nb = bones.length;
  const seeds = bones.map((b) => segmentSeeds(vol, b));
  const scale = thicknessScales(vol, seeds);
  let maxScale = 0;
  for (let b = 0; b < nb; b++) maxScale = Math.max(maxScale, scale[b]);
  // best[v]: an upper bound of the smallest scaled distance at v, tightened bone by bone; a bone is not
  // expanded where its scaled distance would exceed 2 * best + 3 (it would get a negligible weight there).
  const nearest = geodesicFrom(g, vol.inside, seeds.flat());
  const best = scaled(nearest.dist, maxScale);
  // A fresh field is all Infinity; later runs reset only what the previous bone reached.
  const field: GeodesicField = { dist: new Float32Array(n).fill(Infinity), prev: new Int32Array(n).fill(-1), reached: { list: new Int32Array(m), count: 0 } };
  const dense = new Float32Array(m * nb);
  const eps = opts.epsilon / g.h;
  const limit = new Float32Array(n);
  // The loops are functions of their own: V8 compiles them within the first rig, where a loop inside this
  // once-called function would run unoptimised for several rigs.
  for (let b = 0; b < nb; b++) {
    const k = scale[b];
    // The scaled distance is at least k * d, so the bound stays valid.
    setLimits(limit, best, list, k);
    geodesicFrom(g, vol.inside, seeds[b], { into: field, limit });
    storeBoneDistances(vol, field, limit, compact, best, dense, nb, b, k, k < 1 ? boneAxis(bones[b]) : null, eps);
  }
  cutoffWeights(dense, m, nb, opts.power, CUTOFF);
  normaliseRows(dense, m, nb);
  smoothInside(vol, compact, list, dense, nb, opts.smoothIterations);
  const joints = new Uint16Array(m * 4);
  const weights = new Float32Array(m * 4);
  topFourOfEach(dense, m, nb, bones, joints, weights);
  return { compact, joints, weights };
}

/** Each value times k, as float32. */
function scaled(values: Float32Array, k: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let v = 0; v < values.length; v++) out[v] = values[v] * k;
  return out;
}

/** The four largest weights of each inside voxel's row, normalised (topFour). */
function topFourOfEach(dense: Float32Array, m: number, nb: number, bones: BoneSegment[], joints: Uint16Array, weights: Float32Array): void {
  for (let i = 0; i < m; i++) topFour(dense, i * nb, nb, bones, joints, weights, i * 4);
}

/** A compact index per grid voxel (-1 outside) and the inside voxels in grid order. */
function compactInside(inside: Uint8Array): { compact: Int32Array; list: Int32Array } {
  const compact = new Int32Array(inside.length);
  const all = new Int32Array(inside.length);
  let m = 0;
  for (let v = 0; v < inside.length; v++) {
    if (inside[v]) {
      compact[v] = m;
      all[m++] = v;
    } else compact[v] = -1;
  }
  return { compact, list: all.slice(0, m) };
}

/** Only inside voxels are ever reached, so only theirs are needed. */
function setLimits(limit: Float32Array, best: Float32Array, list: Int32Array, k: number): void {
  for (let i = 0; i < list.length; i++) limit[list[i]] = (2 * best[list[i]] + 3) / k;
}

/** Bone b's scaled distance at each voxel its run reached within its limit (dense row entries), tightening `best`. */
function storeBoneDistances(vol: Volume, field: GeodesicField, limit: Float32Array, compact: Int32Array, best: Float32Array, dense: Float32Array, nb: number, b: number, k: number, axis: BoneAxis | null, eps: number): void {
  const g = vol.grid;
  const d = field.dist;
  const reached = field.reached!;
  const c = [0, 0, 0];
  for (let r = 0; r < reached.count; r++) {
    const v = reached.list[r];
    const i = compact[v];
    const dv = d[v];
    if (dv === Infinity || dv > limit[v]) continue;
    let past = 0;
    if (axis) {
      voxelCenter(g, v, c);
      past = pastEnds(axis, c[0], c[1], c[2]) / g.h;
    }
    const ds = thicknessDistance(dv, k, past);
    if (ds < best[v]) best[v] = ds;
    dense[i * nb + b] = ds + eps;
  }
}

/** Inside voxels along a bone segment; the nearest inside voxel to its start when the segment is outside. */
function segmentSeeds(vol: Volume, bone: BoneSegment): number[] {
  const g = vol.grid;
  const len = Math.hypot(bone.b[0] - bone.a[0], bone.b[1] - bone.a[1], bone.b[2] - bone.a[2]);
  const steps = Math.max(1, Math.ceil(len / (g.h * 0.33)));
  const out = new Set<number>();
  for (let k = 0; k <= steps; k++) {
    const f = k / steps;
    const v = voxelOf(g, bone.a[0] + (bone.b[0] - bone.a[0]) * f, bone.a[1] + (bone.b[1] - bone.a[1]) * f, bone.a[2] + (bone.b[2] - bone.a[2]) * f);
    if (vol.inside[v]) out.add(v);
  }
  if (out.size === 0) out.add(nearestInside(vol, bone.a));
  return [...out];
}

export function nearestInside(vol: Volume, p: ArrayLike<number>): number {
  const g = vol.grid;
  const c = [0, 0, 0];
  const v0 = voxelOf(g, p[0], p[1], p[2]);
  if (vol.inside[v0]) return v0;
  let best = -1;
  let bestD = Infinity;
  // Expanding shells; a joint is never far from the volume it was fitted in.
  for (let r = 1; r < Math.max(g.nx, g.ny, g.nz) && best < 0; r++) {
    const ix = v0 % g.nx, iy = Math.floor(v0 / g.nx) % g.ny, iz = Math.floor(v0 / (g.nx * g.ny));
    for (let z = Math.max(0, iz - r); z <= Math.min(g.nz - 1, iz + r); z++)
      for (let y = Math.max(0, iy - r); y <= Math.min(g.ny - 1, iy + r); y++)
        for (let x = Math.max(0, ix - r); x <= Math.min(g.nx - 1, ix + r); x++) {
          const v = x + g.nx * (y + g.ny * z);
          if (!vol.inside[v]) continue;
          voxelCenter(g, v, c);
          const d = Math.hypot(c[0] - p[0], c[1] - p[1], c[2] - p[2]);
          if (d < bestD) {
            bestD = d;
            best = v;
          }
        }
  }
  return best < 0 ? v0 : best;
}

/** A bone farther than this multiple of the nearest bone's (scaled) distance gets no weight at a voxel. */
const CUTOFF = 1.5;

/**
 * Distances (0 = unreached) to weights: inverse distance to the power, minus its value at `cutoff` times
 * the nearest bone's distance, so a bone that far or farther gets exactly 0 and weights stay continuous.
 */
function cutoffWeights(dense: Float32Array, m: number, nb: number, power: number, cutoff: number): void {
  for (let i = 0; i < m; i++) {
    const o = i * nb;
    let dmin = Infinity;
    for (let b = 0; b < nb; b++) if (dense[o + b] > 0 && dense[o + b] < dmin) dmin = dense[o + b];
    const floor = dmin === Infinity ? 0 : 1 / Math.pow(cutoff * dmin, power);
    for (let b = 0; b < nb; b++) {
      const d = dense[o + b];
      dense[o + b] = d > 0 ? Math.max(0, 1 / Math.pow(d, power) - floor) : 0;
    }
  }
}

function normaliseRows(dense: Float32Array, m: number, nb: number): void {
  for (let i = 0; i < m; i++) {
    let s = 0;
    for (let b = 0; b < nb; b++) s += dense[i * nb + b];
    if (s > 0) for (let b = 0; b < nb; b++) dense[i * nb + b] /= s;
  }
}

/** Jacobi smoothing over 6-connected inside neighbours (weights never cross outside voxels). */
function smoothInside(vol: Volume, compact: Int32Array, list: Int32Array, dense: Float32Array, nb: number, iterations: number): void {
  const g = vol.grid;
  const m = list.length;
  const offs = [1, -1, g.nx, -g.nx, g.nx * g.ny, -g.nx * g.ny];
  let src: Float32Array = dense;
  let dst: Float32Array = new Float32Array(dense.length);
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < m; i++) {
      const v = list[i];
      let count = 0;
      const o = i * nb;
      for (let b = 0; b < nb; b++) dst[o + b] = 0;
      for (let k = 0; k < 6; k++) {
        const u = compact[v + offs[k]];
        if (u < 0) continue;
        count++;
        const ou = u * nb;
        for (let b = 0; b < nb; b++) dst[o + b] += src[ou + b];
      }
      if (count === 0) {
        for (let b = 0; b < nb; b++) dst[o + b] = src[o + b];
        continue;
      }
      const f = 0.5 / count;
      for (let b = 0; b < nb; b++) dst[o + b] = 0.5 * src[o + b] + f * dst[o + b];
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== dense) dense.set(src);
}

function topFour(dense: Float32Array, o: number, nb: number, bones: BoneSegment[], joints: Uint16Array, weights: Float32Array, out: number): void {
  for (let k = 0; k < 4; k++) {
    joints[out + k] = 0;
    weights[out + k] = 0;
  }
  for (let b = 0; b < nb; b++) {
    const w = dense[o + b];
    if (w <= weights[out + 3]) continue;
    let k = 3;
    while (k > 0 && weights[out + k - 1] < w) {
      weights[out + k] = weights[out + k - 1];
      joints[out + k] = joints[out + k - 1];
      k--;
    }
    weights[out + k] = w;
    joints[out + k] = bones[b].joint;
  }
  const s = weights[out] + weights[out + 1] + weights[out + 2] + weights[out + 3];
  if (s > 0) for (let k = 0; k < 4; k++) weights[out + k] /= s;
}
