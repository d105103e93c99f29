/**
 * The text fields at the start of a multipart/form-data body, read without reading any file in it. The share
 * target's form (the web app manifest's share_target) is sent as title, text, url, then the files; the
 * server-side fallback of POST /share wants the text only, so it reads parts until the first part that is a
 * file (or `maxBytes`), then stops and cancels the rest of the body: a shared image is never read here.
 */

const HEADER_END = '\r\n\r\n';

/** The boundary of a multipart/form-data Content-Type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2] ?? null;
}

/**
 * Complete non-file fields in `data` (the body so far), and whether a file part has started (nothing after it
 * is wanted). A part cut off by the end of `data` is not returned.
 */
export function fieldsIn(data: string, boundary: string): { fields: Record<string, string>; sawFile: boolean } {
  const delimiter = `--${boundary}`;
  const fields: Record<string, string> = {};
  const pieces = data.split(delimiter);
  // pieces[0] is the preamble; the last piece is unfinished unless the closing delimiter was seen.
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    if (piece.startsWith('--')) break; // the closing delimiter
    const complete = i < pieces.length - 1;
    const headerEnd = piece.indexOf(HEADER_END);
    if (headerEnd < 0) break;
    const headers = piece.slice(0, headerEnd);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    if (/\bfilename\*?=/i.test(disposition)) return { fields, sawFile: true };
    if (!complete) break;
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    // The part's body ends with the CRLF that precedes the next delimiter.
    if (name) fields[name] = piece.slice(headerEnd + HEADER_END.length).replace(/\r\n$/, '');
  }
  return { fields, sawFile: false };
}

/**
 * Reads `body` up to the first file part or `maxBytes` and answers the text fields. The rest is cancelled,
 * unread, when the request declared its length (a browser's form post always does, and the body limit has
 * already checked it). A body of undeclared length is drained to its end instead, unkept, so that the body
 * limit in front can still refuse one that is too large.
 */
export async function readSharedFields(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  opts: { declaredLength: boolean; maxBytes?: number },
): Promise<Record<string, string>> {
  if (!body) return {};
  const maxBytes = opts.maxBytes ?? 64 * 1024;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let data = '';
  let bytes = 0;
  let done = false;
  try {
    while (!done) {
      const chunk = await reader.read();
      done = chunk.done;
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      data += decoder.decode(chunk.value, { stream: true });
      if (fieldsIn(data, boundary).sawFile || bytes >= maxBytes) break;
    }
    if (!opts.declaredLength) while (!done) done = (await reader.read()).done;
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
  return fieldsIn(data, boundary).fields;
}
