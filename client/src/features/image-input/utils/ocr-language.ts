import { detectAll } from 'tinyld/light';

/** The languages whose OCR data we ship (client/ocr-assets.ts): ISO 639-1 code -> Tesseract's name. */
export const OCR_LANGUAGES = {
  en: { tesseract: 'eng', name: 'English' },
  es: { tesseract: 'spa', name: 'Spanish' },
  pt: { tesseract: 'por', name: 'Portuguese' },
  fr: { tesseract: 'fra', name: 'French' },
  de: { tesseract: 'deu', name: 'German' },
  id: { tesseract: 'ind', name: 'Indonesian' },
} as const;
export type OcrLanguage = keyof typeof OCR_LANGUAGES;

const MIN_LETTERS = 12;

/**
 * The language of text read from an image, among those we can read: a first English pass gives enough
 * text to tell, and a second pass in that language gets its accents right. Malay is read as Indonesian
 * (the detector often confuses the two on short texts). Null when unsure.
 */
export function detectOcrLanguage(text: string): OcrLanguage | null {
  const words = text.replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+|\d+/g, ' ');
  if ((words.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return null;
  const [best] = detectAll(words, { only: ['en', 'es', 'pt', 'fr', 'de', 'id', 'ms'] });
  if (!best || best.accuracy < 0.2) return null;
  const code = best.lang === 'ms' ? 'id' : best.lang;
  return code in OCR_LANGUAGES ? (code as OcrLanguage) : null;
}
