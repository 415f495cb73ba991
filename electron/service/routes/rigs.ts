import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { requirePlanForEngine } from '../billing/plans';
import { discardInput, inputBytes, probeInputModel, resolveJobInput, storedInput } from '../jobs/job-input';
import { RigCheckRunner } from '../jobs/rig-check-runner';
import { givenJointsProblem } from '../../../shared/rig/joint-edits';
import { jobView } from '../jobs/job-view';
import { normaliseRigRequest } from '../jobs/rig-request';
import { checkBalance, checkCapacity, submitJob } from '../jobs/submit-job';
import { errorResponses } from '../schemas/common';
import { type RigRequestBody } from '../schemas/rig';
import type { ServiceDeps } from '../service-deps';
import { baseUrlOf } from './base-url';
import { findJobForAccount, JobIdParams } from './jobs';
import { resolveAnimationClips } from '../jobs/animation-input';
import { checkCorrectionJoints, findCorrectedRig } from '../jobs/rig-correction';

/** Room for 10 MB of base64 (x4/3) plus the other fields. */
const RIG_BODY_LIMIT = 14 * 1024 * 1024 + 64 * 1024;

/**
 * `deps` and, for `joints` on a model not read before, a runner that reads the model in a child process to
 * check the joints against its bounding box before anything is charged (the same runner as POST /v1/rigs/check).
 */
export function rigRoutes(app: FastifyInstance, deps: ServiceDeps, boundsRunner = new RigCheckRunner()): void {
  const { store } = deps;
  app.post<{ Body: RigRequestBody }>('/v1/rigs', {
    bodyLimit: RIG_BODY_LIMIT,
    schema: {
      summary: 'Submit a mesh for rigging',
      description:
        'Returns 202 with a queued job at once; the work runs asynchronously. Credits are reserved at acceptance (fast 20, pro 31, +10 per clip); a refused submission costs nothing. Rigdesk extension: `from_job` naming a succeeded rig job plus `joints` is a correction of that rig, 1 credit (+10 per new clip; a switch from fast to pro costs a pro rig).',
      tags: ['rigs'],
      body: Type.Ref('RigRequest'),
      response: { 202: Type.Ref('Job'), ...errorResponses(400, 401, 402, 403, 429, 503) },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const account = request.account;
      const correction = body.joints !== undefined && body.from_job !== undefined && body.model_url === undefined && body.model_base64 === undefined;
      const corrected = correction && body.from_job ? await findCorrectedRig(store, account.id, body.from_job) : undefined;
      const { params, cost } = normaliseRigRequest(body, corrected?.base);
      if (corrected) checkCorrectionJoints(corrected, params);
      requirePlanForEngine(account, params.engine);
      // Cheap refusals first, so a doomed request does not download anything.
      await checkBalance(store, account.id, cost);
      await checkCapacity(store, deps.capacity);
      const input = corrected
        ? corrected.input
        : await resolveJobInput(
          store,
          account.id,
          { url: body.model_url, base64: body.model_base64, fromJob: body.from_job, filename: body.filename },
          { url: 'model_url', base64: 'model_base64', fromJob: 'from_job' },
          deps,
        );
      try {
        probeInputModel(store, input);
        // Joints given for a model whose bounds are not known yet (a new model, or a correction at another
        // rotation_y): read it now so a joint outside it is a 400 at no cost rather than a failed job.
        if (params.joints && !(corrected?.bounds && corrected.base.params.rotation_y === params.rotation_y)) {
          const { bounds } = await boundsRunner.check({ data: inputBytes(store, input), name: input.name, rotationY: params.rotation_y });
          const problem = bounds && givenJointsProblem(params.joints, bounds);
          if (problem) throw invalidRequest(problem);
        }
        const clipsAsked = params.animation_urls.length > 0;
        // A correction keeps the clips of the rig it corrects (already paid for) unless it names others.
        const animation_clips = corrected && !clipsAsked && params.engine === 'fast'
          ? corrected.animationClips
          : await resolveAnimationClips(store, account.id, body.animation_url !== undefined, params.animation_urls, deps);
        const job = await submitJob(store, deps.capacity, { account, operation: 'rig', params: { ...params, animation_clips }, input: storedInput(input), cost }, deps.clock());
        deps.notifyJobs();
        return reply.status(202).send(jobView(job, baseUrlOf(request)));
      } finally {
        discardInput(input);
      }
    },
  });

  app.get<{ Params: { id: string } }>('/v1/rigs/:id', {
    schema: {
      summary: 'Retrieve a rig job (alias of GET /v1/jobs/{id} for rig jobs)',
      tags: ['rigs'],
      params: JobIdParams,
      response: { 200: Type.Ref('Job'), ...errorResponses(401, 403, 404, 429) },
    },
    handler: async (request) => {
      const job = await findJobForAccount(store, request.params.id, request.account.id);
      if (job.operation !== 'rig') throw new ApiError('not_found', `No rig job with id '${request.params.id}'; use GET /v1/jobs/{id} for other jobs.`);
      return jobView(job, baseUrlOf(request));
    },
  });
}
