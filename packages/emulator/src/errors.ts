/** Error codes of the emulator's error bodies (docs/interface.md, decisions). */
export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_param'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'service_unavailable'
  | 'rate_limited'
  | 'internal_error';

/** A request failure that becomes `[{"message": …, "error": code}]` with `status`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const invalidParam = (name: string, why: string): ApiError =>
  new ApiError(400, 'invalid_param', `Invalid parameter ${name}: ${why}`);

export const missingParam = (name: string): ApiError =>
  new ApiError(400, 'invalid_param', `Missing required parameter ${name}`);

export const notFound = (what: string, id: number): ApiError =>
  new ApiError(404, 'not_found', `${what} ${id} not found`);
