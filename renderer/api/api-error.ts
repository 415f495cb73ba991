/** An error answer of the service (spec part 7) or a network failure, with a message to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** Spec error code (`invalid_request`, ...) or `network_error`. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Text for a person: the service's message, prefixed by its code when that adds meaning. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return err.code && err.code !== 'network_error' ? `${err.message} (${err.code})` : err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
