import { prepareForOcr } from '../utils/ocr-image';
import { findQrCodes, qrCodeTexts, type Point } from '../utils/qr';
import { imagePixels } from './image-pixels';
import type { PrepareReply, PrepareRequest, QrAreas } from './prepare';

/**
 * Decoding a screenshot's pixels, reading its QR codes and preparing it for OCR (utils/ocr-image.ts) take
 * from tens of ms to over a second for a large photo: they run here, off the page's thread, so the progress
 * bar moves and Cancel answers meanwhile (decision 090). Same code and same canvas calls as on the page;
 * only the thread differs.
 */

const scaled = (areas: QrAreas, by: number): QrAreas =>
  areas.map((area) => area.map((p): Point => ({ x: p.x * by, y: p.y * by })));

/**
 * The screenshot as tesseract reads it best, as a PNG (tesseract's worker decodes PNGs itself), with the QR
 * codes the 'qr' step found painted white. The two steps read the image at different sizes, so the codes'
 * places travel in the original image's pixels.
 */
async function preparedPng(image: Blob, qrAreas: QrAreas): Promise<Blob> {
  // A phone screenshot is up to ~1300 x 2800 px: read at its own size (the cap only guards against huge photos).
  const pixels = await imagePixels(image, 4000);
  const prepared = prepareForOcr(pixels, { qrAreas: scaled(qrAreas, pixels.scale) });
  const canvas = new OffscreenCanvas(prepared.width, prepared.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.putImageData(new ImageData(prepared.data, prepared.width, prepared.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

async function run(request: PrepareRequest): Promise<PrepareReply> {
  if (request.task === 'qr') {
    const pixels = await imagePixels(request.image);
    const codes = findQrCodes(pixels);
    return {
      ok: true,
      task: 'qr',
      texts: qrCodeTexts(codes),
      areas: scaled(
        codes.map((c) => c.area),
        1 / pixels.scale,
      ),
    };
  }
  return { ok: true, task: 'ocr', png: await preparedPng(request.image, request.qrAreas) };
}

self.onmessage = (event: MessageEvent<PrepareRequest>) => {
  run(event.data).then(
    (reply) => self.postMessage(reply),
    // Only the error's kind goes back: the image's content never appears in a message.
    (err: unknown) =>
      self.postMessage({ ok: false, error: err instanceof Error ? err.name : 'Error' } satisfies PrepareReply),
  );
};
