/**
 * Builds the Fastify app of the /v1 service as one object, used by tests through `inject()`
 * and by `serve` / the desktop app through `listen()` (see start.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { ServiceDeps } from './service-deps';
import { registerAuthentication } from './plugins/authenticate';
import { registerErrorHandling } from './plugins/error-handler';
import { answerClientError, answerFrameworkError } from './plugins/client-errors';
import { requestLogOptions } from './plugins/request-log';
import { registerNullFieldsAsAbsent, schemaController } from './plugins/validators';
import { ErrorEnvelope } from './schemas/common';
import { Job, JobList } from './schemas/job';
import { RigRequest } from './schemas/rig';
import { RigCheck, RigCheckRequest } from './schemas/rig-check';
import { rigRoutes } from './routes/rigs';
import { rigCheckRoutes } from './routes/rig-check';
import { uploadRoutes } from './routes/uploads';
import { jobRoutes } from './routes/jobs';
import { catalogRoutes } from './routes/catalog';
import { infoRoutes } from './routes/info';
import { keyRoutes } from './routes/keys';
import { fileRoutes } from './routes/files';
import { modelRoutes } from './routes/models';
import { studioSessionRoutes } from './routes/studio-session';
import type { StudioLinks } from './auth/studio-links';
import { OPENAPI_INFO } from './openapi-info';

export interface AppOptions extends ServiceDeps {
  /** `serve --log`: one line per request, without query strings or file tokens (request-log.ts). */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests). */
  logStream?: NodeJS.WritableStream;
  /** Folder of the built studio, served at `/` when it exists. */
  studioDir?: string | null;
  /** One-time codes of the printed studio URL; without it, POST /studio/session does not exist. */
  studioLinks?: StudioLinks;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? requestLogOptions(options.logStream) : false,
    // Refusals made before any route runs (431, malformed HTTP, undecodable paths) keep the error envelope.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // A request without Host (HTTP/1.0, or a careless 1.1 client) is served: file URLs then name the
    // address the connection reached (routes/base-url.ts) instead of Node answering a bare 400.
    http: { requireHostHeader: false },
    // Inline files are checked against their own limit with a clear message; this is the outer bound.
    bodyLimit: 1024 * 1024,
    schemaController,
    return503OnClosing: true,
    // Closing (quit, tests) must not wait for clients' keep-alive or half-read downloads.
    forceCloseConnections: true,
  });

  // The API speaks JSON only; a text body gets a clear 400 instead of a confusing type error.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifySwagger, {
    openapi: OPENAPI_INFO,
    // Shared schemas appear under their own names (Job, Error, ...) in components.schemas.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.addSchema(ErrorEnvelope);
  app.addSchema(Job);
  app.addSchema(JobList);
  app.addSchema(RigRequest);
  app.addSchema(RigCheckRequest);
  app.addSchema(RigCheck);
  registerNullFieldsAsAbsent(app);
  // Routes without query parameters refuse any (a typo such as ?limt=5 is never silently ignored).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/') && route.schema && !route.schema.querystring) {
      route.schema.querystring = { type: 'object', properties: {}, additionalProperties: false };
    }
  });

  // Spec 5.6: every response allows any origin; cookies are never read or set.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  app.options('/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
      .header('Access-Control-Max-Age', '600')
      .send(),
  );

  registerErrorHandling(app);
  registerAuthentication(app, options.store, options.limiter, options.clock);

  rigRoutes(app, options);
  rigCheckRoutes(app, options);
  jobRoutes(app, options);
  catalogRoutes(app, options);
  infoRoutes(app, options);
  keyRoutes(app, options);
  fileRoutes(app, options);
  modelRoutes(app, options);
  uploadRoutes(app, options);
  if (options.studioLinks) studioSessionRoutes(app, options.studioLinks);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  if (options.studioDir && existsSync(options.studioDir)) {
    await app.register(fastifyStatic, { root: options.studioDir, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return app;
}
