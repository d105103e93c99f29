import type { Rgba } from '../utils/qr';

/**
 * The image's pixels through a canvas, at most `maxSide` px on its longest side; `scale` is how many of these
 * pixels one of the image's own is (1 or less), to carry places between reads at different sizes.
 */
export async function imagePixels(image: Blob, maxSide = 2400): Promise<Rgba & { scale: number }> {
  const bitmap = await createImageBitmap(image);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, width, height);
  return { data, width, height, scale };
}

/** A small data: URL preview (the CSP allows data: images, not blob: ones). */
export async function imagePreview(image: Blob, maxSide = 480): Promise<string> {
  const bitmap = await createImageBitmap(image);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.8);
}
