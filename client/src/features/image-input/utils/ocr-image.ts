import type { Point, Rgba } from './qr';

/**
 * A screenshot made ready for tesseract (decision 090). Tesseract reads dark text on a light page
 * with capital letters some 20-40 px tall best; screens give it light-on-dark bars and dark mode, and a
 * desktop screenshot at 1x has 10-12 px letters. So, on the pixels the browser and the benchmark both hand
 * over (pure code, no canvas):
 *
 * 1. grey, then each pixel row whose background (its most common grey) is dark is inverted, so an app's
 *    coloured header, a status bar and a whole dark-mode screen become dark text on light. Screens lay out
 *    their bars and bubbles in horizontal bands, so one decision per row fits them;
 * 2. the background is flattened to white: each pixel is compared with the mean of the square around it
 *    (about two text lines wide), so bubbles, bars and the page's shades all become white paper and only
 *    what is darker than its surroundings stays. Tesseract binarises with one threshold for the whole page
 *    (Otsu), which on a page of two greys (a grey chat area above a white strip) split the greys and read
 *    nothing at all;
 * 3. the height of the text lines is measured (runs of rows holding ink); a line far taller than the others
 *    (a banner's heading) is shrunk to one and a half times their height (`shrinkTallLines`), and an image whose lines are
 *    short is scaled up (2x or 3x, bilinear) so the letters reach the size tesseract was trained on.
 *
 * Before all three, every QR code's area (`qrAreas`, from utils/qr.ts `findQrCodes`) is painted white: its
 * squares are no text, and tesseract read them as glyph noise ("ⅠⅡ ▪ ■ |l|l") in the message, even
 * interleaved with the words beside the code, which turned an English sticker's language into Hindi. They
 * would also count as lines of ink when the line height is measured.
 */
export interface PreparedImage extends Rgba {
  /** Grey RGBA on its own buffer (ImageData takes it as it is). */
  data: Uint8ClampedArray<ArrayBuffer>;
  /** How much the image was scaled up (1 when its text was large enough). */
  scale: number;
  /** How many pixel rows were inverted (light text on a dark background). */
  invertedRows: number;
}

/** Lines shorter than this (in px, ascender to descender) are scaled up. */
const MIN_LINE_PX = 26;
/** Never make an image larger than this many pixels (memory in the browser's worker). */
const MAX_PIXELS = 16_000_000;

function grey(rgba: Rgba): Uint8ClampedArray {
  const { data, width, height } = rgba;
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    // Transparent pixels (a cut-out sticker) count as white paper.
    const a = (data[i + 3] ?? 255) / 255;
    const l = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    out[p] = l * a + 255 * (1 - a);
  }
  return out;
}

/** Inverts each row whose most common grey (its background) is dark; returns how many were. */
function lightenDarkRows(g: Uint8ClampedArray, width: number, height: number): number {
  const bins = new Uint32Array(16);
  let inverted = 0;
  for (let y = 0; y < height; y++) {
    bins.fill(0);
    const row = y * width;
    for (let x = 0; x < width; x++) bins[(g[row + x] ?? 0) >> 4]!++;
    let mode = 0;
    for (let b = 1; b < 16; b++) if (bins[b]! > bins[mode]!) mode = b;
    if (mode * 16 + 8 >= 128) continue;
    inverted++;
    for (let x = 0; x < width; x++) g[row + x] = 255 - (g[row + x] ?? 0);
  }
  return inverted;
}

/** Runs of rows with ink (dark pixels well below the row's background): where each starts and how tall it is. */
function inkRuns(g: Uint8ClampedArray, width: number, height: number): { y: number; h: number }[] {
  const runs: { y: number; h: number }[] = [];
  let run = 0;
  for (let y = 0; y <= height; y++) {
    let ink = 0;
    if (y < height) {
      const row = y * width;
      for (let x = 0; x < width && ink < 2; x++) if ((g[row + x] ?? 255) < 110) ink++;
    }
    if (ink >= 2) run++;
    else {
      // A run of one to three rows is a rule or a border, not a line of text.
      if (run >= 4) runs.push({ y: y - run, h: run });
      run = 0;
    }
  }
  return runs;
}

/** The median height of runs of rows with ink, or null. */
export function medianLineHeight(g: Uint8ClampedArray, width: number, height: number): number | null {
  const runs = inkRuns(g, width, height).map((r) => r.h);
  if (!runs.length) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? null;
}

/**
 * Tesseract's layout step drops a line of letters far larger than the page's text as a picture: a "NOTICE"
 * banner three times the message's size was read as nothing, or as broken glyphs. Each run of ink rows more
 * than `TALL_LINE` times the median line is shrunk (area average, kept at the left, the rest of its rows
 * white) to `SHRUNK_LINE` lines: a heading 1.8 times the text's line was read, 2.2 times was not. Text
 * lines keep their size. A run taller than `MAX_TALL_LINE` lines is a picture or a border that joins many
 * lines, left as it is.
 */
const TALL_LINE = 1.75;
const SHRUNK_LINE = 1.5;
const MAX_TALL_LINE = 6;

function shrinkTallLines(
  g: Uint8ClampedArray,
  width: number,
  height: number,
  line: number,
): { g: Uint8ClampedArray; height: number } {
  const tall = inkRuns(g, width, height).filter((r) => r.h > line * TALL_LINE && r.h <= line * MAX_TALL_LINE);
  if (!tall.length) return { g, height };
  const bands: Uint8ClampedArray[] = [];
  let from = 0;
  for (const run of tall) {
    bands.push(g.subarray(from * width, run.y * width));
    const f = (line * SHRUNK_LINE) / run.h;
    const h = Math.max(1, Math.round(run.h * f));
    const w = Math.max(1, Math.round(width * f));
    const band = new Uint8ClampedArray(width * h).fill(255);
    for (let y = 0; y < h; y++) {
      const sy0 = run.y + Math.floor(y / f);
      const sy1 = Math.min(run.y + run.h, Math.max(sy0 + 1, run.y + Math.floor((y + 1) / f)));
      for (let x = 0; x < w; x++) {
        const sx0 = Math.floor(x / f);
        const sx1 = Math.min(width, Math.max(sx0 + 1, Math.floor((x + 1) / f)));
        let sum = 0;
        for (let sy = sy0; sy < sy1; sy++) for (let sx = sx0; sx < sx1; sx++) sum += g[sy * width + sx] ?? 255;
        band[y * width + x] = sum / ((sy1 - sy0) * (sx1 - sx0));
      }
    }
    bands.push(band);
    from = run.y + run.h;
  }
  bands.push(g.subarray(from * width));
  const out = new Uint8ClampedArray(bands.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const band of bands) {
    out.set(band, at);
    at += band.length;
  }
  return { g: out, height: out.length / width };
}

/**
 * Each pixel against the mean of the (2r+1)-square around it: as light as its surroundings or lighter is
 * white; darker goes to black twice as fast as it differs (anti-aliased edges keep some grey for the LSTM).
 */
function flattenBackground(g: Uint8ClampedArray, width: number, height: number, r: number): void {
  const w1 = width + 1;
  const sums = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += g[y * width + x] ?? 0;
      sums[(y + 1) * w1 + x + 1] = (sums[y * w1 + x + 1] ?? 0) + row;
    }
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        (sums[y1 * w1 + x1] ?? 0) - (sums[y0 * w1 + x1] ?? 0) - (sums[y1 * w1 + x0] ?? 0) + (sums[y0 * w1 + x0] ?? 0);
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = g[y * width + x] ?? 255;
      g[y * width + x] = v >= mean ? 255 : 255 - (mean - v) * 2;
    }
  }
}

/** Paints each convex quadrilateral (its corners in order, around) white, row by row. */
function whitenAreas(g: Uint8ClampedArray, width: number, height: number, areas: readonly Point[][]): void {
  for (const area of areas) {
    const ys = area.map((p) => p.y);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(height, Math.ceil(Math.max(...ys)));
    for (let y = top; y < bottom; y++) {
      // Where the row's centre line crosses the edges; a convex shape is one run between the outermost two.
      const cy = y + 0.5;
      let left = Infinity;
      let right = -Infinity;
      area.forEach((a, i) => {
        const b = area[(i + 1) % area.length] as Point;
        if ((a.y <= cy && b.y >= cy) || (b.y <= cy && a.y >= cy)) {
          const x = a.y === b.y ? Math.min(a.x, b.x) : a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x);
          const x2 = a.y === b.y ? Math.max(a.x, b.x) : x;
          left = Math.min(left, x);
          right = Math.max(right, x2);
        }
      });
      const x0 = Math.max(0, Math.round(left));
      const x1 = Math.min(width, Math.round(right));
      if (x1 > x0) g.fill(255, y * width + x0, y * width + x1);
    }
  }
}

function scaleUp(
  g: Uint8ClampedArray,
  width: number,
  height: number,
  scale: number,
): { g: Uint8ClampedArray; width: number; height: number } {
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = (g[y0 * width + x0] ?? 0) * (1 - fx) + (g[y0 * width + x1] ?? 0) * fx;
      const bottom = (g[y1 * width + x0] ?? 0) * (1 - fx) + (g[y1 * width + x1] ?? 0) * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { g: out, width: w, height: h };
}

export function prepareForOcr(rgba: Rgba, { qrAreas = [] }: { qrAreas?: readonly Point[][] } = {}): PreparedImage {
  let { width, height } = rgba;
  let g = grey(rgba);
  whitenAreas(g, width, height, qrAreas);
  const invertedRows = lightenDarkRows(g, width, height);
  const line = medianLineHeight(g, width, height);
  flattenBackground(g, width, height, Math.max(8, Math.round((line ?? 20) * 1.5)));
  if (line !== null) ({ g, height } = shrinkTallLines(g, width, height, line));
  let scale = 1;
  if (line !== null && line < MIN_LINE_PX) {
    scale = Math.min(3, Math.ceil(MIN_LINE_PX / line), Math.floor(Math.sqrt(MAX_PIXELS / (width * height))));
    if (scale > 1) ({ g, width, height } = scaleUp(g, width, height, scale));
    else scale = 1;
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0, i = 0; p < g.length; p++, i += 4) {
    const v = g[p] ?? 255;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  return { data, width, height, scale, invertedRows };
}
