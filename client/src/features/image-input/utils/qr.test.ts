import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrLink } from './image-scan';
import { decodeQrCodes, type Rgba } from './qr';

/** A QR code drawn into a white image at `scale` px per module, at (left, top), without a canvas. */
function qrImage(text: string, { scale, width, height, left, top }: { scale: number; width: number; height: number; left: number; top: number }): Rgba {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < size * scale; y++) {
    for (let x = 0; x < size * scale; x++) {
      if (!qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) continue;
      const i = ((top + y) * width + left + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, width, height };
}

describe('decodeQrCodes', () => {
  it('reads a small code (2 px per module) in a larger screenshot-sized image', () => {
    const img = qrImage('https://pay-parking.top/m/1', { scale: 2, width: 600, height: 900, left: 300, top: 500 });
    expect(decodeQrCodes(img)).toEqual(['https://pay-parking.top/m/1']);
  });

  it('finds nothing in a blank image', () => {
    expect(decodeQrCodes({ data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 })).toEqual([]);
  });
});

describe('qrLink', () => {
  it('takes http(s) and www. links, not other QR contents', () => {
    expect(qrLink(' https://a.example/x ')).toBe('https://a.example/x');
    expect(qrLink('www.example.com/pay')).toBe('https://www.example.com/pay');
    expect(qrLink('WIFI:S:home;T:WPA;P:secret;;')).toBeNull();
  });
});
