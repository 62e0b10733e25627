// One error class per status family, as developers know them from the big SDKs. Every API error
// carries the HTTP status, the first error's stable `code`, the request id and the errors array.

export interface ApiErrorItem {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export class ContrailError extends Error {
  override name = 'ContrailError';
}

export class ApiError extends ContrailError {
  override name = 'ApiError';
  readonly code: string;

  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    readonly requestId: string | undefined,
    readonly headers: Headers,
  ) {
    const first = errors[0];
    super(first ? (first.detail ?? first.title) : `HTTP ${status}`);
    this.code = first?.code ?? 'http_error';
  }

  /** The texts a person should see: each error's detail, or its title when there is no detail. */
  get messages(): string[] {
    return this.errors.map((e) => e.detail ?? e.title);
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** The API could not be reached, or the connection broke. */
export class ApiConnectionError extends ContrailError {
  override name = 'ApiConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A try ran past its deadline. */
export class ApiTimeoutError extends ApiConnectionError {
  override name = 'ApiTimeoutError';
}

/**
 * The caller aborted the call through its `signal` (a page left, a search replaced). Apart from
 * ApiConnectionError on purpose: nothing failed, so nothing is retried or reported; the signal's
 * reason is the `cause`. A deadline that ran out is an ApiTimeoutError instead.
 */
export class ApiAbortError extends ContrailError {
  override name = 'ApiAbortError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function apiErrorFor(status: number, body: unknown, requestId: string | undefined, headers: Headers): ApiError {
  const errors = isErrorEnvelope(body) ? body.errors : [];
  const args = [status, errors, requestId ?? bodyRequestId(body), headers] as const;
  if (status === 400) return new BadRequestError(...args);
  if (status === 401) return new AuthenticationError(...args);
  if (status === 403) return new PermissionDeniedError(...args);
  if (status === 404) return new NotFoundError(...args);
  if (status === 409) return new ConflictError(...args);
  if (status === 422) return new UnprocessableEntityError(...args);
  if (status === 429) return new RateLimitError(...args);
  if (status >= 500) return new InternalServerError(...args);
  return new ApiError(...args);
}

function isErrorEnvelope(body: unknown): body is { errors: ApiErrorItem[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

function bodyRequestId(body: unknown): string | undefined {
  const meta = (body as { meta?: { request_id?: unknown } } | null)?.meta;
  return typeof meta?.request_id === 'string' ? meta.request_id : undefined;
}
