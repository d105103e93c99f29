import { Hono } from 'hono';
import { composeSharedMessage, SHARE_TARGET_PATH, sharedLocation } from '@redflag/contracts/share-target';
import type { AppEnv } from '../http/types.ts';
import { boundaryOf, readSharedFields } from './shared-form.ts';

/**
 * POST /share without a service worker (the first share after install can come before the worker is
 * active, or a browser without one): the shared title, text and link go to the analyzer, prefilled and not
 * sent, in the URL fragment (never sent to a server, so never logged). A shared file is not read: the form is
 * read up to its first file part and the rest is cancelled (share-target/shared-form.ts). It changes nothing
 * and reads no cookie, so the origin check does not apply (http/security.ts). Nothing is logged but the
 * request line every request has.
 */
/** Not a form: nothing to read. An undeclared length is read through (unkept) for the body limit's sake. */
async function drain(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: boolean,
): Promise<Record<string, string>> {
  if (!body) return {};
  if (declaredLength) await body.cancel().catch(() => undefined);
  else for await (const chunk of body) void chunk;
  return {};
}

export function shareTargetRoutes() {
  const app = new Hono<AppEnv>();
  app.post(SHARE_TARGET_PATH, async (c) => {
    const boundary = boundaryOf(c.req.header('content-type'));
    const declaredLength = c.req.header('content-length') !== undefined;
    const fields = boundary
      ? await readSharedFields(c.req.raw.body, boundary, { declaredLength })
      : await drain(c.req.raw.body, declaredLength);
    const text = composeSharedMessage({ title: fields.title, text: fields.text, url: fields.url });
    return c.redirect(sharedLocation({ text, image: false }), 303);
  });
  return app;
}
