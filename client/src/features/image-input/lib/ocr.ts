import { createWorker, OEM, type LoggerMessage } from 'tesseract.js';
import { prepareForOcr } from '../utils/ocr-image';
import { detectOcrLanguage, OCR_LANGUAGES, type OcrLanguage } from '../utils/ocr-language';
import { imagePixels } from './image-pixels';
import { tidyOcrText } from '../utils/ocr-text';

/**
 * Reads the text in an image in a Web Worker (tesseract.js), with files our own server serves under /ocr/
 * (scripts/ocr-assets.ts): nothing is fetched from elsewhere and the image never leaves the browser.
 */
const OCR_PATHS = {
  workerPath: '/ocr/worker.min.js',
  corePath: '/ocr/core',
  langPath: '/ocr/lang',
  // The CSP allows scripts from this origin only, so the worker is started from its URL, not a blob: URL.
  workerBlobURL: false,
  gzip: true,
  // Language data is kept in IndexedDB under this prefix; a new data version gets a new prefix.
  cachePath: 'redflag-ocr-4.0.0_best_int',
} as const;

export interface OcrProgress {
  /** 0..1 over the whole job. */
  progress: number;
  label: string;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
  language: { code: OcrLanguage; name: string } | null;
  ms: number;
}

const STAGES: Record<string, { from: number; to: number; label: string }> = {
  'loading tesseract core': { from: 0, to: 0.1, label: 'Loading the text reader' },
  'loading language traineddata': { from: 0.1, to: 0.3, label: 'Loading language data' },
  'initializing api': { from: 0.3, to: 0.35, label: 'Starting' },
  'recognizing text': { from: 0.35, to: 1, label: 'Reading the text' },
};

export class OcrCancelled extends Error {
  constructor() {
    super('Reading the image was cancelled');
    this.name = 'OcrCancelled';
  }
}

/**
 * The screenshot as tesseract reads it best (utils/ocr-image.ts: dark rows lightened, background flattened,
 * short lines scaled up), as a PNG: the worker decodes PNGs itself. The bench reads the same preparation.
 */
async function preparedImage(image: Blob): Promise<Blob> {
  // A phone screenshot is up to ~1300 x 2800 px: read at its own size (the cap only guards against huge photos).
  const prepared = prepareForOcr(await imagePixels(image, 4000));
  const canvas = new OffscreenCanvas(prepared.width, prepared.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.putImageData(new ImageData(prepared.data, prepared.width, prepared.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Reads `image`; aborting `signal` stops the worker at once and rejects with OcrCancelled. */
export async function recognizeImage(
  image: Blob,
  { onProgress, signal }: { onProgress?: (p: OcrProgress) => void; signal?: AbortSignal } = {},
): Promise<OcrResult> {
  const started = performance.now();
  if (signal?.aborted) throw new OcrCancelled();
  // A second pass (another language) reuses the bar's last stretch rather than jumping back to zero.
  let pass = 0;
  const logger = (m: LoggerMessage) => {
    const stage = STAGES[m.status];
    if (!stage || !onProgress) return;
    const from = pass === 0 ? stage.from : 0.7 + (stage.from * 0.3);
    const to = pass === 0 ? (stage.to === 1 ? 0.7 : stage.to) : 0.7 + stage.to * 0.3;
    onProgress({ progress: from + (to - from) * m.progress, label: pass === 0 ? stage.label : 'Reading again in the detected language' });
  };
  // A worker that fails to start (no WebAssembly, a file missing) reports through errorHandler, not by rejecting.
  let failed: (err: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  failure.catch(() => undefined);
  const worker = await Promise.race([createWorker('eng', OEM.LSTM_ONLY, { ...OCR_PATHS, logger, errorHandler: (err: unknown) => failed(err) }), failure]);
  const cancel = () => void worker.terminate();
  signal?.addEventListener('abort', cancel, { once: true });
  const guard = <T>(p: Promise<T>) =>
    Promise.race([p, failure]).then(
      (v) => {
        if (signal?.aborted) throw new OcrCancelled();
        return v;
      },
      (err: unknown) => {
        throw signal?.aborted ? new OcrCancelled() : err;
      },
    );
  try {
    if (signal?.aborted) throw new OcrCancelled();
    const input = await guard(preparedImage(image));
    let { data } = await guard(worker.recognize(input));
    const code = detectOcrLanguage(data.text);
    if (code && code !== 'en') {
      pass = 1;
      await guard(worker.reinitialize(OCR_LANGUAGES[code].tesseract, OEM.LSTM_ONLY));
      ({ data } = await guard(worker.recognize(input)));
    }
    onProgress?.({ progress: 1, label: 'Done' });
    return {
      text: tidyOcrText(data.text),
      confidence: data.confidence,
      language: code ? { code, name: OCR_LANGUAGES[code].name } : null,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    signal?.removeEventListener('abort', cancel);
    if (!signal?.aborted) await worker.terminate().catch(() => undefined);
  }
}

