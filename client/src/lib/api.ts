/**
 * The one fetch wrapper for our API. Cookies go with every request (better-auth sessions are httpOnly
 * cookies); a non-OK answer becomes an ApiError parsed from `{ error: { code, message, ... } }`.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { status: number; code: string; message: string; details?: unknown; retryAfterSeconds?: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The spec's error text is "status: message"; query retry and error mapping match on it. */
  override toString(): string {
    return `${this.status}: ${this.message}`;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Builds an ApiError from a failed response's status and raw body text. Exported for tests. */
export function toApiError(status: number, statusText: string, bodyText: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = bodyText ? JSON.parse(bodyText) : null;
  } catch {
    parsed = null;
  }
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
  if (error) {
    return new ApiError({
      status,
      code: typeof error.code === 'string' ? error.code : `HTTP_${status}`,
      message: typeof error.message === 'string' ? error.message : statusText || 'Request failed',
      details: error.details,
      retryAfterSeconds: typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined,
    });
  }
  const text = bodyText.trim();
  return new ApiError({
    status,
    code: `HTTP_${status}`,
    // Plain-text bodies (a proxy's 502 page, say) are kept short; HTML is not worth showing.
    message: text && !text.startsWith('<') ? text.slice(0, 300) : statusText || `Request failed with status ${status}`,
  });
}

export async function apiRequest<T>(method: Method, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (options.keepalive) init.keepalive = true;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const response = await fetch(path, init);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw toApiError(response.status, response.statusText, text);
  }
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>('DELETE', path, options),
};
