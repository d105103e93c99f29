import { describe, expect, it } from 'vitest';
import { prepareForOcr } from './ocr-image';

/** A width x height screen filled with `bg`, with bars of `ink` (strokes of text) where `at` says. */
function screen(
  width: number,
  height: number,
  bg: (y: number) => number,
  ink: number,
  bars: { y: number; h: number; x: number; w: number }[],
) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBar = bars.some((b) => y >= b.y && y < b.y + b.h && x >= b.x && x < b.x + b.w && x % 4 < 2);
      const v = inBar ? ink : bg(y);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const at = (img: { data: Uint8ClampedArray; width: number }, x: number, y: number) =>
  img.data[(y * img.width + x) * 4] ?? -1;

describe('prepareForOcr', () => {
  it('turns a dark-mode screen into dark text on white and scales up its short lines', () => {
    const img = screen(200, 60, () => 20, 230, [{ y: 20, h: 10, x: 20, w: 120 }]);
    const out = prepareForOcr(img);
    expect(out.invertedRows).toBe(60);
    expect(out.scale).toBe(3);
    expect(out.width).toBe(600);
    expect(at(out, 10 * 3, 5 * 3)).toBe(255);
    expect(at(out, 20 * 3 + 1, 25 * 3)).toBeLessThan(80);
  });

  it('flattens a page of two greys to white so one threshold cannot split the greys (the dark text stays)', () => {
    const img = screen(300, 200, (y) => (y < 150 ? 236 : 255), 40, [{ y: 40, h: 30, x: 30, w: 200 }]);
    const out = prepareForOcr(img);
    expect(out.scale).toBe(1);
    expect(at(out, 280, 100)).toBe(255);
    expect(at(out, 280, 190)).toBe(255);
    expect(at(out, 32, 50)).toBeLessThan(80);
  });

  it('leaves a screen with large text at its size and light rows as they are', () => {
    const img = screen(300, 200, () => 250, 30, [{ y: 50, h: 40, x: 30, w: 200 }]);
    const out = prepareForOcr(img);
    expect(out).toMatchObject({ scale: 1, invertedRows: 0, width: 300, height: 200 });
  });

  it('shrinks a heading line far taller than the text lines (tesseract dropped it), and keeps the text lines as they are', () => {
    // Body lines 30 px tall, a heading 100 px tall (a "NOTICE" banner three times the text's size).
    const bars = [
      { y: 20, h: 100, x: 20, w: 240 },
      { y: 150, h: 30, x: 20, w: 200 },
      { y: 200, h: 30, x: 20, w: 200 },
      { y: 250, h: 30, x: 20, w: 200 },
    ];
    const out = prepareForOcr(screen(300, 300, () => 255, 0, bars));
    expect(out.scale).toBe(1);
    expect(out.width).toBe(300);
    // Heading rows: ink no taller than twice a text line now; the text lines below keep their 30 px.
    const inkRuns: number[] = [];
    let run = 0;
    for (let y = 0; y <= out.height; y++) {
      let ink = false;
      for (let x = 0; y < out.height && x < out.width && !ink; x++) ink = at(out, x, y) < 110;
      if (ink) run++;
      else if (run) {
        inkRuns.push(run);
        run = 0;
      }
    }
    expect(inkRuns).toHaveLength(4);
    expect(inkRuns[0]).toBeLessThanOrEqual(60);
    expect(inkRuns[0]).toBeGreaterThanOrEqual(40);
    expect(inkRuns.slice(1)).toEqual([30, 30, 30]);
  });
});
