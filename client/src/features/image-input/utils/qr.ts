import jsQR from 'jsqr';

/** Pixels as a canvas gives them (RGBA, row by row). */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** jsQR is slow on very large images and misses tiny codes; these sizes cover both (longest side, px). */
const MAX_SIDE = 1600;
const MIN_SIDE = 800;
const MAX_CODES = 5;

/** Nearest-neighbour resize: QR modules are squares, so no smoothing is wanted. */
export function resize(img: Rgba, factor: number): Rgba {
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, Math.floor(y / factor));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / factor));
      const s = (sy * img.width + sx) * 4;
      data.set(img.data.subarray(s, s + 4), (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

export interface Point {
  x: number;
  y: number;
}

/** Paints a found code's area white so the next pass can find another one. */
function blank(img: Rgba, points: Point[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const pad = 8;
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - pad);
  const x1 = Math.min(img.width, Math.ceil(Math.max(...xs)) + pad);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - pad);
  const y1 = Math.min(img.height, Math.ceil(Math.max(...ys)) + pad);
  for (let y = y0; y < y1; y++) img.data.fill(255, (y * img.width + x0) * 4, (y * img.width + x1) * 4);
}

/** A QR code found in an image: its text and its area (four corners, the code plus one module around it). */
export interface QrCode {
  text: string;
  area: Point[];
}

/**
 * The code's four corners pushed out by one module on each side, in the coordinates of the image it was
 * found in divided by `factor`. Scaling the quadrilateral about its centre by (n + 2) / n, for a code of
 * n modules a side, adds one module all round a square, and about that to a photo's skewed one; the module
 * takes the anti-aliased edge with it, and stays inside the four-module margin a printed code keeps.
 */
function codeArea(corners: Point[], version: number, factor: number): Point[] {
  const modules = 17 + 4 * version;
  const cx = corners.reduce((sum, p) => sum + p.x, 0) / corners.length;
  const cy = corners.reduce((sum, p) => sum + p.y, 0) / corners.length;
  const grow = (modules + 2) / modules;
  return corners.map((p) => ({ x: (cx + (p.x - cx) * grow) / factor, y: (cy + (p.y - cy) * grow) / factor }));
}

function decodeAll(source: Rgba, factor: number): QrCode[] {
  const img = { ...source, data: new Uint8ClampedArray(source.data) };
  const found: QrCode[] = [];
  for (let i = 0; i < MAX_CODES; i++) {
    const code = jsQR(img.data, img.width, img.height, { inversionAttempts: 'attemptBoth' });
    if (!code) break;
    const l = code.location;
    const corners = [l.topLeftCorner, l.topRightCorner, l.bottomRightCorner, l.bottomLeftCorner];
    found.push({ text: code.data, area: codeArea(corners, code.version, factor) });
    blank(img, corners);
  }
  return found;
}

/**
 * Every QR code in an image (up to five), with where it lies in `img`'s coordinates. jsQR finds a code at
 * any rotation; a large image is looked at smaller first (faster, and a photo's noise fades), and if nothing
 * is found at that size it is tried at full size, then enlarged when small, for tiny codes.
 */
export function findQrCodes(img: Rgba): QrCode[] {
  const side = Math.max(img.width, img.height);
  const attempts: number[] = [];
  if (side > MAX_SIDE) attempts.push(MAX_SIDE / side);
  attempts.push(1);
  if (side < MIN_SIDE) attempts.push(2, 3);
  else if (side <= MAX_SIDE) attempts.push(2);
  for (const factor of attempts) {
    const found = decodeAll(factor === 1 ? img : resize(img, factor), factor);
    // A code whose text could not be read does not end the search: another size may read it.
    if (found.some((c) => c.text)) return found;
  }
  return [];
}

/** The texts of the QR codes in an image (`findQrCodes`), each once; an unreadable code has none. */
export function qrCodeTexts(codes: QrCode[]): string[] {
  return [...new Set(codes.map((c) => c.text).filter(Boolean))];
}

/** Every QR code's text in an image (up to five). */
export function decodeQrCodes(img: Rgba): string[] {
  return qrCodeTexts(findQrCodes(img));
}
