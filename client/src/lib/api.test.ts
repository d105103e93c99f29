import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, toApiError } from './api';

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

describe('apiRequest', () => {
  it('sends cookies and a JSON body, and returns the parsed JSON', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError for a non-OK response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'SCAN_LIMIT_REACHED', message: 'Free tier scan limit reached' } }),
            { status: 403 },
          ),
      ),
    );
    const error = await api.get('/api/scans').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('SCAN_LIMIT_REACHED');
    expect(String(error)).toBe('403: Free tier scan limit reached');
  });

  it('answers undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.delete('/api/thing')).resolves.toBeUndefined();
  });
});
