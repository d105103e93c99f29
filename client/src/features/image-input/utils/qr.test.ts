import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrLink } from './image-scan';
import { prepareForOcr } from './ocr-image';
import { decodeQrCodes, findQrCodes, type Rgba } from './qr';

/**
 * A QR code drawn into a white image at `scale` px per module, its top-left corner at (left, top), turned by
 * `degrees` about that corner, and bars of ink (text strokes) where `ink` says; without a canvas.
 */
function qrImage(
  text: string,
  {
    scale,
    width,
    height,
    left,
    top,
    degrees = 0,
    ink = [],
  }: { scale: number; width: number; height: number; left: number; top: number; degrees?: number; ink?: Box[] },
): Rgba {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Back from the image to the code's own grid.
      const u = (x + 0.5 - left) * cos + (y + 0.5 - top) * sin;
      const v = -(x + 0.5 - left) * sin + (y + 0.5 - top) * cos;
      const row = Math.floor(v / scale);
      const col = Math.floor(u / scale);
      const inCode = row >= 0 && col >= 0 && row < size && col < size && qr.modules.get(row, col);
      const inInk = ink.some((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h && x % 4 < 2);
      if (!inCode && !inInk) continue;
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, width, height };
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const grey = (img: Rgba, x: number, y: number) => img.data[(y * img.width + x) * 4] ?? -1;

/** Whether every pixel of `box` is white in `img`. */
const allWhite = (img: Rgba, box: Box) => {
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) if (grey(img, x, y) !== 255) return false;
  return true;
};

describe('decodeQrCodes', () => {
  it('reads a small code (2 px per module) in a larger screenshot-sized image', () => {
    const img = qrImage('https://pay-parking.top/m/1', { scale: 2, width: 600, height: 900, left: 300, top: 500 });
    expect(decodeQrCodes(img)).toEqual(['https://pay-parking.top/m/1']);
  });

  it('finds nothing in a blank image', () => {
    expect(decodeQrCodes({ data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 })).toEqual(
      [],
    );
  });
});

describe('a QR code is kept out of the text reader', () => {
  it('paints the code white in the prepared image and leaves the words beside it', () => {
    // 29 modules at 6 px: the code spans x 300-474, y 40-214; a line of text stops 12 px (two modules) short of it.
    const text = { x: 20, y: 110, w: 268, h: 30 };
    const img = qrImage('https://parking-fines.top/p/55210', {
      scale: 6,
      width: 520,
      height: 260,
      left: 300,
      top: 40,
      ink: [text],
    });
    const codes = findQrCodes(img);
    expect(codes.map((c) => c.text)).toEqual(['https://parking-fines.top/p/55210']);

    const unprepared = prepareForOcr(img);
    expect(allWhite(unprepared, { x: 300, y: 40, w: 174, h: 174 })).toBe(false);
    const prepared = prepareForOcr(img, { qrAreas: codes.map((c) => c.area) });
    expect(prepared.scale).toBe(1);
    expect(allWhite(prepared, { x: 300, y: 40, w: 174, h: 174 })).toBe(true);
    // The words keep their ink, up to their last stroke next to the code.
    expect(grey(prepared, 20, 120)).toBeLessThan(80);
    expect(grey(prepared, 285, 120)).toBeLessThan(80);
  });

  it("paints a turned code's own area, not the square around it, where words may stand", () => {
    // Turned 30 degrees about its top-left corner (300, 20): its box is about x 213-451, y 20-258, and its
    // left-hand corner (213, 171) leaves the box's top-left quarter free for a word.
    const word = { x: 216, y: 28, w: 40, h: 30 };
    const img = qrImage('https://parking-fines.top/p/55210', {
      scale: 6,
      width: 520,
      height: 300,
      left: 300,
      top: 20,
      degrees: 30,
      ink: [word],
    });
    const codes = findQrCodes(img);
    expect(codes).toHaveLength(1);
    const prepared = prepareForOcr(img, { qrAreas: codes.map((c) => c.area) });
    expect(prepared.scale).toBe(1);
    // The code's centre and a finder pattern are white; the word in the box's corner is not.
    expect(allWhite(prepared, { x: 300, y: 120, w: 40, h: 40 })).toBe(true);
    expect(allWhite(prepared, { x: 296, y: 30, w: 20, h: 20 })).toBe(true);
    expect(grey(prepared, 216, 30)).toBeLessThan(80);
  });

  it("gives where a code lies in the image's own pixels when a large image was searched smaller", () => {
    // 1800 px wide: jsQR looks at it at 1600 / 1800 of its size first.
    const img = qrImage('https://parking-fines.top/p/55210', {
      scale: 8,
      width: 1800,
      height: 600,
      left: 1200,
      top: 100,
    });
    const [code] = findQrCodes(img);
    const xs = (code?.area ?? []).map((p) => p.x);
    const ys = (code?.area ?? []).map((p) => p.y);
    // 29 modules at 8 px (1200-1432, 100-332) and one module around it, give or take the smaller search's pixel.
    expect(Math.min(...xs)).toBeGreaterThan(1200 - 8 - 4);
    expect(Math.min(...xs)).toBeLessThanOrEqual(1200);
    expect(Math.max(...xs)).toBeGreaterThanOrEqual(1432);
    expect(Math.max(...xs)).toBeLessThan(1432 + 8 + 4);
    expect(Math.min(...ys)).toBeLessThanOrEqual(100);
    expect(Math.max(...ys)).toBeGreaterThanOrEqual(332);
    expect(Math.max(...ys)).toBeLessThan(332 + 8 + 4);
  });
});

describe('qrLink', () => {
  it('takes http(s) and www. links, not other QR contents', () => {
    expect(qrLink(' https://a.example/x ')).toBe('https://a.example/x');
    expect(qrLink('www.example.com/pay')).toBe('https://www.example.com/pay');
    expect(qrLink('WIFI:S:home;T:WPA;P:secret;;')).toBeNull();
  });
});
