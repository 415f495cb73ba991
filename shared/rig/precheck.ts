/**
 * precheckMesh: a quick look at a mesh before rigging it (pure, no I/O; about a second on the fast grid).
 * Suggests the body plan (a score per plan), the rotation_y that makes it face +Z and the arm pose, counts
 * triangles, vertices, parts and connected pieces, and lists the warnings a rig of it would carry, each with
 * a stable code. It builds the fast-resolution volume once, at the requested rotation, and the curve
 * skeleton's extremities; the body-plan fits are not run.
 */
import type { RigInput, RigType } from './types';
import { RIG_TYPES } from './types';
import { ENGINE, MAX_TRIANGLES } from './rig-mesh';
import { normalise } from './normalize';
import { buildVolume } from './volume';
import { growCurveSkeleton, thickestVoxel } from './curve-skeleton';
import { countBoundaryEdges } from './mesh-boundary';
import { volumePieces } from './components';
import { shapeFeatures } from './shape-features';
import { scoreBodyPlans } from './plan-scores';
import { rotationToFaceZ, shapeFacingDeg } from './shape-facing';
import { boundsOf } from './joint-edits';
import type { ModelBounds } from './joint-edits';
import { armAngleDeg, crotchShare, poseOf, type Pose } from './biped-pose';
import { RigError } from './rig-error';

export type PrecheckWarningCode = 'too_many_faces' | 'thin_or_flat' | 'fragmented' | 'open_mesh' | 'joined_legs' | 'arms_down' | 'facing';

export interface PrecheckWarning {
  code: PrecheckWarningCode;
  message: string;
}

export interface PrecheckOptions {
  /** Degrees about +Y applied first, as POST /v1/rigs would (the analysis is of the rotated model). */
  rotationY?: number;
}

export interface PrecheckResult {
  /** Best-scoring body plan; null when the analysis was skipped (too many faces, no volume). */
  suggestedRigType: RigType | null;
  /** Every body plan's score in [0, 1] (rounded to 2 decimals); null when skipped. */
  scores: Record<RigType, number> | null;
  /** rotation_y (0, 90, -90 or 180) that makes the model face +Z; null when the shape shows no front. */
  suggestedRotationY: number | null;
  /** Arm pose of a biped; 'unknown' for other plans. */
  pose: Pose;
  /** Mean arm angle below horizontal in degrees (bipeds), else null. */
  armAngle: number | null;
  triangles: number;
  vertices: number;
  parts: number;
  /** Edges used by one triangle only (after welding identical positions). */
  openEdges: number | null;
  /** Connected pieces of the voxel volume and the largest one's share of it; null when skipped. */
  pieces: number | null;
  largestPieceShare: number | null;
  /**
   * The model's bounding box after rotation_y, in its own units (what `joints` on POST /v1/rigs is checked
   * against); null when the file was refused unread (above the face limit).
   */
  bounds: ModelBounds | null;
  warnings: PrecheckWarning[];
}

/** Below this share of the volume in the largest piece, small pieces are worth a warning (rig-mesh.ts: 0.8). */
const FRAGMENTED_SHARE = 0.8;
/** A crotch below this share of the height means legs joined by a dress or robe. */
const JOINED_LEGS_SHARE = 0.3;

export function precheckMesh(mesh: RigInput, options: PrecheckOptions = {}): PrecheckResult {
  const rotationY = options.rotationY ?? 0;
  if (!mesh || !(mesh.positions instanceof Float32Array) || !(mesh.indices instanceof Uint32Array) || mesh.indices.length < 3)
    throw new RigError('no usable mesh: positions must be a Float32Array and indices a Uint32Array with at least one triangle');
  const triangles = Math.floor(mesh.indices.length / 3);
  const norm = normalise(mesh.positions, rotationY);
  const result: PrecheckResult = {
    suggestedRigType: null, scores: null, suggestedRotationY: null, pose: 'unknown', armAngle: null,
    triangles, vertices: mesh.positions.length / 3, parts: Math.max(0, mesh.partOffsets.length - 1),
    openEdges: null, pieces: null, largestPieceShare: null, bounds: boundsOf(norm), warnings: [],
  };
  const warn = (code: PrecheckWarningCode, message: string): void => void result.warnings.push({ code, message });
  if (triangles > MAX_TRIANGLES) return { ...result, warnings: [tooManyFaces(triangles)] };
  result.openEdges = countBoundaryEdges(mesh.positions, mesh.indices);
  if (result.openEdges > 0)
    warn('open_mesh', `the surface is open (${result.openEdges} edges belong to one triangle only); holes wider than a voxel let the inside leak and thin the rig's volume`);

  const vol = buildVolume(norm.positions, mesh.indices, norm.min, norm.max, ENGINE.fast.resolution);
  let maxDt = 0;
  for (let v = 0; v < vol.dt.length; v++) if (vol.dt[v] > maxDt) maxDt = vol.dt[v];
  if (vol.insideCount < 64 || maxDt < 1.5) {
    warn('thin_or_flat', `the mesh encloses too little volume (${vol.insideCount} voxels) to infer a skeleton: a rig would fail. Flat sheets, lines and single-sided shells cannot be rigged`);
    return result;
  }
  const pieces = volumePieces(vol);
  result.pieces = pieces.count;
  result.largestPieceShare = round(pieces.largestShare);
  if (pieces.largestShare < FRAGMENTED_SHARE)
    warn('fragmented', `the mesh has ${pieces.count} disconnected pieces and the largest holds ${Math.round(pieces.largestShare * 100)}% of the volume${pieces.largestShare < 0.35 ? ': a rig would fail (below 35%)' : '; small pieces follow the nearest bone'}`);

  const centre = thickestVoxel(vol.grid, vol.inside, vol.dt);
  const skel = growCurveSkeleton(vol.grid, vol.inside, vol.dt, { centre, minProminence: 0.05, maxBranches: 16, minRelative: 1.5 });
  const f = shapeFeatures(vol, skel);
  const raw = scoreBodyPlans(f);
  const plan = RIG_TYPES.reduce((a, b) => (raw[b] > raw[a] ? b : a));
  result.suggestedRigType = plan;
  result.scores = Object.fromEntries(RIG_TYPES.map((t) => [t, round(raw[t])])) as Record<RigType, number>;

  const facing = shapeFacingDeg(plan, f);
  if (facing !== null) {
    result.suggestedRotationY = rotationToFaceZ(facing, rotationY);
    if (Math.round(facing / 90) * 90 !== 0)
      warn('facing', `the model seems to face ${facing === 90 ? '+X' : facing === -90 ? '-X' : '-Z'} after rotation_y=${rotationY}; rig it with rotation_y=${result.suggestedRotationY} so it faces +Z`);
  }
  if (plan === 'biped') {
    const angle = armAngleDeg(f);
    result.armAngle = angle === null ? null : Math.round(angle);
    result.pose = poseOf(angle);
    if (result.pose === 'arms_down')
      warn('arms_down', angle === null
        ? 'no arm stands out from the torso: arms held down or merged with the body rig poorly (shoulders and armpits are guessed); a T or A pose works best'
        : `the arms hang ${angle >= 89.5 ? 'at the sides, against the body' : `${Math.round(angle)} degrees below horizontal`}: arms close to the body rig poorly (armpit skin follows the torso); a T or A pose works best`);
    const crotch = crotchShare(vol, f);
    if (crotch < JOINED_LEGS_SHARE)
      warn('joined_legs', `no gap between the legs below ${Math.round(crotch * 100)}% of the height (a long dress, robe or joined legs): the hips would be placed low and the legs deform together`);
  }
  return result;
}

/** The answer for a mesh above the face limit: counts only (readers refuse such files before reading them). */
export function tooManyFacesResult(triangles: number, vertices = 0, parts = 0): PrecheckResult {
  return {
    suggestedRigType: null, scores: null, suggestedRotationY: null, pose: 'unknown', armAngle: null,
    triangles, vertices, parts, openEdges: null, pieces: null, largestPieceShare: null, bounds: null, warnings: [tooManyFaces(triangles)],
  };
}

function tooManyFaces(triangles: number): PrecheckWarning {
  return { code: 'too_many_faces', message: `the mesh has ${triangles} triangles, above the limit of ${MAX_TRIANGLES}: a rig would fail; decimate it first` };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
