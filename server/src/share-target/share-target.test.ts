import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSharedHash } from '@redflag/contracts/share-target';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { boundaryOf, fieldsIn, readSharedFields } from './shared-form.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----RedFlagShareBoundary';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`;

/** A multipart body whose image part is `imageBytes` long, made as it is pulled; `pulled()` says how far. */
function shareBody(fields: string, imageBytes: number) {
  const head = new TextEncoder().encode(fields + filePart);
  const tail = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + imageBytes + tail.length;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === 0) {
          pulled = head.length;
          return controller.enqueue(head);
        }
        if (pulled < head.length + imageBytes) {
          const n = Math.min(16 * 1024, head.length + imageBytes - pulled);
          pulled += n;
          return controller.enqueue(new Uint8Array(n).fill(0x89));
        }
        if (pulled < total) {
          pulled = total;
          return controller.enqueue(tail);
        }
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, total, pulled: () => pulled };
}

describe('POST /share without a service worker', () => {
  it('redirects to the analyzer with the title, text and link in the fragment, whatever the Origin', async () => {
    const form = new FormData();
    form.set('title', 'Delivery notice');
    form.set('text', 'Your parcel is on hold, pay the fee:');
    form.set('url', 'https://parcel-fee.example/pay');
    const res = await t.request('/share', { method: 'POST', body: form, headers: { origin: 'null' } });
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith('/#share&')).toBe(true);
    expect(parseSharedHash(new URL(location, 'http://x').hash)).toEqual({
      text: 'Delivery notice\nYour parcel is on hold, pay the fee:\nhttps://parcel-fee.example/pay',
      image: false,
    });
  });

  it('keeps the text of a share with a 5 MB image, and reads no more than the parts before the image', async () => {
    const body = shareBody(part('text', 'Mom, I lost my phone, text me on this number'), 5 * 1024 * 1024);
    const res = await t.app.request('http://localhost:5000/share', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.total) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(303);
    expect(parseSharedHash(new URL(res.headers.get('location') ?? '', 'http://x').hash)).toEqual({
      text: 'Mom, I lost my phone, text me on this number',
      image: false,
    });
    expect(body.pulled()).toBeLessThan(64 * 1024);
  });

  it('answers the analyzer with nothing to fill for a body that is not a form', async () => {
    const res = await t.request('/share', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/#share');
  });
});

describe('the form reader', () => {
  it('finds the boundary, complete fields and where a file starts', () => {
    expect(boundaryOf(`multipart/form-data; boundary="${BOUNDARY}"`)).toBe(BOUNDARY);
    expect(boundaryOf('application/json')).toBeNull();
    const data = part('title', 'T') + part('text', 'line 1\r\nline 2') + filePart + 'PNG...';
    expect(fieldsIn(data, BOUNDARY)).toEqual({ fields: { title: 'T', text: 'line 1\r\nline 2' }, sawFile: true });
    // A part cut off by the end of what was read is left out.
    expect(
      fieldsIn(
        part('title', 'T') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhalf`,
        BOUNDARY,
      ).fields,
    ).toEqual({ title: 'T' });
  });

  it('drains a body of undeclared length to its end (so the body limit can refuse it) but keeps only the text', async () => {
    const body = shareBody(part('text', 'hello'), 200 * 1024);
    expect(await readSharedFields(body.stream, BOUNDARY, { declaredLength: false })).toEqual({ text: 'hello' });
    expect(body.pulled()).toBe(body.total);
  });
});
