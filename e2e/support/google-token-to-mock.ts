/**
 * Test-only preload for the server process of e2e/google.spec.ts (`node --import tsx --import <this>`):
 * better-auth's Google token endpoint is fixed, so this points it at the local oauth2-mock-server named by
 * E2E_GOOGLE_MOCK_URL. The application's code knows nothing about it.
 */
const mockUrl = process.env.E2E_GOOGLE_MOCK_URL;
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';

if (mockUrl) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (url.startsWith(GOOGLE_TOKEN)) return realFetch(`${mockUrl}/token`, init);
    return realFetch(input, init);
  };
}
