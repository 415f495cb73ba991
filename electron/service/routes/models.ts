import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { PRICES } from '../../../shared/api/constants';
import { GenerateOptionsError, resolveGenerateOptions } from '../../../shared/generate/engine';
import { ImageFormatError } from '../../../shared/generate/errors';
import { probeImage } from '../../../shared/generate/decode-image';
import { discardInput, openInput, resolveJobInput, storedInput } from '../jobs/job-input';
import { jobView } from '../jobs/job-view';
import { checkBalance, checkCapacity, submitJob } from '../jobs/submit-job';
import { errorResponses } from '../schemas/common';
import { ModelRequest, type ModelRequestBody } from '../schemas/model-request';
import type { ServiceDeps } from '../service-deps';
import { baseUrlOf } from './base-url';

const MODEL_BODY_LIMIT = 14 * 1024 * 1024 + 64 * 1024;

export function modelRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const { store } = deps;
  app.addSchema(ModelRequest);
  app.post<{ Body: ModelRequestBody }>('/v1/models', {
    bodyLimit: MODEL_BODY_LIMIT,
    schema: {
      summary: 'Generate a 3D model from an image',
      description:
        'Returns 202 with a queued job whose operation is generate_model. The output is a textured GLB (model_url), a thumbnail and a JSON report; chain it into POST /v1/rigs with from_job. A file that is not a readable image is 400 unsupported_format; an image in which no subject can be found fails the job.',
      tags: ['models'],
      body: Type.Ref('ModelRequest'),
      response: { 202: Type.Ref('Job'), ...errorResponses(400, 401, 402, 429, 503) },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const sources = (['image_url', 'image_base64'] as const).filter((k) => body[k] !== undefined);
      if (sources.length !== 1) throw invalidRequest(sources.length === 0 ? 'Provide exactly one image source: image_url or image_base64.' : 'Provide exactly one image source, not both image_url and image_base64.');
      let options;
      try {
        const { image_url: _u, image_base64: _b, ...rest } = body;
        options = resolveGenerateOptions(rest);
      } catch (err) {
        if (err instanceof GenerateOptionsError) throw invalidRequest(err.message.startsWith(err.field) ? err.message : `${err.field}: ${err.message}`);
        throw err;
      }
      const account = request.account;
      const cost = PRICES.generate_model;
      await checkBalance(store, account.id, cost);
      await checkCapacity(store, deps.capacity);
      const input = await resolveJobInput(store, account.id, { url: body.image_url, base64: body.image_base64 }, { url: 'image_url', base64: 'image_base64' }, deps);
      try {
        const source = openInput(store, input);
        try {
          await probeImage(source);
        } catch (err) {
          if (err instanceof ImageFormatError) throw new ApiError('unsupported_format', `${sources[0]}: ${err.message}`);
          throw err;
        } finally {
          source.close();
        }
        const job = await submitJob(store, deps.capacity, { account, operation: 'generate_model', params: { ...options }, input: storedInput(input), cost }, deps.clock());
        deps.notifyJobs();
        return reply.status(202).send(jobView(job, baseUrlOf(request)));
      } finally {
        discardInput(input);
      }
    },
  });
}
