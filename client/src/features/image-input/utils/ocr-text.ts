/** A link still being written at the end of a line: its last character cannot end a link. */
const OPEN_LINK_AT_END = /(?:https?:\/\/|www\.)\S*[-./_?=&%#~+]$/i;

/**
 * A capital I drawn as a plain bar (Liberation Sans, Arial, Helvetica) comes back as "|": a lone bar before
 * a lower-case word or an apostrophe ("| will", "|'m") is the pronoun. A bar between two capitalised words
 * ("Home | Settings") stays a separator.
 */
const BAR_FOR_I = /(^|[ \t])\|(?=[ \t]+[a-z]|['’][a-z])/gm;

/** What `breakAtGaps` reads of tesseract's layout: each line's text and box, by block and paragraph. */
export interface OcrLayout {
  blocks: readonly {
    paragraphs: readonly { lines: readonly { text: string; bbox: { y0: number; y1: number } }[] }[];
  }[];
}

/** A gap above a line taller than this many of the page's usual line heights starts a new paragraph. */
const GAP_LINES = 1;

/**
 * Tesseract's text with a blank line wherever its layout shows a gap between two lines it put in one paragraph:
 * two chat bubbles one above the other may come back as one paragraph ("… to the sender." / "Reply STOP to opt
 * out."), and only the space between them says they are two messages. The gap is measured against the median
 * height of the page's lines, and only after a line that ends a sentence: a banner's heading over its message
 * ("NOTICE" / "Your vehicle tax is overdue.") stays with it. When the layout's lines cannot be matched one to one
 * with the text's, the text is returned as it is.
 */
export function breakAtGaps(text: string, layout: OcrLayout | null | undefined): string {
  const paragraphs = (layout?.blocks ?? []).flatMap((b) => b.paragraphs);
  const lines = paragraphs.flatMap((p) => p.lines).filter((l) => l.text.trim());
  if (lines.length < 2) return text;
  const heights = lines.map((l) => l.bbox.y1 - l.bbox.y0).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)] ?? 0;
  if (usual <= 0) return text;
  const breakBefore = new Set<number>();
  let k = 0;
  for (const p of paragraphs) {
    const own = p.lines.filter((l) => l.text.trim());
    own.forEach((line, i) => {
      const above = own[i - 1];
      if (above && ENDS_HARD.test(above.text.trim()) && line.bbox.y0 - above.bbox.y1 > GAP_LINES * usual)
        breakBefore.add(k);
      k++;
    });
  }
  if (!breakBefore.size) return text;
  const textLines = text.split('\n');
  const filled = textLines.filter((l) => l.trim());
  if (filled.length !== lines.length || filled.some((l, i) => l.trim() !== lines[i]?.text.trim())) return text;
  const out: string[] = [];
  let n = 0;
  for (const l of textLines) {
    if (l.trim()) {
      if (breakBefore.has(n) && out.length && out[out.length - 1]?.trim()) out.push('');
      n++;
    }
    out.push(l);
  }
  return out.join('\n');
}

/**
 * Tesseract's text, tidied for review: no trailing spaces, at most one blank line between blocks, a link
 * that a chat bubble wrapped over two lines ("https://usps-redelivery-" / "fee.top/pay") joined again, so
 * the link analysis sees the whole address, and "I" read as "|" put back.
 */
export function tidyOcrText(text: string): string {
  const lines = text
    .replace(BAR_FOR_I, '$1I')
    .split('\n')
    .map((l) => l.trimEnd());
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    const previous = out[out.length - 1];
    // The reader may set each wrapped line apart with a blank line: a link still open before one goes on
    // after it when the next line does not start a new sentence ("https://royalmail-" / "" / "redeliver.top/pay").
    if (!line && previous !== undefined && OPEN_LINK_AT_END.test(previous) && /^[^\s\p{Lu}]/u.test(lines[i + 1] ?? ''))
      continue;
    if (previous !== undefined && OPEN_LINK_AT_END.test(previous) && /^\S/.test(line)) {
      const [first = '', ...rest] = line.split(/(\s+)/);
      out[out.length - 1] = previous + first;
      const remainder = rest.join('').trimStart();
      if (remainder) out.push(remainder);
      continue;
    }
    out.push(line);
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const LIST_ITEM = /^(?:[-•*·▪◦]|\d{1,2}[.)])\s/;
/** A line ending a sentence, a greeting or a heading: what follows it may be a new paragraph. */
const ENDS_HARD = /[.!?…:]['"’”»)\]]*$/;
/** A line ending in a comma or a semicolon goes on with a lower-case word; a capital starts a new paragraph. */
const ENDS_SOFT = /[,;]['"’”»)\]]*$/;

/**
 * Whether the paragraph after `last` is the rest of its sentence. Tesseract returns the lines of a bubble
 * with line spacing as paragraphs of their own ("your parcel could not" / "" / "be delivered because the"):
 * a line that does not end a sentence goes on when the next starts with a lower-case word, a number, a sign
 * or a link, or, with a capital (a name), when the line ends on a lower-case word ("your account with" /
 * "Barclays"). A finished sentence, a greeting ("Dear customer,"), a sign-off ("Thanks" / "Sam") and a list
 * item keep their paragraph.
 */
function goesOn(last: string, next: string): boolean {
  if (LIST_ITEM.test(next) || ENDS_HARD.test(last)) return false;
  if (ENDS_SOFT.test(last)) return /^\p{Ll}/u.test(next);
  if (!/^\p{Lu}/u.test(next)) return true;
  return /(?:^|\s)\p{Ll}+$/u.test(last);
}

/**
 * The message as one paragraph per block: a chat bubble or an e-mail column wraps its lines where the screen
 * ends, and a phrase split over two lines ("will be" / "suspended") would not be read as the phrase it is.
 * Blocks that are one sentence wrapped (`goesOn`) are one paragraph too. A line that starts a list item keeps
 * its own line.
 */
export function unwrapOcrLines(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .reduce((out, line, i) => (i === 0 ? line : `${out}${LIST_ITEM.test(line) ? '\n' : ' '}${line}`), ''),
    )
    .filter(Boolean);
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    const previous = out[out.length - 1];
    if (previous !== undefined && goesOn(previous.slice(previous.lastIndexOf('\n') + 1), paragraph))
      out[out.length - 1] = `${previous} ${paragraph}`;
    else out.push(paragraph);
  }
  return out.join('\n\n');
}
