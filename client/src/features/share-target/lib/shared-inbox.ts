import { parseSharedHash, SHARE_CACHE, SHARED_IMAGE_URL } from '@redflag/contracts/share-target';

/**
 * What another app shared with RedFlag (the manifest's share_target, docs/decisions/105), on its way into the
 * analyzer. The service worker (or the server's fallback) opens `/#share&text=...&image=1`; the first page to
 * look moves it out of the address (so a reload or a copied link does not carry the message) into this tab's
 * session storage, where it waits until a page has used it. A shared image waits in Cache Storage, put there
 * by the service worker: it never left the device.
 */
export interface SharedMessage {
  text: string;
  image: boolean;
}

/** Session storage (this tab only): the shared message between the address and the analyzer that takes it. */
const SESSION_KEY = 'redflagSharedMessage';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Moves a `#share...` fragment into session storage and out of the address bar. */
export function takeSharedFromUrl(): void {
  const shared = parseSharedHash(window.location.hash);
  if (!shared) return;
  session()?.setItem(SESSION_KEY, JSON.stringify(shared));
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}

export function peekShared(): SharedMessage | null {
  const raw = session()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const text = typeof record.text === 'string' ? record.text : '';
    const image = record.image === true;
    return text || image ? { text, image } : null;
  } catch {
    return null;
  }
}

/** The shared image the service worker kept, as a file for the screenshot reader; null when there is none. */
export async function loadSharedImage(): Promise<File | null> {
  if (!('caches' in window)) return null;
  const cache = await caches.open(SHARE_CACHE);
  const response = await cache.match(SHARED_IMAGE_URL);
  if (!response) return null;
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared-image');
  return new File([blob], name, { type: blob.type || response.headers.get('content-type') || 'image/png' });
}

/** Forgets the shared message and image: the analyzer has them now. */
export async function clearShared(): Promise<void> {
  session()?.removeItem(SESSION_KEY);
  if ('caches' in window) await (await caches.open(SHARE_CACHE)).delete(SHARED_IMAGE_URL);
}
