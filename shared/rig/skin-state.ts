/**
 * The per-mesh part of skinning, built once (normalisation, voxel volume) and the skinning itself from a
 * skeleton: shared by the full rig (rig-mesh.ts) and the re-skin of an edited skeleton (reskin.ts), so both
 * produce the same weights for the same joints. Pure and structured-clone friendly (plain objects and typed
 * arrays), so a browser Web Worker can build the state once and re-skin on every drag.
 */
import type { RigEngine, RigInput } from './types';
import { RigError } from './rig-error';
import { normalise } from './normalize';
import type { Normalised } from './normalize';
import { buildVolume } from './volume';
import type { Volume } from './volume';
import { largestComponentShare } from './components';
import { solveVoxelWeights } from './skin-weights';
import type { BoneSegment } from './skin-weights';
import { sampleVertexWeights } from './sample-weights';
import { smoothSurfaceWeights } from './smooth-surface';
import { fixPartWeights } from './part-weights';
import { dropDetachedWeights } from './surface-support';
import { surfaceGraph, type SurfaceGraph } from './surface-graph';
import { meshIslands } from './mesh-islands';
import type { MeshIslands } from './mesh-islands';

/** Engine settings: the trade-off between `fast` and `pro`. */
export const ENGINE = {
  fast: { resolution: 80, refine: false, power: 4, voxelSmooth: 2, surfaceSmooth: 0 },
  pro: { resolution: 144, refine: true, power: 4, voxelSmooth: 4, surfaceSmooth: 3 },
} as const;

/** What skinning needs to know about one mesh, independent of the skeleton. */
export interface SkinState {
  engine: RigEngine;
  norm: Normalised;
  vol: Volume;
  indices: Uint32Array;
  partOffsets: Uint32Array;
  /** Pieces of connected surface (rigid parts are weighted as one; part-weights.ts). */
  islands: MeshIslands;
  /** Share of the volume in the largest connected piece (the rig warns under 0.8). */
  largestShare: number;
  /** The surface graph with seam duplicates welded (surface-graph.ts), for every skinning of this mesh. */
  surface: SurfaceGraph;
}

/** Weights of a skeleton: 4 joint indices and 4 weights (summing to 1) per merged vertex. */
export interface SkinWeights {
  joints: Uint16Array;
  weights: Float32Array;
}

/** Normalises and voxelises the mesh; throws RigError when it encloses too little volume to rig. */
export function prepareSkinState(mesh: RigInput, engine: RigEngine, rotationY: number): SkinState {
  const norm = normalise(mesh.positions, rotationY);
  const vol = buildVolume(norm.positions, mesh.indices, norm.min, norm.max, ENGINE[engine].resolution);
  if (vol.insideCount < 64) throw new RigError(`the mesh is too thin or sparse to infer a skeleton (only ${vol.insideCount} voxels of volume)`);
  if (largestOf(vol.dt) < 1.5) throw new RigError('the mesh is too thin or sparse to infer a skeleton: it encloses no volume (only flat sheets or lines)');
  const largestShare = largestComponentShare(vol);
  if (largestShare < 0.35)
    throw new RigError(`the mesh is too fragmented to infer a skeleton: its largest connected piece holds only ${Math.round(largestShare * 100)}% of the volume`);
  const islands = meshIslands(norm.positions, mesh.indices, mesh.partOffsets);
  const surface = surfaceGraph(norm.positions.length / 3, mesh.indices, islands.weld);
  return { engine, norm, vol, indices: mesh.indices, partOffsets: mesh.partOffsets, islands, largestShare, surface };
}

/** The largest value (0 at least). */
function largestOf(values: Float32Array): number {
  let max = 0;
  for (let v = 0; v < values.length; v++) if (values[v] > max) max = values[v];
  return max;
}

/** A skeleton in the engine's normalised frame (3 floats per joint), as skinning reads it. */
export interface SkinSkeleton {
  positions: ArrayLike<number>;
  parents: Int32Array;
  /** False for end joints, which carry no weight. */
  deform: readonly boolean[];
  /** Where a deforming leaf's bone ends (e.g. a hand without fingers), by joint index. */
  leafTips: ReadonlyMap<number, ArrayLike<number>>;
}

/** Geodesic voxel weights, per-vertex transfer, detached weights dropped (surface-support.ts), (pro) surface smoothing and the per-part fixes. */
export function skinSkeleton(state: SkinState, skel: SkinSkeleton, onStage?: (name: string) => void): SkinWeights {
  const cfg = ENGINE[state.engine];
  const n = skel.parents.length;
  const bones = boneSegments(skel);
  const vw = solveVoxelWeights(state.vol, bones, { power: cfg.power, epsilon: 0.01, smoothIterations: cfg.voxelSmooth });
  onStage?.('weights');
  const positions = state.norm.positions;
  const nv = positions.length / 3;
  const joints = new Uint16Array(nv * 4);
  const weights = new Float32Array(nv * 4);
  sampleVertexWeights(state.vol, vw, positions, n, joints, weights);
  dropDetachedWeights(positions, state.islands, state.surface, bones, skel.parents, joints, weights);
  if (cfg.surfaceSmooth > 0) smoothSurfaceWeights(positions, state.indices, joints, weights, n, cfg.surfaceSmooth);
  fixPartWeights(positions, state.islands, bones, n, joints, weights, skel.parents);
  onStage?.('transfer');
  return { joints, weights };
}

/** One weight-carrying segment per deforming joint: to its first child, or to its leaf tip. */
export function boneSegments(skel: SkinSkeleton): BoneSegment[] {
  const n = skel.parents.length;
  const firstChild = new Int32Array(n).fill(-1);
  for (let j = 0; j < n; j++) if (skel.parents[j] >= 0 && firstChild[skel.parents[j]] < 0) firstChild[skel.parents[j]] = j;
  const at = (j: number): number[] => [skel.positions[j * 3], skel.positions[j * 3 + 1], skel.positions[j * 3 + 2]];
  const out: BoneSegment[] = [];
  for (let j = 0; j < n; j++) {
    if (!skel.deform[j]) continue;
    const a = at(j);
    let b: ArrayLike<number> = a;
    const c = firstChild[j];
    if (c >= 0) b = at(c);
    else if (skel.leafTips.has(j)) b = skel.leafTips.get(j)!;
    out.push({ joint: j, a, b });
  }
  return out;
}
