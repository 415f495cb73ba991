import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { invalidRequest } from '../../../shared/api/api-error';
import type { PrecheckResult } from '../../../shared/rig/precheck';
import { discardInput, inputBytes, probeInputModel, resolveJobInput } from '../jobs/job-input';
import { RigCheckRunner } from '../jobs/rig-check-runner';
import { errorResponses } from '../schemas/common';
import type { RigCheckBody, RigCheckRequestBody } from '../schemas/rig-check';
import type { ServiceDeps } from '../service-deps';

/** Room for 10 MB of base64 (x4/3) plus the other fields, as POST /v1/rigs. */
const CHECK_BODY_LIMIT = 14 * 1024 * 1024 + 64 * 1024;

/**
 * POST /v1/rigs/check: the free pre-check. Same model sources and input errors as POST /v1/rigs, no
 * credits, answered synchronously from a child process (rig-check-runner.ts).
 */
export function rigCheckRoutes(app: FastifyInstance, deps: ServiceDeps, runner = new RigCheckRunner()): void {
  app.post<{ Body: RigCheckRequestBody }>('/v1/rigs/check', {
    bodyLimit: CHECK_BODY_LIMIT,
    schema: {
      summary: 'Check a mesh before rigging it (free)',
      description: [
        'Rigdesk extension. Looks at a mesh the way the fast engine would and answers at once (200, usually within a few seconds): the suggested `rig_type` with a score per body plan,',
        'the `rotation_y` that makes it face +Z, the arm pose, triangle/vertex/part counts, connected pieces, and the warnings a rig would carry.',
        'Takes the model source fields of POST /v1/rigs and gives the same 400 errors for bad input; costs no credits (counts against the rate limit).',
        'At most 2 checks run at once: beyond that, and for a check that passes its 30 s deadline, 503 `backend_unavailable`.',
      ].join(' '),
      tags: ['rigs'],
      body: Type.Ref('RigCheckRequest'),
      response: { 200: Type.Ref('RigCheck'), ...errorResponses(400, 401, 402, 429, 500, 503) },
    },
    handler: async (request) => {
      const started = Date.now();
      const body = request.body;
      const sources = (['model_url', 'model_base64', 'from_job'] as const).filter((k) => body[k] !== undefined);
      if (sources.length !== 1) {
        throw invalidRequest(sources.length === 0
          ? 'Provide exactly one model source: model_url, model_base64 or from_job.'
          : `Provide exactly one model source; got ${sources.join(' and ')}.`);
      }
      const input = await resolveJobInput(
        deps.store,
        request.account.id,
        { url: body.model_url, base64: body.model_base64, fromJob: body.from_job, filename: body.filename },
        { url: 'model_url', base64: 'model_base64', fromJob: 'from_job' },
        deps,
      );
      let data: Uint8Array;
      try {
        probeInputModel(deps.store, input);
        // At most two checks run at once (the runner refuses more), so holding one file here is bounded.
        data = inputBytes(deps.store, input);
      } finally {
        // A check keeps nothing: a download is removed once read.
        discardInput(input);
      }
      const rotationY = body.rotation_y ?? 0;
      const result = await runner.check({ data, name: input.name, rotationY });
      return rigCheckView(result, rotationY, (Date.now() - started) / 1000);
    },
  });
}

function rigCheckView(r: PrecheckResult, rotationY: number, seconds: number): RigCheckBody {
  return {
    object: 'rig_check',
    suggested_rig_type: r.suggestedRigType,
    scores: r.scores,
    suggested_rotation_y: r.suggestedRotationY,
    rotation_y: rotationY,
    pose: r.pose,
    arm_angle_degrees: r.armAngle,
    triangles: r.triangles,
    vertices: r.vertices,
    parts: r.parts,
    open_edges: r.openEdges,
    pieces: r.pieces,
    largest_piece_share: r.largestPieceShare,
    warnings: r.warnings,
    seconds: Math.round(seconds * 100) / 100,
  };
}
