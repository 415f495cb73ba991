/**
 * Corrections (issue 14, a Rigdesk extension): `from_job` naming a succeeded rig job plus `joints` re-rigs
 * that job's input (not its rigged output) with the edits, starting from its options. Priced by
 * normaliseRigRequest (PRICES.rig_correction): the account already paid for the rig it corrects.
 */
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { echoValue } from '../../../shared/api/echo-value';
import { readFileSync } from 'node:fs';
import { givenJointsProblem, type ModelBounds } from '../../../shared/rig/joint-edits';
import type { Store } from '../context';
import type { PublishedFile } from './job-view';
import type { AnimationClipParam } from '../../workers/operations/retarget-clips';
import type { JobInput } from './job-input';
import type { CorrectionBase, RigParams } from './rig-request';

export interface CorrectedRig {
  base: CorrectionBase;
  /** The corrected job's own input model. */
  input: JobInput;
  /** Its clips, already fetched and paid for. */
  animationClips: AnimationClipParam[];
  /** The model's bounding box after its rotation_y, from its rig report (null for reports without one). */
  bounds: ModelBounds | null;
}

/**
 * The rig job a `from_job` + `joints` request corrects, or undefined when `from_job` names no job (the
 * usual from_job error follows) or a job of another operation (its output is rigged, as without joints).
 */
export async function findCorrectedRig(store: Store, accountId: string, jobId: string): Promise<CorrectedRig | undefined> {
  const job = await store.jobs.get(jobId);
  if (!job) return undefined;
  // A correction names the rig it corrects, as GET /v1/jobs/{id} does: another account's job is 403.
  if (job.account_id !== accountId) throw new ApiError('forbidden', `from_job: job '${echoValue(jobId)}' belongs to another account.`);
  if (job.operation !== 'rig') return undefined;
  if (job.state !== 'succeeded') {
    throw invalidRequest(`from_job: rig job '${jobId}' is ${job.state}; only a succeeded rig job can be corrected with joints`);
  }
  if (!job.input_sha || !store.blobs.has(job.input_sha)) {
    throw new ApiError('internal_error', `from_job: the input model of rig job '${jobId}' is missing from the data folder`);
  }
  const params = JSON.parse(job.params) as RigParams & { animation_clips?: AnimationClipParam[] };
  return {
    base: { jobId, params },
    input: { sha256: job.input_sha, name: job.input_name },
    animationClips: params.animation_clips ?? [],
    bounds: await reportBounds(store, job.output),
  };
}

/**
 * 400 naming the joint when a correction's joint lies outside the model's bounding box: checked here, before
 * charging, from the corrected rig's report (same input; same frame unless rotation_y changed, then the
 * worker checks). Plain rigs with `joints` are checked by the engine in the worker (their mesh is not read
 * at submission), which fails the job with the same message.
 */
export function checkCorrectionJoints(corrected: CorrectedRig, params: RigParams): void {
  if (!params.joints || !corrected.bounds || params.rotation_y !== corrected.base.params.rotation_y) return;
  const problem = givenJointsProblem(params.joints, corrected.bounds);
  if (problem) throw invalidRequest(problem);
}

/** Rig reports are small JSON files (a few kB); a report unreadable or without bounds gives null. */
async function reportBounds(store: Store, output: string | null): Promise<ModelBounds | null> {
  const files = (JSON.parse(output ?? '{"files":[]}') as { files: PublishedFile[] }).files;
  const report = files.find((f) => f.role === 'report');
  const row = report && (await store.files.get(report.token));
  if (!row || !store.blobs.has(row.sha256)) return null;
  try {
    const bounds = (JSON.parse(readFileSync(store.blobs.pathOf(row.sha256), 'utf8')) as { bounds?: ModelBounds }).bounds;
    return bounds && Array.isArray(bounds.min) && Array.isArray(bounds.max) ? bounds : null;
  } catch {
    return null;
  }
}
