/**
 * Public types of the rigging engine (`rigMesh`). The engine is pure: typed arrays in, typed arrays out.
 */
import type { Skeleton } from './skeleton';
import type { TriangleSet } from '../mesh/merge';

export type RigType = 'biped' | 'quadruped' | 'hexapod' | 'octopod' | 'avian' | 'serpentine' | 'aquatic' | 'others';
export type RigEngine = 'fast' | 'pro';
export type BoneNaming = 'mixamo' | 'unreal' | 'unity' | 'vrm';

export const RIG_TYPES: readonly RigType[] = [
  'biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others',
];

/** All parts merged (see `mergeParts`); `partOffsets` lets accessories follow the bone they belong to. */
export type RigInput = TriangleSet;

export interface RigOptions {
  rigType: RigType;
  engine: RigEngine;
  /** Adds exactly 30 finger bones to a biped (ignored with a warning for other body plans). */
  fingers: boolean;
  /** Degrees about +Y (right-hand rule, counter-clockwise seen from above), applied about the origin before rigging. */
  rotationY: number;
  /** Biped names only; other body plans have one fixed naming (see the README, "Rig templates"). */
  boneNaming: BoneNaming;
  onProgress?: (stage: string, fraction: number) => void;
}

export interface RigJointReport {
  name: string;
  parent: string | null;
  /** World position in the (rotated) model's own units. */
  position: [number, number, number];
  role: string;
}

export interface RigReport {
  joints: RigJointReport[];
  /** Facing looks like another direction (with the rotation_y that fixes it); body plan does not fit; ... */
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export interface RigResult {
  skeleton: Skeleton;
  /** 4 joint indices per merged vertex (into `skeleton`). */
  joints: Uint16Array;
  /** 4 weights per merged vertex, summing to 1. */
  weights: Float32Array;
  /**
   * Present when `rotationY` is not 0: the input positions rotated about the origin by `rotationY`, same
   * vertex order. The skeleton and weights belong to this geometry; writers must use it instead of the input.
   */
  rotatedPositions?: Float32Array;
  report: RigReport;
}
