import type { TestApp } from './harness.ts';

/** Small helpers for the accounts API tests (not exported to other features). */

export const ORIGIN = 'http://localhost:5000';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export async function post(t: TestApp, path: string, json: unknown, headers: Record<string, string> = {}) {
  return t.request(path, { method: 'POST', json, headers: { origin: ORIGIN, ...headers } });
}

export async function readJson<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function errorOf(
  res: Response,
): Promise<{ code: string; message: string; details?: unknown; retryAfterSeconds?: number }> {
  return (
    await readJson<{ error: { code: string; message: string; details?: unknown; retryAfterSeconds?: number } }>(res)
  ).error;
}

export async function mailbox(t: TestApp): Promise<MailboxEntry[]> {
  return readJson<MailboxEntry[]>(await t.request('/dev/mailbox.json'));
}

export async function latestMailTo(t: TestApp, to: string): Promise<MailboxEntry | undefined> {
  return (await mailbox(t)).find((m) => m.to === to.toLowerCase());
}

/** The session cookie (`name=value`) a response set, if any. */
export function sessionCookie(res: Response): string | null {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('better-auth.session_token=') || c.startsWith('__Secure-better-auth.session_token='));
  if (!cookie) return null;
  const pair = cookie.split(';')[0] ?? '';
  return pair.endsWith('=') ? null : pair;
}

/** Follows a link from a mail in-process: its path and query against the test app. */
export async function openLink(t: TestApp, link: string, headers: Record<string, string> = {}) {
  const url = new URL(link);
  return t.request(`${url.pathname}${url.search}`, { headers, redirect: 'manual' });
}

let ipCounter = 0;
/** A distinct client address (tests run with TRUST_PROXY_HEADER=x-forwarded-for). */
export function freshIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.1` };
}
