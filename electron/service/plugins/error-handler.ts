import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../../../shared/api/api-error';
import { LIMITS } from '../../../shared/api/constants';
import { echoValue } from '../../../shared/api/echo-value';

/**
 * One error handler: every failure leaves as the spec's envelope. Fastify's own validation and
 * body errors become 400 invalid_request with a message naming the field.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const api = toApiError(err);
    if (api.code === 'internal_error') request.log.error(err);
    if (api.code === 'internal_error' && !(err instanceof ApiError)) console.error(err);
    return reply.status(api.status).send(boundedBody(api));
  });
  app.setNotFoundHandler((request, reply) => {
    const api = new ApiError('not_found', `No endpoint ${request.method} ${echoValue(request.url.split('?')[0])}.`);
    return reply.status(404).send(api.toBody());
  });
}

/** Longest message sent: a backstop for any message that repeats a caller's value without cutting it. */
const MESSAGE_MAX_CHARS = 2000;

function boundedBody(api: ApiError): { error: Record<string, unknown> } {
  const body = api.toBody();
  body.error.message = echoValue(api.message, MESSAGE_MAX_CHARS);
  return body;
}

export function toApiError(err: FastifyError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as FastifyError;
  if (e.validation && e.validation.length > 0) return new ApiError('invalid_request', validationMessage(e));
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        'invalid_request',
        `The request body is too large. Inline files (model_base64, image_base64) are limited to ${LIMITS.inlineFileBytes / 1024 / 1024} MB; send model_url or image_url instead.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('invalid_request', 'Send the body as JSON with the header Content-Type: application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_request', 'The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_request', `The body is not valid JSON: ${echoValue(e.message)}`);
  }
  if (e.statusCode === 400 && /JSON/i.test(e.message)) return new ApiError('invalid_request', `The body is not valid JSON: ${echoValue(e.message)}`);
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiError('invalid_request', echoValue(e.message));
  return new ApiError('internal_error', 'Something failed on the service side. Retry with exponential backoff; if it persists, check the service log.');
}

function validationMessage(e: FastifyError): string {
  const v = e.validation![0] as { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };
  const where = e.validationContext === 'querystring' ? 'query parameter ' : e.validationContext === 'params' ? 'path parameter ' : '';
  const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (v.keyword === 'additionalProperties') return `unknown ${where || 'field '}'${String(v.params.additionalProperty)}'`;
  if (v.keyword === 'required') return `${where}${String(v.params.missingProperty)}: is required`;
  if (v.keyword === 'enum') return `${where}${field}: must be one of ${(v.params.allowedValues as string[]).join(', ')}`;
  if (v.keyword === 'type' && !field) return 'The body must be a JSON object.';
  return `${where}${field || 'body'}: ${v.message ?? 'is invalid'}`;
}
