import { expect, test } from '@playwright/test';

// The built client as the server sends it: compressed hashed assets cached for a year, the page itself
// revalidated, security headers on everything.
test('hashed assets are sent precompressed and cached immutably; the page is revalidated', async ({ request }) => {
  const page = await request.get('/');
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeTruthy();

  const br = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers()['vary']).toContain('Accept-Encoding');

  const gz = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).length).toBeGreaterThan(Number(br.headers()['content-length']));
});

test('an unknown asset answers 404, and unknown API paths answer JSON 404', async ({ request }) => {
  expect((await request.get('/assets/does-not-exist.js')).status()).toBe(404);
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});
