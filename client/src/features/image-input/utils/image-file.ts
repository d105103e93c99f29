/** Screenshots and photos we read: PNG, JPEG and WebP, told by their first bytes, not their name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** A phone screenshot is 1-5 MB; a camera photo of a letter may be larger. Beyond this OCR would be slow. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

export const IMAGE_ERRORS = {
  type: 'This file is not a PNG, JPEG or WebP image. Choose a screenshot or a photo in one of those formats.',
  size: `This image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Crop it or take a new screenshot, then try again.`,
  empty: 'This file is empty. Choose a screenshot or a photo.',
} as const;

/** The image type from the file's first bytes; null for anything else (a renamed PDF, an SVG, a HEIC photo). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const at = (i: number) => head[i];
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; message: string };

export async function checkImageFile(file: Blob): Promise<ImageCheck> {
  if (file.size === 0) return { ok: false, message: IMAGE_ERRORS.empty };
  const type = sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) return { ok: false, message: IMAGE_ERRORS.type };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_ERRORS.size };
  return { ok: true, type };
}
