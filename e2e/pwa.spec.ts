import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { analyzer, createVerifiedUser, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/**
 * RedFlag as an installed app (docs/decisions/105): the manifest and service worker meet Chromium's
 * installability checks, the offline page is served without a network, nothing from the API is cached, and
 * the share target takes text and screenshots from other apps into the analyzer, with the image kept on the
 * device.
 */

const ICON = readFileSync(new URL('../client/public/icons/icon-192.png', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Loads `/` and waits until the service worker controls the page. */
async function controlled(page: Page, path = '/') {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker claims the page that installed it; a page loaded while it was still installing is taken at
  // its next load.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every request of the context (pages and the service worker) that sent a body, with who answered it. */
function watchPosts(context: BrowserContext) {
  const posts: Request[] = [];
  context.on('request', (r) => {
    if (r.method() !== 'GET') posts.push(r);
  });
  return posts;
}

/**
 * What the Android share sheet does: a POST navigation to the manifest's share_target action, as
 * multipart/form-data with title, text, url and the image file.
 */
async function share(page: Page, fields: Record<string, string>, image?: Buffer) {
  await page.evaluate(
    ({ fields, withImage }) => {
      const form = document.createElement('form');
      form.id = 'os-share-sheet';
      form.method = 'post';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('textarea');
        input.name = name;
        input.value = value;
        form.append(input);
      }
      if (withImage) {
        const file = document.createElement('input');
        file.type = 'file';
        file.name = 'image';
        form.append(file);
      }
      document.body.append(form);
    },
    { fields, withImage: Boolean(image) },
  );
  if (image)
    await page
      .locator('#os-share-sheet input[type=file]')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: image });
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/'),
    page.evaluate(() => (document.getElementById('os-share-sheet') as HTMLFormElement).submit()),
  ]);
}

test('the manifest and service worker meet Chromium’s installability criteria', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const m = (await manifest.json()) as Record<string, unknown> & {
    icons: Array<{ sizes: string; purpose: string; src: string }>;
    share_target: Record<string, unknown>;
  };
  expect(m).toMatchObject({
    name: expect.stringContaining('RedFlag'),
    short_name: 'RedFlag',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b1120',
  });
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable'])
      expect(m.icons.some((i) => i.sizes === size && i.purpose === purpose)).toBe(true);
  }
  for (const icon of m.icons) expect((await request.get(icon.src)).status()).toBe(200);
  expect(m.share_target).toMatchObject({
    action: '/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'image' }] },
  });

  const sw = await request.get('/sw.js');
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toMatch(/const VERSION = "[0-9a-f]{12}";/);

  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are off-the-record profiles, where no browser installs apps; the app's own checks
  // (manifest, icons, start URL, display, service worker) are the rest of the list and must all pass.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
});

test('without a network a page is the offline page, served by the service worker', async ({ page, context }) => {
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  // Try again is the page's own address: the page that was asked for, not the home page.
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '');
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
});

test('after signing in and scanning, the caches hold static files only: no API answer, no page, no message', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Cachet');
  await startTrial(page);
  await controlled(page, '/scan');
  await analyzer(page).message.fill(SCAM_MESSAGE);
  await analyzer(page).submit.click();
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 15_000 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('scan-item').first()).toBeVisible();

  const cached = await page.evaluate(async () => {
    const out: Array<{ cache: string; path: string; body: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const type = res?.headers.get('content-type') ?? '';
        out.push({
          cache: name,
          path: new URL(req.url).pathname,
          body: /text|javascript|json/.test(type) ? ((await res?.text()) ?? '') : '',
        });
      }
    }
    return out;
  });
  expect(cached.length).toBeGreaterThan(5);
  for (const entry of cached) {
    expect(entry.path, `${entry.cache}: ${entry.path}`).toMatch(
      /^\/(assets\/|icons\/|offline\.html$|manifest\.webmanifest$|favicon\.svg$)/,
    );
    expect(entry.body).not.toContain(SCAM_MESSAGE.slice(0, 40));
  }
});

/** The client folder the e2e server serves (playwright.config.ts starts it on the same CLIENT_DIST). */
const CLIENT_DIST = process.env.CLIENT_DIST ?? fileURLToPath(new URL('../client/dist/', import.meta.url));

/** Serves a new service worker version from the built client for the duration of `run` (a deploy). */
async function withNextWorker(version: string, run: () => Promise<void>) {
  const sw = path.join(CLIENT_DIST, 'sw.js');
  const original = readFileSync(sw, 'utf8');
  const compressed = ['.br', '.gz'].map((ext) => sw + ext).filter((f) => existsSync(f));
  for (const f of compressed) renameSync(f, `${f}.e2e-hidden`);
  writeFileSync(sw, original.replace(/const VERSION = "[0-9a-f]{12}";/, `const VERSION = "${version}";`));
  try {
    await run();
  } finally {
    writeFileSync(sw, original);
    for (const f of compressed) renameSync(`${f}.e2e-hidden`, f);
  }
}

const shellCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('redflag-shell-')));
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(r?.waiting), controlled: navigator.serviceWorker.controller !== null };
  });

test('a deployed version waits while another tab is open, and takes over at the next page load of the only tab', async ({
  page,
  context,
}) => {
  await controlled(page);
  const [first] = await shellCaches(page);
  expect(first).toMatch(/^redflag-shell-[0-9a-f]{12}$/);
  const other = await context.newPage();
  await other.goto('/about');

  await withNextWorker('e2e000000001', async () => {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => workerState(page)).toEqual({ waiting: true, controlled: true });
    // Two tabs: a reload of one does not switch versions under the other.
    await page.reload();
    await expect.poll(() => workerState(page)).toEqual({ waiting: true, controlled: true });
    expect(await shellCaches(page)).toContain(first);
    // The only tab left: its next page load is the safe moment.
    await other.close();
    await page.reload();
    await expect.poll(() => shellCaches(page)).toEqual(['redflag-shell-e2e000000001']);
    await expect.poll(() => workerState(page)).toEqual({ waiting: false, controlled: true });
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a shared text and link land in the analyzer, prefilled and not sent; signed out, they are kept through sign-up', async ({
  page,
  context,
}) => {
  await controlled(page);
  const posts = watchPosts(context);
  await share(page, {
    title: 'USPS',
    text: 'Your package is on hold. Pay the $1.99 redelivery fee:',
    url: 'https://usps-redelivery-notice.info/pay',
  });

  const expected =
    'USPS\nYour package is on hold. Pay the $1.99 redelivery fee:\nhttps://usps-redelivery-notice.info/pay';
  await expect(analyzer(page).message).toHaveValue(expected);
  // The message left the address bar: a reload or a copied link does not carry it.
  expect(new URL(page.url()).hash).toBe('');
  // Answered on the device: the share never reached the server, and nothing was scanned.
  const sharePost = posts.find((r) => new URL(r.url()).pathname === '/share');
  expect(await sharePost?.response().then((r) => r?.fromServiceWorker())).toBe(true);
  expect(posts.filter((r) => r.serviceWorker() !== null && new URL(r.url()).pathname === '/share')).toHaveLength(0);
  expect(posts.map((r) => new URL(r.url()).pathname)).not.toContain('/api/scans');
  // Kept for after sign-up, like a pasted message, and restored then without being sent.
  await expect
    .poll(
      async () =>
        JSON.parse((await page.evaluate(() => window.localStorage.getItem('pendingAnalysis'))) ?? '{}') as unknown,
    )
    .toMatchObject({ message: expected });
});

test('on a phone, signed out, the box a shared text filled in is on screen, not below the fold', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await controlled(page);
  await share(page, {
    title: 'Bank alert',
    text: 'Your account is locked. Verify now:',
    url: 'https://secure-verify-account.top/login',
  });
  const message = analyzer(page).message;
  await expect(message).toHaveValue(/Your account is locked/);
  // The scroll is smooth and follows late layout: give it its settle time, then the box must be in view.
  await page.waitForTimeout(2500);
  await expect(message).toBeInViewport({ ratio: 0.5 });
});

test('a shared screenshot goes to the in-browser reading; its bytes are never sent to the server', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await createVerifiedUser(page, 'Sharon');
  await startTrial(page);
  await controlled(page, '/scan');
  const posts = watchPosts(context);
  await share(page, { title: '', text: '', url: '' }, ICON);

  await expect(
    page.getByRole('progressbar', { name: 'Reading the image' }).or(page.getByTestId('image-review')),
  ).toBeVisible({ timeout: 30_000 });
  const sharePost = posts.find((r) => new URL(r.url()).pathname === '/share');
  expect(await sharePost?.response().then((r) => r?.fromServiceWorker())).toBe(true);
  // Only that navigation (answered by the worker) ever carried the image.
  for (const r of posts) {
    if (r === sharePost) continue;
    expect(r.postDataBuffer()?.includes(PNG_SIGNATURE) ?? false, `${r.method()} ${r.url()}`).toBe(false);
  }
  // The worker's copy is dropped once the analyzer has it.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await (await caches.open('redflag-share')).match('/__share/image'))))
    .toBe(false);
});

test.describe('with no service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the server takes the share: the text is prefilled, the image dropped unread', async ({ page }) => {
    await page.goto('/');
    await share(
      page,
      { title: '', text: 'Hi mom, I lost my phone. Text me on WhatsApp at +44 7700 900123', url: '' },
      ICON,
    );
    await expect(analyzer(page).message).toHaveValue('Hi mom, I lost my phone. Text me on WhatsApp at +44 7700 900123');
    await expect(page.getByTestId('image-review')).toHaveCount(0);
  });
});
