import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, ApiError, apiRequest, toApiError } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toApiError', () => {
  it('reads status, code, message, details and retryAfterSeconds from our error body', () => {
    const body = JSON.stringify({
      error: { code: 'RATE_LIMITED', message: 'Too many requests', retryAfterSeconds: 30, details: { a: 1 } },
    });
    const error = toApiError(429, 'Too Many Requests', body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many requests');
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.details).toEqual({ a: 1 });
  });

  it('renders as "status: message", the text the spec matches errors on', () => {
    const error = toApiError(
      401,
      'Unauthorized',
      JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } }),
    );
    expect(String(error)).toBe('401: Authentication required');
  });

  it('falls back to the status text for an HTML or empty body', () => {
    expect(toApiError(502, 'Bad Gateway', '<html>oops</html>').message).toBe('Bad Gateway');
    expect(toApiError(500, '', '').message).toBe('Request failed with status 500');
    expect(toApiError(503, 'Service Unavailable', 'upstream down').message).toBe('upstream down');
    expect(toApiError(503, 'x', '').code).toBe('HTTP_503');
  });
});

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const call = (mock: ReturnType<typeof stubFetch>) => mock.mock.calls[0] as unknown as [string, RequestInit];

const usage = { planTier: 'free', scanCount: 2, maxScans: 5, remaining: 3, unlimited: false };

describe('apiRequest builds the call from the route table', () => {
  it('fills path parameters (encoded), sends cookies and a JSON body', async () => {
    const fetchMock = stubFetch(json({ share: null }));
    await expect(apiRequest('saveShare', { params: { id: 'a/b' }, body: { includeMessage: true } })).resolves.toEqual({
      share: null,
    });
    const [url, init] = call(fetchMock);
    expect(url).toBe('/api/scans/a%2Fb/share');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"includeMessage":true}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('writes the query without empty values and reads the headers the route declares', async () => {
    const fetchMock = stubFetch(json([], { headers: { 'X-Total-Count': '42' } }));
    const { data, headers } = await apiCall('listScans', { query: { q: 'bank', verdict: '', page: 3 } });
    expect(call(fetchMock)[0]).toBe('/api/scans?q=bank&page=3');
    expect(data).toEqual([]);
    expect(headers['x-total-count']).toBe(42);
  });

  it('answers undefined for 204 No Content when the route says so', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('sendEvent', { body: { name: 'scan_initiated' } })).resolves.toBeUndefined();
  });
});

describe("apiRequest parses the answer with the route's response schema", () => {
  it('answers the parsed body', async () => {
    stubFetch(json(usage));
    await expect(apiRequest('getScanUsage')).resolves.toEqual(usage);
  });

  it('a body outside the contract is an INVALID_RESPONSE error naming the route and the field, not a cast', async () => {
    stubFetch(json({ ...usage, scanCount: 'two' }));
    const error = await apiRequest('getScanUsage').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: 'GET /api/users/scan-usage answered outside its contract',
    });
    expect((error as ApiError).details).toMatchObject({ issues: [{ path: 'scanCount' }] });
  });

  it('a missing declared header is an INVALID_RESPONSE error too', async () => {
    stubFetch(json([]));
    await expect(apiCall('listScans')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('a 200 whose body is not JSON is an INVALID_RESPONSE error', async () => {
    stubFetch(new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(apiRequest('getScanUsage')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('apiRequest failures', () => {
  it('a non-OK answer is an ApiError with the contract error code', async () => {
    stubFetch(
      json({ error: { code: 'SCAN_LIMIT_REACHED', message: 'Free tier scan limit reached' } }, { status: 403 }),
    );
    const error = await apiRequest('createScan', { body: { message: 'hi' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('SCAN_LIMIT_REACHED');
    expect(String(error)).toBe('403: Free tier scan limit reached');
  });

  it('no answer at all is a NETWORK_ERROR with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('getPlan')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('an aborted call stays an abort (TanStack Query cancels with it)', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(apiCall('listScans', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
