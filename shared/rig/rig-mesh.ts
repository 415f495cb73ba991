/**
 * rigMesh: an unrigged triangle set in, a skeleton and skin weights out (pure, no I/O).
 *
 * Pipeline (GUIDE section 3): normalise (rotation_y, unit size) -> voxelise + outside flood fill ->
 * distance transform -> curve skeleton (geodesic extremities, medial paths) -> body-plan fit -> orient
 * -> geodesic voxel binding -> per-vertex transfer -> detached weights dropped -> (pro) surface smoothing
 * -> per-part fixes.
 * `fast` and `pro` differ in grid resolution, joint refinement and weight smoothing (see ENGINE).
 * Joints given by hand are placed after the plan fit (joint-edits.ts); skinning is shared with `reskin`
 * (skin-state.ts), which re-skins an edited skeleton without refitting.
 *
 * Notes: huge meshes are not decimated before voxelising. Measured on this 2-core machine (busy with another
 * job) on a 1M-triangle sphere: meshoptimizer's simplifier to 100k triangles took 13.6 s (plus an async WASM
 * start this synchronous engine cannot await), while sampling all 1M triangles into the fast grid took
 * 0.37 s. The voxel grid already is the reduced proxy, and weights are carried back to every original vertex
 * by trilinear sampling (sample-weights.ts), so decimation would only add time.
 */
import type { RigInput, RigOptions, RigResult, RigJointReport } from './types';
import { RigError } from './rig-error';
import { toWorld } from './normalize';
import type { Volume } from './volume';
import { growCurveSkeleton, thickestVoxel } from './curve-skeleton';
import { medialPullK } from './medial-pull';
import type { FitResult } from './fit-common';
import { centreCentralOnMirror } from './fit-common';
import { legJointsInDepth } from './biped-leg-depth';
import { fitBiped } from './fit-biped';
import { HAND_BUDGET, refitHiddenHands } from './biped-hidden-hands';
import { footMissing } from './biped-floor';
import { sheetBudget } from './biped-sheets';
import { fitQuadruped } from './fit-quadruped';
import { fitMultileg } from './fit-multileg';
import { fitAvian } from './fit-avian';
import { fitSerpentine } from './fit-serpentine';
import { fitAquatic } from './fit-aquatic';
import { fitOthers } from './fit-others';
import { orientSkeleton } from './orient';
import { facingWarning } from './facing';
import { checkFit } from './fit-checks';
import { ENGINE, prepareSkinState, skinSkeleton } from './skin-state';
import { applyGivenJoints, boundsOf } from './joint-edits';
import { withSecondGrid } from './second-grid';
import { buildVolume } from './volume';
import type { PieceMesh } from './piece-pivot';

export { ENGINE };

/** Above this the request is refused (documented in GET /v1/formats by the service). */
export const MAX_TRIANGLES = 2_000_000;

export function rigMesh(mesh: RigInput, options: RigOptions): RigResult {
  const timings: Record<string, number> = {};
  let t0 = performance.now();
  const stage = (name: string, fraction: number): void => {
    const t = performance.now();
    timings[name] = Math.round((t - t0) * 10) / 10;
    t0 = t;
    options.onProgress?.(name, fraction);
  };
  validate(mesh);
  const state = prepareSkinState(mesh, options.engine, options.rotationY);
  const { norm, vol } = state;
  stage('voxelise', 0.25); // normalising included
  const pieces = { positions: norm.positions, indices: mesh.indices, islands: state.islands };
  // A fit failing a check of its own shape is tried once more on the other engine's grid (second-grid.ts);
  // not when joints are given by hand, which anchor the fit.
  const other = options.engine === 'fast' ? 'pro' : 'fast';
  const ratio = ENGINE[other].resolution / ENGINE[options.engine].resolution;
  const fit = options.givenJoints ? fitPlan(vol, pieces, options) : withSecondGrid(fitPlan(vol, pieces, options), vol, ratio, () => {
    const otherVol = buildVolume(norm.positions, mesh.indices, norm.min, norm.max, ENGINE[other].resolution);
    return fitPlan(otherVol, pieces, { ...options, engine: other });
  });
  // A biped's central joints onto a symmetric body's mirror plane, once the fit is chosen (fit-common.ts); with
  // joints given by hand too, so that the joints not given are the rig's own (the given ones are set below).
  if (options.rigType === 'biped') {
    centreCentralOnMirror(fit, vol);
    // A standing leg's knee ahead of the middle of its depth, its ankle not ahead of the shin's, as artists put them (biped-leg-depth.ts).
    legJointsInDepth(fit, vol);
  }
  const warnings = [...fit.warnings];
  if (state.largestShare < 0.8) warnings.push(`the mesh has several disconnected pieces (largest holds ${Math.round(state.largestShare * 100)}% of the volume); small pieces follow the nearest bone`);
  if (state.vol.sealed) warnings.push('the mesh has holes that opened its interior to the outside; it was sealed (holes up to about 6% of its size closed) before fitting: check the joints, or close the holes in the model');
  if (options.fingers && options.rigType !== 'biped') warnings.push(`rig_fingers applies to bipeds only; ignored for ${options.rigType}`);
  const facing = facingWarning(fit.facingDeg, options.rotationY);
  if (facing) warnings.push(facing);
  const given = options.givenJoints ? applyGivenJoints(fit, options.givenJoints, norm) : fit.names.map(() => false);
  const checked = checkFit(fit, vol, fit.doubts, fit.doubtConfidence, given);
  const checks = checked.checks.map((c) => ({ ...c, joints: c.joints.map((k) => fit.names[fit.keys.indexOf(k)] ?? k) }));
  for (const c of checks) warnings.push(`${c.code}: ${c.message}${c.joints.length ? ` (${c.joints.join(', ')})` : ''}; check these joints`);
  stage('fit', 0.45);
  const n = fit.names.length;
  const world = new Float64Array(n * 3);
  for (let j = 0; j < n; j++) toWorld(norm, fit.positions.subarray(j * 3, j * 3 + 3), world, j * 3);
  const worldTips = new Map<number, Float64Array>();
  for (const [j, p] of fit.leafTips) {
    const w = new Float64Array(3);
    toWorld(norm, p, w, 0);
    worldTips.set(j, w);
  }
  const skeleton = orientSkeleton(fit.names, fit.parents, world, worldTips, fit.roles);
  stage('orient', 0.5);
  const { joints, weights } = skinSkeleton(state, fit, (name) => stage(name, name === 'weights' ? 0.8 : 1));
  const report: RigJointReport[] = fit.names.map((name, j) => {
    const tip = worldTips.get(j);
    return {
      name,
      parent: fit.parents[j] >= 0 ? fit.names[fit.parents[j]] : null,
      position: [world[j * 3], world[j * 3 + 1], world[j * 3 + 2]],
      role: fit.roles[j],
      confidence: Math.round(checked.confidence[j] * 100) / 100,
      source: given[j] ? 'given' : 'fitted',
      deform: fit.deform[j],
      ...(tip && fit.deform[j] ? { tip: [tip[0], tip[1], tip[2]] as [number, number, number] } : {}),
    };
  });
  const result: RigResult = {
    skeleton, joints, weights,
    report: { joints: report, bounds: boundsOf(norm), given: fit.names.filter((_, j) => given[j]), warnings, timings, verdict: checked.verdict, checks },
  };
  if (norm.rotated) result.rotatedPositions = norm.rotated;
  return result;
}

function fitPlan(vol: Volume, mesh: PieceMesh, options: RigOptions): FitResult {
  const H = vol.max[1] - vol.min[1];
  const refine = ENGINE[options.engine].refine;
  if (options.rigType === 'biped') {
    const centre = thickestVoxel(vol.grid, vol.inside, vol.dt, (_x, y) => y > 0.3 * H && y < 0.7 * H);
    if (centre < 0) throw new RigError('no torso found: the mesh has no volume between 30% and 70% of its height');
    // Extremities of a thin sheet beyond the first two do not spend the budget (biped-sheets.ts).
    let skel = growCurveSkeleton(vol.grid, vol.inside, vol.dt, { centre, minProminence: 0.06 * H, ...sheetBudget(vol, 16) });
    // A side with no extremity on the floor: its foot got no branch among the first 16 (biped-floor.ts).
    if (footMissing(skel, H)) skel = growCurveSkeleton(vol.grid, vol.inside, vol.dt, { centre, minProminence: 0.06 * H, ...sheetBudget(vol, 24) });
    const bipedOptions = { refine, fingers: options.fingers, naming: options.boneNaming, fingerContext: { positions: mesh.positions, indices: mesh.indices }, pieces: mesh };
    // A hand fitted above its shoulder was taken from the head: more extremities, offered to the hands only (biped-hidden-hands.ts).
    return refitHiddenHands(fitBiped(vol, skel, bipedOptions), () => {
      const more = growCurveSkeleton(vol.grid, vol.inside, vol.dt, { centre, minProminence: 0.06 * H, ...sheetBudget(vol, Math.max(HAND_BUDGET, skel.branches.length)) });
      return fitBiped(vol, more, { ...bipedOptions, handOnlyFrom: skel.branches.length });
    }, H);
  }
  const centre = thickestVoxel(vol.grid, vol.inside, vol.dt);
  const minProminence = options.rigType === 'others' ? 0.1 : 0.05;
  const skel = growCurveSkeleton(vol.grid, vol.inside, vol.dt, { centre, minProminence, maxBranches: 16, minRelative: options.rigType === 'others' ? 1.5 : 0, medialK: medialPullK(vol.grid) });
  switch (options.rigType) {
    case 'quadruped': return fitQuadruped(vol, skel);
    case 'hexapod': return fitMultileg(vol, skel, 'hexapod', refine);
    case 'octopod': return fitMultileg(vol, skel, 'octopod', refine);
    case 'avian': return fitAvian(vol, skel);
    case 'serpentine': return fitSerpentine(vol, skel);
    case 'aquatic': return fitAquatic(vol, skel);
    case 'others': return fitOthers(vol, skel);
    default: throw new RigError(`unknown rig_type ${String(options.rigType)}`);
  }
}

function validate(mesh: RigInput): void {
  if (!mesh || !(mesh.positions instanceof Float32Array) || !(mesh.indices instanceof Uint32Array))
    throw new RigError('no usable mesh: positions must be a Float32Array and indices a Uint32Array');
  const nv = mesh.positions.length / 3;
  if (mesh.positions.length % 3 !== 0) throw new RigError(`no usable mesh: positions length ${mesh.positions.length} is not a multiple of 3`);
  if (mesh.indices.length < 3 || mesh.indices.length % 3 !== 0) throw new RigError(`no usable mesh: ${mesh.indices.length} indices do not make at least one triangle`);
  const tris = mesh.indices.length / 3;
  if (tris > MAX_TRIANGLES) throw new RigError(`the mesh has ${tris} triangles, above the limit of ${MAX_TRIANGLES}; decimate it first`);
  for (let i = 0; i < mesh.indices.length; i++)
    if (mesh.indices[i] >= nv) throw new RigError(`no usable mesh: index ${mesh.indices[i]} at ${i} is out of range (${nv} vertices)`);
  const po = mesh.partOffsets;
  if (!(po instanceof Uint32Array) || po.length < 2 || po[0] !== 0 || po[po.length - 1] !== nv)
    throw new RigError(`no usable mesh: partOffsets must start at 0 and end at the vertex count ${nv}`);
}
