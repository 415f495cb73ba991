/**
 * Request validation with two Ajv setups: JSON bodies keep their real types ("90" is not a number,
 * 1 is not a boolean: spec 4.1 types them), while query strings and path parameters, which are
 * always text, are coerced (`?limit=20`). Fastify's default uses one Ajv for every part, so a
 * coercing setup let `"rotation_y": "90"` or `"rig_fingers": 1` through.
 *
 * A body field sent as JSON `null` is taken as not sent (clients that serialise every field of a
 * class, Unity's and Python's among them, send nulls for the unused sources).
 */
import { AjvCompiler, type RouteDefinition } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const factory = AjvCompiler();
const COMMON = { removeAdditional: false, useDefaults: false, allErrors: false } as const;

type Factory = (externalSchemas: unknown, options: { customOptions: object }) => (route: RouteDefinition) => unknown;
const build = factory as unknown as Factory;

function buildValidator(externalSchemas: unknown, ajvServerOptions: { customOptions?: object } = {}) {
  const strict = build(externalSchemas, { ...ajvServerOptions, customOptions: { ...COMMON, coerceTypes: false } });
  const coercing = build(externalSchemas, { ...ajvServerOptions, customOptions: { ...COMMON, coerceTypes: 'array' } });
  return (route: RouteDefinition) => (route.httpPart === 'body' ? strict(route) : coercing(route));
}

// The factory types are a union of Ajv and JTD signatures that a plain function cannot satisfy.
export const schemaController = { compilersFactory: { buildValidator } } as unknown as NonNullable<FastifyServerOptions['schemaController']>;

/** Drops top-level `null` fields of JSON object bodies before validation. */
export function registerNullFieldsAsAbsent(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const [key, value] of Object.entries(body)) if (value === null) delete (body as Record<string, unknown>)[key];
  });
}
