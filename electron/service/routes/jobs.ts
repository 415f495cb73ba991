import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../../shared/api/api-error';
import { JOB_STATUSES, LIMITS, OPERATIONS } from '../../../shared/api/constants';
import type { Store } from '../context';
import { jobView } from '../jobs/job-view';
import type { JobRow } from '../store/jobs-repo';
import { errorResponses, pageOf, Paging } from '../schemas/common';
import { OneOf } from '../schemas/rig';
import type { ServiceDeps } from '../service-deps';
import { baseUrlOf } from './base-url';

export const JobIdParams = Type.Object({ id: Type.String({ description: 'Job id' }) });

/** 404 for an unknown id, 403 for another account's job (spec 4.3). */
export async function findJobForAccount(store: Store, id: string, accountId: string): Promise<JobRow> {
  const job = await store.jobs.get(id);
  if (!job) throw new ApiError('not_found', `No job with id '${id}'.`);
  if (job.account_id !== accountId) throw new ApiError('forbidden', `Job '${id}' belongs to another account.`);
  return job;
}

const JobListQuery = Type.Object(
  {
    operation: Type.Optional(OneOf(OPERATIONS, 'Filter by operation.')),
    status: Type.Optional(OneOf(JOB_STATUSES, 'Filter by status.')),
    ...Paging(LIMITS.jobsPageDefault, LIMITS.jobsPageMax),
  },
  { additionalProperties: false },
);

export function jobRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const { store } = deps;
  app.get<{ Params: { id: string } }>('/v1/jobs/:id', {
    schema: {
      summary: 'Retrieve any job',
      description: 'Free, but counts against the rate limit. Poll every 5 s (fast) or 15-20 s (pro, generation) until succeeded or failed.',
      tags: ['jobs'],
      params: JobIdParams,
      response: { 200: Type.Ref('Job'), ...errorResponses(401, 402, 403, 404, 429) },
    },
    handler: async (request) => jobView(await findJobForAccount(store, request.params.id, request.account.id), baseUrlOf(request)),
  });

  app.get<{ Querystring: { operation?: string; status?: string; limit?: number; offset?: number } }>('/v1/jobs', {
    schema: {
      summary: 'List jobs, newest first',
      tags: ['jobs'],
      querystring: JobListQuery,
      response: { 200: Type.Ref('JobList'), ...errorResponses(400, 401, 402, 429) },
    },
    handler: async (request) => {
      const q = request.query;
      const { total, rows } = await store.jobs.list({
        accountId: request.account.id,
        operation: q.operation,
        status: q.status,
        ...pageOf(q, LIMITS.jobsPageDefault, LIMITS.jobsPageMax),
      });
      const base = baseUrlOf(request);
      return { object: 'list', total, jobs: rows.map((r) => jobView(r, base)) };
    },
  });
}
