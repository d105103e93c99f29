/** A link still being written at the end of a line: its last character cannot end a link. */
const OPEN_LINK_AT_END = /(?:https?:\/\/|www\.)\S*[-./_?=&%#~+]$/i;

/**
 * A capital I drawn as a plain bar (Liberation Sans, Arial, Helvetica) comes back as "|": a lone bar before
 * a lower-case word or an apostrophe ("| will", "|'m") is the pronoun. A bar between two capitalised words
 * ("Home | Settings") stays a separator.
 */
const BAR_FOR_I = /(^|[ \t])\|(?=[ \t]+[a-z]|['’][a-z])/gm;

/**
 * Tesseract's text, tidied for review: no trailing spaces, at most one blank line between blocks, a link
 * that a chat bubble wrapped over two lines ("https://usps-redelivery-" / "fee.top/pay") joined again, so
 * the link analysis sees the whole address, and "I" read as "|" put back.
 */
export function tidyOcrText(text: string): string {
  const lines = text.replace(BAR_FOR_I, '$1I').split('\n').map((l) => l.trimEnd());
  const out: string[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (previous !== undefined && OPEN_LINK_AT_END.test(previous) && /^\S/.test(line)) {
      const [first = '', ...rest] = line.split(/(\s+)/);
      out[out.length - 1] = previous + first;
      const remainder = rest.join('').trimStart();
      if (remainder) out.push(remainder);
      continue;
    }
    out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

const LIST_ITEM = /^(?:[-•*·▪◦]|\d{1,2}[.)])\s/;

/**
 * The message as one paragraph per block: a chat bubble or an e-mail column wraps its lines where the screen
 * ends, and a phrase split over two lines ("will be" / "suspended") would not be read as the phrase it is.
 * A line that starts a list item keeps its own line.
 */
export function unwrapOcrLines(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .reduce((out, line, i) => (i === 0 ? line : `${out}${LIST_ITEM.test(line) ? '\n' : ' '}${line}`), ''),
    )
    .filter(Boolean)
    .join('\n\n');
}
