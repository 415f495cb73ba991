/**
 * The `rig` operation: read the stored mesh, rig it with the chosen engine, write GLB or FBX,
 * plus a JSON rig report. Runs in a job worker process; the engines stay pure.
 */
import { readFileSync } from 'node:fs';
import { MeshFormatError } from '../../../shared/mesh/errors';
import { mergeParts } from '../../../shared/mesh/merge';
import { readModel } from '../../../shared/mesh/read-model';
import { RigError } from '../../../shared/rig/rig-error';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigParams } from '../../service/jobs/rig-request';
import { OperationError, type Operation, type OperationFile } from '../operation';
import { applyRig } from './apply-rig';
import { blobPathBeside, retargetJobClips, type AnimationClipParam } from './retarget-clips';
import { thumbnailFile } from './thumbnail';
import { writeOutputModel } from './write-output';
import { inPlaceClip, withRootBone } from '../../../shared/anim/root-motion';

const run: Operation = async (input, ctx) => {
  const params = input.params as unknown as RigParams;
  ctx.progress('reading', 0.02);
  const started = Date.now();
  let read;
  try {
    read = await readModel(new Uint8Array(readFileSync(input.inputPath!)), input.inputName);
  } catch (err) {
    if (err instanceof MeshFormatError) throw new OperationError(err.message);
    throw err;
  }
  const model = read.model;
  if (model.parts.length === 0 || read.report.triangles === 0) {
    throw new OperationError('The file was read but holds no usable mesh (no triangles). Export the character geometry, not only a skeleton, curves or points.');
  }
  const readMs = Date.now() - started;

  const triangles = mergeParts(model);
  let rig;
  try {
    rig = rigMesh(triangles, {
      rigType: params.rig_type,
      engine: params.engine,
      fingers: params.rig_fingers,
      rotationY: params.rotation_y,
      boneNaming: params.bone_naming,
      // Named, finite and of 3 numbers since submission; the engine checks them against the mesh's bounds.
      givenJoints: params.joints,
      onProgress: (stage, fraction) => ctx.progress(stage, 0.05 + 0.85 * fraction),
    });
  } catch (err) {
    if (err instanceof RigError || err instanceof MeshFormatError) throw new OperationError(err.message);
    throw err;
  }

  ctx.progress('writing', 0.92);
  const rigged = applyRig(model, triangles.partOffsets, rig, params.rotation_y);
  const clipEntries = ((input.params as { animation_clips?: AnimationClipParam[] }).animation_clips ?? []);
  let retargeted = { clips: rigged.clips, warnings: [] as string[], mappings: {} as Record<string, Record<string, string>>, mappedBy: {} as Record<string, 'names' | 'structure'> };
  if (clipEntries.length > 0) {
    ctx.progress('retargeting', 0.9);
    retargeted = await retargetJobClips(clipEntries, rig.skeleton, (sha) => new Uint8Array(readFileSync(blobPathBeside(input.inputPath!, sha))));
    rigged.clips = params.in_place ? retargeted.clips.map((c) => inPlaceClip(rig.skeleton, c)) : retargeted.clips;
  }
  // Older stored jobs have no in_place/root_bone: both default off.
  let output = rigged;
  if (params.root_bone) {
    let floor = Infinity;
    for (const p of rigged.parts) for (let i = 1; i < p.positions.length; i += 3) floor = Math.min(floor, p.positions[i]);
    output = withRootBone(rigged, Number.isFinite(floor) ? floor : 0);
  }
  const baseName = (input.inputName ?? 'model').replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_') || 'model';
  const out = await writeOutputModel(output, params.output_format, `${baseName}_rigged`);
  const report = {
    rig_type: params.rig_type,
    engine: params.engine,
    output_format: params.output_format,
    rotation_y: params.rotation_y,
    bone_naming: params.bone_naming,
    in_place: params.in_place ?? false,
    root_bone: params.root_bone ?? false,
    input: read.report,
    ...(params.corrects ? { corrects: params.corrects } : {}),
    verdict: rig.report.verdict,
    bounds: rig.report.bounds,
    given: rig.report.given,
    checks: rig.report.checks,
    joints: rig.report.joints,
    joint_count: output.skeleton?.names.length ?? rig.skeleton.names.length,
    warnings: [...read.report.warnings, ...rig.report.warnings, ...retargeted.warnings],
    // bone_mapping: rig joint -> clip bone; clip_bone_mapping: the same read from the clip's side.
    clips: retargeted.clips.map((c) => {
      const mapping = retargeted.mappings[c.name] ?? {};
      const fromClip: Record<string, string[]> = {};
      for (const [joint, bone] of Object.entries(mapping)) (fromClip[bone] ??= []).push(joint);
      return { name: c.name, duration_seconds: c.duration, bone_mapping: mapping, clip_bone_mapping: fromClip, mapped_by: retargeted.mappedBy[c.name] ?? 'names' };
    }),
    timings_ms: { read: readMs, ...rig.report.timings, total: Date.now() - started },
    license_note: 'The rig Rigdesk adds is yours; the mesh keeps its own licence.',
  };
  ctx.progress('thumbnail', 0.96);
  const files: OperationFile[] = [
    out,
    await thumbnailFile(output, `${baseName}_rigged`),
    { role: 'report', filename: `${baseName}_rig_report.json`, contentType: 'application/json', data: new TextEncoder().encode(JSON.stringify(report, null, 2)) },
  ];
  return { files };
};
export default run;
