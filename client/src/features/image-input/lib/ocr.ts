import { createWorker, OEM, type LoggerMessage } from 'tesseract.js';
import { detectOcrLanguage, OCR_LANGUAGES, type OcrLanguage } from '../utils/ocr-language';
import { breakAtGaps, tidyOcrText } from '../utils/ocr-text';
import { preparedImage, type QrAreas } from './prepare';

/**
 * Reads the text in an image in a Web Worker (tesseract.js), with files our own server serves under /ocr/
 * (client/ocr-assets.ts): nothing is fetched from elsewhere and the image never leaves the browser.
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
 * Reads `image`, leaving out the QR codes at `qrAreas` (lib/prepare.ts `readQrCodes`); aborting `signal`
 * stops the worker at once and rejects with OcrCancelled.
 */
export async function recognizeImage(
  image: Blob,
  {
    onProgress,
    signal,
    qrAreas = [],
  }: { onProgress?: (p: OcrProgress) => void; signal?: AbortSignal; qrAreas?: QrAreas } = {},
): Promise<OcrResult> {
  const started = performance.now();
  if (signal?.aborted) throw new OcrCancelled();
  // The screenshot is prepared for tesseract (utils/ocr-image.ts, decision 090) in our own worker while
  // tesseract's loads; ending the job (done, failed or cancelled) ends the preparation too.
  const preparation = new AbortController();
  const stopPreparation = () => preparation.abort();
  signal?.addEventListener('abort', stopPreparation, { once: true });
  const prepared = preparedImage(image, qrAreas, preparation.signal);
  prepared.catch(() => undefined);
  // A second pass (another language) reuses the bar's last stretch rather than jumping back to zero.
  let pass = 0;
  const logger = (m: LoggerMessage) => {
    const stage = STAGES[m.status];
    if (!stage || !onProgress) return;
    const from = pass === 0 ? stage.from : 0.7 + stage.from * 0.3;
    const to = pass === 0 ? (stage.to === 1 ? 0.7 : stage.to) : 0.7 + stage.to * 0.3;
    onProgress({
      progress: from + (to - from) * m.progress,
      label: pass === 0 ? stage.label : 'Reading again in the detected language',
    });
  };
  // A worker that fails to start (no WebAssembly, a file missing) reports through errorHandler, not by rejecting.
  let failed: (err: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  failure.catch(() => undefined);
  let worker: Awaited<ReturnType<typeof createWorker>>;
  try {
    worker = await Promise.race([
      createWorker('eng', OEM.LSTM_ONLY, { ...OCR_PATHS, logger, errorHandler: (err: unknown) => failed(err) }),
      failure,
    ]);
  } catch (err) {
    stopPreparation();
    signal?.removeEventListener('abort', stopPreparation);
    throw signal?.aborted ? new OcrCancelled() : err;
  }
  const cancel = () => void worker.terminate();
  signal?.addEventListener('abort', cancel, { once: true });
  // Cancelled while tesseract was loading: the listener above came too late to fire.
  if (signal?.aborted) cancel();
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
    const input = await guard(prepared);
    // The layout (blocks) too: the gaps between lines tell two bubbles apart (utils/ocr-text.ts breakAtGaps).
    const output = { text: true, blocks: true };
    let { data } = await guard(worker.recognize(input, {}, output));
    const code = detectOcrLanguage(data.text);
    if (code && code !== 'en') {
      pass = 1;
      await guard(worker.reinitialize(OCR_LANGUAGES[code].tesseract, OEM.LSTM_ONLY));
      ({ data } = await guard(worker.recognize(input, {}, output)));
    }
    onProgress?.({ progress: 1, label: 'Done' });
    return {
      text: tidyOcrText(breakAtGaps(data.text, data.blocks ? { blocks: data.blocks } : null)),
      confidence: data.confidence,
      language: code ? { code, name: OCR_LANGUAGES[code].name } : null,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    stopPreparation();
    signal?.removeEventListener('abort', stopPreparation);
    signal?.removeEventListener('abort', cancel);
    if (!signal?.aborted) await worker.terminate().catch(() => undefined);
  }
}
