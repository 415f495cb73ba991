/**
 * The clips of a rig job: each stored clip file (GLB/FBX fetched at submission) is read, the named or
 * first clip taken, and retargeted onto the new skeleton. A clip that cannot be mapped fails the job
 * with the retargeter's message (which bones did not match).
 */
import path from 'node:path';
import type { Clip } from '../../../shared/anim/clip';
import { retargetClip, RetargetError } from '../../../shared/anim/retarget';
import { withLeafEnds } from '../../../shared/anim/leaf-ends';
import { bakeJointScale } from '../../../shared/anim/bake-scale';
import { deformingSkeleton } from '../../../shared/anim/deforming-skeleton';
import { MeshFormatError } from '../../../shared/mesh/errors';
import { readModel } from '../../../shared/mesh/read-model';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { OperationError } from '../operation';

/** One clip source of a rig job, stored by the route (`animation_clips` param). */
export interface AnimationClipParam {
  /** Which request field it came from, for messages (`animation_url`, `animation_urls[1]`). */
  field: string;
  sha256: string;
  filename: string | null;
  /** Clip to take from a file holding several (URL fragment `#name`), else the first. */
  clip_name: string | null;
}

/** Blob path next to the job's input: both live in the same content-addressed store. */
export function blobPathBeside(inputPath: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new OperationError(`retarget: not a stored clip: ${sha256}`);
  return path.join(path.dirname(path.dirname(inputPath)), sha256.slice(0, 2), sha256);
}

export async function retargetJobClips(entries: AnimationClipParam[], target: Skeleton, readBytes: (sha256: string) => Uint8Array): Promise<{ clips: Clip[]; warnings: string[]; mappings: Record<string, Record<string, string>>; mappedBy: Record<string, 'names' | 'structure'> }> {
  const clips: Clip[] = [];
  const warnings: string[] = [];
  const mappings: Record<string, Record<string, string>> = {};
  const mappedBy: Record<string, 'names' | 'structure'> = {};
  const used = new Set<string>();
  for (const e of entries) {
    let read;
    try {
      read = await readModel(readBytes(e.sha256), e.filename);
    } catch (err) {
      if (err instanceof MeshFormatError) throw new OperationError(`${e.field}: the clip file could not be read: ${err.message}`);
      throw err;
    }
    const { skeleton, clips: available } = read.model;
    if (!skeleton || available.length === 0) throw new OperationError(`${e.field}: the file holds no animation clip on a skeleton.`);
    const clip = e.clip_name ? available.find((c) => c.name === e.clip_name) : available[0];
    if (!clip) throw new OperationError(`${e.field}: no clip named "${e.clip_name}" in the file; it holds: ${available.map((c) => c.name).slice(0, 30).join(', ')}.`);
    let out;
    try {
      // Scales baked, the control rig (unweighted IK and roll bones) dropped, leaf ends from the mesh:
      // what structural mapping needs to see the body; names-based mapping is unaffected.
      const baked = bakeJointScale(skeleton, clip);
      const body = deformingSkeleton(baked.skeleton, read.model.parts);
      out = retargetClip({ skeleton: withLeafEnds(body.skeleton, body.parts), clip: baked.clip }, target);
    } catch (err) {
      if (err instanceof RetargetError) throw new OperationError(`${e.field}: ${err.message}`);
      throw err;
    }
    let name = clip.name || 'clip';
    for (let k = 2; used.has(name); k++) name = `${clip.name}_${k}`;
    used.add(name);
    clips.push({ ...out.clip, name });
    warnings.push(...out.warnings);
    mappings[name] = out.mapping;
    mappedBy[name] = out.mappedBy;
  }
  return { clips, warnings, mappings, mappedBy };
}
