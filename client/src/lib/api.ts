import type { z } from 'zod';
import type * as RouteTable from '@redflag/contracts/api-routes';
import type {
  ApiRouteHeaders,
  ApiRouteInput,
  ApiRouteName,
  ApiRouteResponse,
  ApiRouteSpec,
} from '@redflag/contracts/api-routes';

/**
 * The one client for our API (docs/decisions/083). Every call names a row of the contracts' route table
 * (packages/contracts/src/api-routes.ts): the row gives the method and path, and its response schema
 * parses the answer, so what reaches a component is what the contract says or an ApiError. Cookies go
 * with every request (better-auth sessions are httpOnly cookies).
 *
 * The table holds zod schemas; it is imported on the first call, not with this file, so pages that render
 * before any data (the landing page) do not carry the schema library in their first download.
 */

/** Failures the client names itself: the server was not reached, or it answered outside its contract. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  /** The HTTP status; 0 when no answer came (NETWORK_ERROR). */
  readonly status: number;
  /** A contracts error code (ERROR_STATUS), a ClientErrorCode, or `HTTP_<status>` for a body without one. */
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

  /** The spec's error text is "status: message" (docs/product.md §8). */
  override toString(): string {
    return `${this.status}: ${this.message}`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Builds an ApiError from a failed response's status and raw body text. */
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

/** fetch itself failed (offline, DNS, connection reset): no status to read. An abort is not one. */
export function networkError(cause: unknown): ApiError {
  return new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: 'We could not reach RedFlag.',
    details: cause instanceof Error ? cause.message : undefined,
  });
}

export interface ApiCallOptions {
  signal?: AbortSignal;
  /** Let the request outlive the page (analytics sent while navigating away). */
  keepalive?: boolean;
}

type CallArgs<N extends ApiRouteName> =
  Record<never, never> extends ApiRouteInput<N>
    ? [input?: ApiRouteInput<N> & ApiCallOptions]
    : [input: ApiRouteInput<N> & ApiCallOptions];

interface LooseInput extends ApiCallOptions {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type RouteTableModule = typeof RouteTable;
let routeTable: Promise<RouteTableModule> | null = null;
const loadRouteTable = () => (routeTable ??= import('@redflag/contracts/api-routes'));

/** Reads a 2xx body: JSON when the answer says so, undefined for 204 and bodies that are not JSON. */
async function readBody(response: Response, where: string): Promise<unknown> {
  if (response.status === 204 || !(response.headers.get('content-type') ?? '').includes('application/json'))
    return undefined;
  try {
    return await response.json();
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `${where} answered with a body that is not JSON`,
    });
  }
}

/** Calls a route of the table and answers its parsed body and the response headers it declares. */
export async function apiCall<N extends ApiRouteName>(
  name: N,
  ...[input]: CallArgs<N>
): Promise<{ data: ApiRouteResponse<N>; headers: ApiRouteHeaders<N> }> {
  const { API_ROUTES, apiRoutePath, apiRouteSearch } = await loadRouteTable();
  const spec: ApiRouteSpec = API_ROUTES[name];
  // The input's shape is checked by CallArgs at the call site; here only its parts are read.
  const { params, query, body, signal, keepalive }: LooseInput = input ?? {};
  const where = `${spec.method} ${spec.path}`;

  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: spec.method, credentials: 'include', headers, signal };
  if (keepalive) init.keepalive = true;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  } else if (spec.method === 'POST') {
    // docs/product.md §7: body-less POSTs (checkout) still say JSON.
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(apiRoutePath(spec.path, params) + apiRouteSearch(query), init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(error);
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, await response.text().catch(() => ''));

  const parsed = parseWith(spec.response, await readBody(response, where), where, response.status);
  const declared = spec.headers
    ? parseWith(spec.headers, Object.fromEntries(response.headers), `${where} (headers)`, response.status)
    : undefined;
  // Both were parsed by this row's own schemas just above; TypeScript cannot follow a generic row name to
  // its schema's output type, so the parsed values are named with the row's types here.
  return { data: parsed as ApiRouteResponse<N>, headers: declared as ApiRouteHeaders<N> };
}

/** Calls a route of the table and answers its parsed body. */
export async function apiRequest<N extends ApiRouteName>(name: N, ...args: CallArgs<N>): Promise<ApiRouteResponse<N>> {
  return (await apiCall(name, ...args)).data;
}

/** An answer outside the contract is an error the classifier names (INVALID_RESPONSE), never a silent cast. */
function parseWith(schema: z.ZodType, value: unknown, where: string, status: number): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new ApiError({
    status,
    code: 'INVALID_RESPONSE',
    message: `${where} answered outside its contract`,
    details: { issues },
  });
}
