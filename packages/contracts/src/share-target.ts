/**
 * The share target (the web app manifest's share_target, POST /share): how the shared title, text and link
 * become one message, and how it reaches the analyzer. The service worker (client/public/sw.js, which
 * repeats these few lines in plain JS) and the server's fallback both redirect to `/` with the message in the
 * URL fragment, which browsers never send to a server, so the text stays out of every request and log.
 * Zod-free: the client's landing page imports it.
 */

export const SHARE_TARGET_PATH = '/share';
/** The form field of a shared image (manifest share_target.params.files[0].name). */
export const SHARE_IMAGE_FIELD = 'image';
/** Where the service worker keeps a shared image until the analyzer takes it (Cache Storage, this origin). */
export const SHARE_CACHE = 'redflag-share';
export const SHARED_IMAGE_URL = '/__share/image';

const FRAGMENT_KEY = 'share';

/** One message from what an app shared: the text, with the title and link unless the text already has them. */
export function composeSharedMessage(fields: {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}): string {
  const text = (fields.text ?? '').trim();
  const title = (fields.title ?? '').trim();
  const url = (fields.url ?? '').trim();
  const parts = [title && !text.includes(title) ? title : '', text, url && !text.includes(url) ? url : ''];
  return parts.filter(Boolean).join('\n');
}

/** `/#share&text=...&image=1`: the analyzer's address for a shared message and/or image. */
export function sharedLocation(shared: { text: string; image: boolean }): string {
  const params = new URLSearchParams();
  if (shared.text) params.set('text', shared.text);
  if (shared.image) params.set('image', '1');
  const rest = params.toString();
  return `/#${FRAGMENT_KEY}${rest ? `&${rest}` : ''}`;
}

/** What a `#share...` fragment carries, or null for any other fragment. */
export function parseSharedHash(hash: string): { text: string; image: boolean } | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw !== FRAGMENT_KEY && !raw.startsWith(`${FRAGMENT_KEY}&`)) return null;
  const params = new URLSearchParams(raw.slice(FRAGMENT_KEY.length));
  return { text: params.get('text') ?? '', image: params.get('image') === '1' };
}
