/**
 * A screenshot holds more than the message: the phone's status bar, the app's header (back button, contact,
 * "Text Message"), timestamps, "Delivered" receipts, the input box's placeholder, an e-mail's From/To/Subject
 * lines. Read into the message they change its verdict, so they are set apart here by their shape
 * (a time with little else, a known app label in one of the six languages we read, a header field) and
 * handed back to the review, which shows them and lets the user add any of them back. So are lines of
 * glyphs read from a picture or a QR code (`isGlyphLine`), wherever they stand: in the message they made the
 * server's language detection call an English text Hindi.
 */

export type ScreenChromeKind = 'status' | 'contact' | 'app' | 'time' | 'receipt' | 'email-header' | 'glyphs';

export interface ScreenChromeLine {
  text: string;
  kind: ScreenChromeKind;
  /** Whether the line stood above the message (added back on top) or below/between its parts (added at the end). */
  before: boolean;
}

export interface ScreenText {
  message: string;
  chrome: ScreenChromeLine[];
  /** The sender's address from an e-mail's From line. */
  from?: string;
  /** An e-mail's Subject line, without the label. */
  subject?: string;
}

const TIME = /\b\d{1,2}[:.]\d{2}(?:\s?[ap]\.?\s?m\.?)?(?![\d:.]*\d)/gi;
const NUMERIC_DATE = /\b\d{1,4}[./-]\d{1,2}(?:[./-]\d{2,4})?\b/g;
const PERCENT = /\b\d{1,3}\s?%/;

/** Words a date or timestamp line is made of, in English, Spanish, Portuguese, French, German and Indonesian. */
const DATE_WORDS = new Set(
  `today yesterday now at on am pm mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday
  jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august september october november december
  hoy ayer a las la el de del lunes martes miércoles miercoles jueves viernes sábado sabado domingo ene abr ago dic enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
  hoje ontem às as segunda terça terca quarta quinta sexta feira fev set out dez janeiro fevereiro março maio junho
  aujourd'hui hier à le lundi mardi mercredi jeudi vendredi samedi dimanche janv févr mars avr mai juin juil août sept déc janvier février avril juillet septembre octobre novembre décembre
  heute gestern um uhr am montag dienstag mittwoch donnerstag freitag samstag sonntag märz mär okt dez januar februar juni juli oktober dezember
  hari ini kemarin pukul senin selasa rabu kamis jumat sabtu minggu mei agu des januari februari maret juni juli agustus oktober desember`.split(
    /\s+/,
  ),
);

/** Message receipts, alone or with a time ("Read 9:42 AM", "Lu 14:06"). */
const RECEIPTS = [
  'not delivered',
  'delivered',
  'read',
  'seen',
  'sent',
  'failed',
  'entregado',
  'leído',
  'leido',
  'visto',
  'enviado',
  'entregue',
  'lida',
  'lido',
  'distribué',
  'lu',
  'vu',
  'envoyé',
  'remis',
  'zugestellt',
  'gelesen',
  'gesendet',
  'nicht zugestellt',
  'terkirim',
  'dibaca',
  'diterima',
  'gagal',
].map((p) => p.split(' '));

/** Labels of SMS, chat and e-mail apps: headers, buttons, presence and the input box's placeholder. */
const LABELS = [
  'messages',
  'message',
  'imessage',
  'text message',
  'sms',
  'mms',
  'chats',
  'back',
  'edit',
  'details',
  'info',
  'done',
  'inbox',
  'reply',
  'reply all',
  'forward',
  'archive',
  'type a message',
  'write a message',
  'send a message',
  'new message',
  'aa',
  'online',
  'typing',
  'last seen',
  'contact info',
  'to me',
  'rcs message',
  'chat message',
  'mensajes',
  'mensaje',
  'mensaje de texto',
  'escribe un mensaje',
  'escribir mensaje',
  'en línea',
  'en linea',
  'escribiendo',
  'atrás',
  'visto por última vez',
  'responder',
  'reenviar',
  'bandeja de entrada',
  'mensagens',
  'mensagem',
  'mensagem de texto',
  'digite uma mensagem',
  'escreva uma mensagem',
  'digitando',
  'voltar',
  'visto por último',
  'caixa de entrada',
  'écrire un message',
  'écrivez un message',
  'votre message',
  'en ligne',
  'retour',
  "en train d'écrire",
  'vu pour la dernière fois',
  'boîte de réception',
  'répondre',
  'transférer',
  'texto',
  'nachrichten',
  'nachricht',
  'nachricht schreiben',
  'textnachricht',
  'zurück',
  'schreibt',
  'zuletzt online',
  'posteingang',
  'antworten',
  'weiterleiten',
  'pesan',
  'ketik pesan',
  'tulis pesan',
  'pesan teks',
  'kembali',
  'mengetik',
  'sedang mengetik',
  'terakhir dilihat',
  'kotak masuk',
  'balas',
  'teruskan',
].map((p) => p.split(' '));

/** Status-bar words besides the time and battery: network types. */
const NETWORK = new Set(['lte', '5g', '4g', '3g', '2g', 'e', 'h', 'h+', 'wi-fi', 'wifi', 'volte', 'sos', '5ge']);

const EMAIL_HEADER =
  /^(from|to|cc|bcc|subject|date|sent|reply-to|de|para|asunto|assunto|fecha|data|enviado|enviada|à|a|objet|envoyé|von|an|betreff|datum|gesendet|dari|kepada|subjek|perihal|tanggal)\s*:\s*(.*)$/i;
const SUBJECT_LABEL = /^(subject|asunto|assunto|objet|betreff|subjek|perihal)$/i;
const FROM_LABEL = /^(from|de|von|dari)$/i;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/i;
const PHONE_ONLY = /^[+(]?[\d\s().-]{7,}$/;

/** Words that open a message rather than name a contact in a chat header. */
const NOT_A_NAME = new Set(
  `hi hello hey dear hola oi olá ola bonjour salut coucou hallo liebe lieber halo hai yth selamat querido querida cher chère
  urgent alert warning notice final important security account attention congratulations reminder update payment order delivery your our the
  aviso alerta atención atenção urgente conta cuenta achtung dringend warnung konto peringatan penting`.split(/\s+/),
);

const tokens = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(TIME, ' ')
    .replace(NUMERIC_DATE, ' ')
    .replace(/[<>‹›«»·•|,;:()[\]…!?"“”*~=_/\\]+/g, ' ')
    .split(/\s+/)
    // A dash or a dot read for a separator is not a word.
    .filter((w) => /[\p{L}\p{N}]/u.test(w));

/** Removes the phrases at each position (longest first); returns the tokens left and whether any matched. */
function strip(words: string[], phrases: string[][]): { left: string[]; matched: boolean } {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  const left: string[] = [];
  let matched = false;
  for (let i = 0; i < words.length;) {
    const hit = sorted.find((p) => p.every((w, j) => words[i + j]?.replace(/\.$/, '') === w));
    if (hit) {
      matched = true;
      i += hit.length;
    } else left.push(words[i++] as string);
  }
  return { left, matched };
}

/** Characters a line of text rarely holds, but a QR code's squares, a logo or a photo read as text do. */
const ODD_GLYPH = /[^\p{L}\p{M}\p{N}\p{Extended_Pictographic}\s.,:;!?'"’‘“”()$€£¥%@/&+#*-]/gu;

/**
 * A line of glyphs, not words: what tesseract reads from a QR code it was not kept from, a logo or a photo
 * ("ⅠⅡ ▪ ■ |l|l", "[=] Ar] or, [=] L"). Either single letters among odd glyphs with no digit, or, with no
 * word of three letters, fewer letters than other characters and a quarter of odd glyphs. A message's
 * short lines ("$1.99", "Call 0800 123 456", "- Mom", "a)", "Ok :)") have no odd glyphs or have a word.
 */
function isGlyphLine(line: string): boolean {
  const chars = line.replace(/\s+/g, '');
  const odd = (chars.match(ODD_GLYPH) ?? []).length;
  if (!odd) return false;
  if (!/[\p{L}\p{M}]{2}/u.test(line) && !/\p{Nd}/u.test(line)) return true;
  if (/[\p{L}\p{M}]{3}/u.test(line)) return false;
  const letters = (chars.match(/[\p{L}\p{M}]/gu) ?? []).length;
  return letters * 2 < chars.length && odd * 4 >= chars.length;
}

type Position = 'lead' | 'other';

function classify(line: string, at: Position): ScreenChromeKind | null {
  const text = line.trim();
  if (!text) return null;
  if (isGlyphLine(text)) return 'glyphs';
  const hasTime = new RegExp(TIME.source, 'i').test(text) || new RegExp(NUMERIC_DATE.source).test(text);
  const words = tokens(text);
  const isDateWord = (w: string) => DATE_WORDS.has(w.replace(/[.,]$/, '')) || /^\d{1,4}(?:st|nd|rd|th|\.)?$/.test(w);

  if (at === 'lead') {
    const header = EMAIL_HEADER.exec(text);
    if (header) return 'email-header';
    // A header the reader joined into one line: the sender, the arrow to their details, then the app's
    // label or the time ("+44 7893 402117 > Text Message - Today 08:17"). Both halves must be header.
    const parts = text.split(/\s+[>›»]\s+/);
    if (parts.length === 2) {
      const [who, rest] = parts as [string, string];
      const restKind = classify(rest, 'other');
      if (classify(who, 'lead') === 'contact' && (restKind === 'app' || restKind === 'time' || restKind === 'receipt'))
        return 'contact';
    }
    // The status bar: a time or battery level with only short glyph noise and network names beside it.
    if (
      (hasTime || PERCENT.test(text)) &&
      words.length <= 5 &&
      words.every((w) => NETWORK.has(w) || w.length <= 3 || !/\p{L}/u.test(w))
    ) {
      return 'status';
    }
  }
  const receipts = strip(words, RECEIPTS);
  if (receipts.matched && receipts.left.every(isDateWord)) return 'receipt';
  const labels = strip(words, LABELS);
  if (labels.matched && labels.left.every(isDateWord)) return 'app';
  if (words.length && words.every(isDateWord) && (hasTime || words.some((w) => DATE_WORDS.has(w)))) return 'time';
  if (!words.length && hasTime) return 'time';

  if (at === 'lead') {
    const bare = text.replace(/^[<‹«\s]+/, '').trim();
    if (PHONE_ONLY.test(bare) && (bare.match(/\d/g) ?? []).length >= 7) return 'contact';
    if (
      EMAIL.test(bare) &&
      bare.replace(EMAIL, '').replace(/[<>\s]/g, '').length <= 30 &&
      !/\s\S+\s\S+\s\S+\s/.test(bare.replace(EMAIL, ''))
    ) {
      return 'contact';
    }
    // A chat header's contact name: one to three capitalised words, nothing else.
    const nameWords = bare.split(/\s+/);
    if (
      bare.length <= 32 &&
      nameWords.length <= 3 &&
      nameWords.every((w) => /^\p{Lu}[\p{Ll}'.-]+$/u.test(w) && !NOT_A_NAME.has(w.toLowerCase()))
    ) {
      return 'contact';
    }
  }
  return null;
}

const OPEN_ADDRESS = /<[^>]*$/;

/**
 * A header line a narrow screen wrapped: the rest of an address left open ("<billing@account-" /
 * "support-desk.net>"), or a short lower-case rest of a subject. A capitalised line is the message.
 */
function continuesHeader(header: string, line: string): boolean {
  if (OPEN_ADDRESS.test(header)) return /^[^\s<>]+>?$/.test(line);
  return /^\p{Ll}/u.test(line) && line.split(/\s+/).length <= 6 && !/[.!?]$/.test(line);
}

function joinHeader(header: string, line: string): string {
  return OPEN_ADDRESS.test(header) && /[-.@_]$/.test(header) ? header + line : `${header} ${line}`;
}

const ENDS_SENTENCE = /(?:[.!?)"”»…]|https?:\/\/\S+|www\.\S+)$/i;

/**
 * The lines under a message in the same block that are a receipt, a timestamp or the input's placeholder
 * ("Delivered", "Text Message"), when the reader did not set them apart with a blank line. The first of them
 * must follow a finished sentence: "your parcel was" / "Delivered" is the message's own.
 */
function withoutTrailingChrome(block: string[], chrome: ScreenChromeLine[]): string[] {
  let start = block.length;
  while (start > 1 && classify(block[start - 1] as string, 'other')) start--;
  if (start < block.length && !ENDS_SENTENCE.test((block[start - 1] as string).trim())) start++;
  for (const line of block.slice(start))
    chrome.push({ text: line.trim(), kind: classify(line, 'other') as ScreenChromeKind, before: false });
  return block.slice(0, start);
}

/** A block's lines without those of glyphs (`isGlyphLine`), which go to the chrome: words never read so. */
function withoutGlyphLines(block: string[], chrome: ScreenChromeLine[]): string[] {
  return block.filter((line) => {
    if (!isGlyphLine(line)) return true;
    chrome.push({ text: line.trim(), kind: 'glyphs', before: false });
    return false;
  });
}

/** Splits OCR text (already tidied) into the message and the screen's chrome around it. */
export function separateScreenChrome(text: string): ScreenText {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.split('\n').filter((l) => l.trim()))
    .filter((b) => b.length);
  const chrome: ScreenChromeLine[] = [];
  const body: string[][] = [];
  let leading = true;
  for (const block of blocks) {
    if (leading) {
      let i = 0;
      for (; i < block.length; i++) {
        const kind = classify(block[i] as string, 'lead');
        const previous = chrome[chrome.length - 1];
        if (
          !kind &&
          i > 0 &&
          previous?.kind === 'email-header' &&
          continuesHeader(previous.text, (block[i] as string).trim())
        ) {
          previous.text = joinHeader(previous.text, (block[i] as string).trim());
          continue;
        }
        if (!kind) break;
        chrome.push({ text: (block[i] as string).trim(), kind, before: true });
      }
      if (i === block.length) continue;
      leading = false;
      body.push(withoutTrailingChrome(withoutGlyphLines(block.slice(i), chrome), chrome));
      continue;
    }
    // After the message starts, only a block made wholly of timestamps, receipts and app labels is chrome,
    // and not when it finishes the sentence before it: the reader returns a bubble's wrapped lines as
    // paragraphs of their own ("Your parcel could not be" / "" / "delivered").
    const kinds = block.map((l) => classify(l, 'other'));
    const lastLine = body[body.length - 1]?.at(-1)?.trim() ?? '';
    const finishesSentence = !ENDS_SENTENCE.test(lastLine) && /^\p{Ll}/u.test((block[0] as string).trim());
    if (kinds.every(Boolean) && !finishesSentence)
      block.forEach((l, i) => chrome.push({ text: l.trim(), kind: kinds[i] as ScreenChromeKind, before: false }));
    else body.push(withoutTrailingChrome(withoutGlyphLines(block, chrome), chrome));
  }
  // A name-like line at the top with no message after it is the message (a one-line text), not a header;
  // lines of glyphs stay out of it.
  if (!body.length && chrome.length) {
    const glyphs = chrome.filter((c) => c.kind === 'glyphs');
    const words = text.split('\n').filter((l) => !isGlyphLine(l));
    return {
      message: words
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
      chrome: glyphs,
    };
  }

  const out: ScreenText = {
    message: body
      .map((b) => b.join('\n'))
      .join('\n\n')
      .trim(),
    chrome,
  };
  for (const line of chrome) {
    if (line.kind !== 'email-header') continue;
    const [, label = '', value = ''] = EMAIL_HEADER.exec(line.text) ?? [];
    if (FROM_LABEL.test(label) && !out.from) {
      const address = value.match(EMAIL)?.[0];
      if (address) out.from = address;
    }
    if (SUBJECT_LABEL.test(label) && !out.subject && value.trim()) out.subject = value.trim();
  }
  return out;
}

/** The message with chrome lines put back where they stood: those from above on top, the others at the end. */
export function withChromeLine(message: string, line: ScreenChromeLine): string {
  const trimmed = message.trim();
  if (!trimmed) return line.text;
  return line.before ? `${line.text}\n${trimmed}` : `${trimmed}\n${line.text}`;
}
