import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * `T | null` as a JSON Schema type list rather than anyOf: fast-json-stringify serialises a type
 * list directly, while anyOf makes it validate every value at run time to pick a branch.
 */
export const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'], ...(description ? { description } : {}) });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, millisecond precision, Z suffix' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Stable error code (spec part 7); branch on this.' }),
        message: Type.String({ description: 'For display; names the offending field where relevant.' }),
        retry_after_seconds: Type.Optional(Type.Integer({ description: 'With rate_limited: seconds to wait.' })),
        plan: Type.Optional(Type.String({ description: 'With subscription_required and plan_required: the current plan.' })),
        subscription_status: Type.Optional(Type.String({ description: 'With subscription_required.' })),
        required_plan: Type.Optional(Type.String({ description: 'With plan_required.' })),
        required: Type.Optional(Type.Integer({ description: 'With insufficient_credits: credits the job needs.' })),
        balance: Type.Optional(Type.Integer({ description: 'With insufficient_credits: the current balance.' })),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'Error', title: 'Error envelope' },
);

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, Type.Ref('Error')]));

export const Paging = (defaultLimit: number, maxLimit: number) => ({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, default: defaultLimit, description: `Page size; default ${defaultLimit}, values above ${maxLimit} are reduced to ${maxLimit}.` }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Items to skip.' })),
});

/** The page a list request asks for, with the documented default and cap of `Paging`. */
export function pageOf(q: { limit?: number; offset?: number }, defaultLimit: number, maxLimit: number): { limit: number; offset: number } {
  return { limit: Math.min(q.limit ?? defaultLimit, maxLimit), offset: q.offset ?? 0 };
}
