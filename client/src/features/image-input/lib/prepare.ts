/**
 * Runs one step of reading an image in our own module worker (prepare.worker.ts), off the page's thread.
 * Each call has its own worker, ended when the step is done or `signal` aborts (Cancel stops the step at
 * once, whatever loop it is in). Vite builds the worker as its own file, fetched only when an image is read.
 */
import type { Point } from '../utils/qr';

/** Where QR codes lie, each as four corners in the original image's pixels (utils/qr.ts `findQrCodes`). */
export type QrAreas = Point[][];

export type PrepareRequest = { task: 'ocr'; image: Blob; qrAreas: QrAreas } | { task: 'qr'; image: Blob };

export type PrepareReply =
  | { ok: true; task: 'ocr'; png: Blob }
  | { ok: true; task: 'qr'; texts: string[]; areas: QrAreas }
  | { ok: false; error: string };

export class PrepareAborted extends Error {
  constructor() {
    super('Preparing the image was cancelled');
    this.name = 'PrepareAborted';
  }
}

function inWorker(request: PrepareRequest, signal?: AbortSignal): Promise<PrepareReply & { ok: true }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new PrepareAborted());
    const worker = new Worker(new URL('./prepare.worker.ts', import.meta.url), {
      type: 'module',
      name: 'redflag-prepare-image',
    });
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(new PrepareAborted());
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<PrepareReply>) => {
      done();
      const reply = event.data;
      if (reply.ok) resolve(reply);
      else reject(new Error(`Preparing the image failed (${reply.error})`));
    };
    worker.onerror = (event) => {
      done();
      event.preventDefault();
      reject(new Error('The image worker failed to start'));
    };
    // A Blob crosses to the worker by reference (structured clone keeps its bytes where they are).
    worker.postMessage(request);
  });
}

/** The screenshot prepared for tesseract (utils/ocr-image.ts), as a PNG, with its QR codes' areas painted white. */
export async function preparedImage(image: Blob, qrAreas: QrAreas, signal?: AbortSignal): Promise<Blob> {
  const reply = await inWorker({ task: 'ocr', image, qrAreas }, signal);
  if (reply.task !== 'ocr') throw new Error('Unexpected reply');
  return reply.png;
}

/**
 * Every QR code's text in the image, and where each code lies (utils/qr.ts), so that reading the text can
 * leave the codes out without looking for them again.
 */
export async function readQrCodes(image: Blob, signal?: AbortSignal): Promise<{ texts: string[]; areas: QrAreas }> {
  const reply = await inWorker({ task: 'qr', image }, signal);
  if (reply.task !== 'qr') throw new Error('Unexpected reply');
  return { texts: reply.texts, areas: reply.areas };
}
