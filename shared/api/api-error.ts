import { ERROR_STATUS, type ErrorCode } from './constants';

/**
 * An error answered with the spec's envelope `{ error: { code, message, ...extra } }`.
 * `extra` carries the documented additions (`retry_after_seconds`, `plan`, `subscription_status`).
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const invalidRequest = (message: string) => new ApiError('invalid_request', message);
