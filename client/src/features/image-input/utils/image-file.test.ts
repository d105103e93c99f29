import { describe, expect, it } from 'vitest';
import { checkImageFile, IMAGE_ERRORS, MAX_IMAGE_BYTES } from './image-file';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );

describe('checkImageFile', () => {
  it('takes PNG, JPEG and WebP by their bytes, whatever the file claims', async () => {
    expect(await checkImageFile(new Blob([new Uint8Array(PNG)], { type: 'application/octet-stream' }))).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(await checkImageFile(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(await checkImageFile(new Blob([new Uint8Array(WEBP)]))).toEqual({ ok: true, type: 'image/webp' });
  });

  it('refuses a renamed PDF, an SVG, an empty file and an image over the limit', async () => {
    expect(await checkImageFile(new Blob(['%PDF-1.7'], { type: 'image/png' }))).toEqual({
      ok: false,
      message: IMAGE_ERRORS.type,
    });
    expect(
      await checkImageFile(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })),
    ).toEqual({ ok: false, message: IMAGE_ERRORS.type });
    expect(await checkImageFile(new Blob([]))).toEqual({ ok: false, message: IMAGE_ERRORS.empty });
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(await checkImageFile(new Blob([big]))).toEqual({ ok: false, message: IMAGE_ERRORS.size });
  });
});
