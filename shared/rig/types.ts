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
  /**
   * Joints placed by hand (issue 14): name (as output, in `boneNaming`) -> position in the model's frame
   * after rotationY (the frame of the report's positions). Kept exactly; the others are refitted around
   * them (joint-edits.ts) and the skin follows the edited skeleton.
   */
  givenJoints?: Readonly<Record<string, readonly [number, number, number]>>;
  onProgress?: (stage: string, fraction: number) => void;
}

export interface RigJointReport {
  name: string;
  parent: string | null;
  /** World position in the (rotated) model's own units. */
  position: [number, number, number];
  role: string;
  /** How sure the fit is of this joint, in [0, 1] (fit-checks.ts); below 0.7 it is worth a look. */
  confidence: number;
  /** `given`: placed by hand (RigOptions.givenJoints, confidence 1); `fitted`: placed by the engine. */
  source: 'given' | 'fitted';
  /** False for end joints (leaf markers), which carry no skin weight. */
  deform: boolean;
  /** Where the bone of a deforming leaf ends (a hand without fingers), same frame; what `reskin` needs. */
  tip?: [number, number, number];
}

/** One failed check or doubt of the fit: a failure class, the joints concerned (by name) and what was done. */
export interface RigCheckReport {
  code: string;
  joints: string[];
  message: string;
  repaired: boolean;
}

export type RigVerdict = 'ok' | 'check' | 'poor';

export interface RigReport {
  joints: RigJointReport[];
  /** The model's bounding box after rotationY, in its units (where given joints may lie, 1% tolerance). */
  bounds: { min: [number, number, number]; max: [number, number, number] };
  /** Names of the joints placed by hand (empty without RigOptions.givenJoints). */
  given: string[];
  /** `ok`: every check held; `check`: some joints are uncertain, look at them; `poor`: a check failed and could not be repaired. */
  verdict: RigVerdict;
  checks: RigCheckReport[];
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
