import { MAX_FORWARDED_LINKS } from '@redflag/contracts/constants';
/**
 * The message inside a forwarded e-mail: the text the original sender wrote, their address and the links,
 * without the forwarder's own note above it. Reads the plain-text forms the common mail programs write:
 *
 *   Gmail        ---------- Forwarded message ---------
 *                From: Name <addr>   Date: ...   Subject: ...   To: ...
 *   Outlook      -----Original Message-----   or   ________________________________
 *                From: Name <addr>  (or  Name [mailto:addr])   Sent: ...   To: ...   Subject: ...
 *   Apple Mail   Begin forwarded message:
 *                From: Name <addr>   Subject: ...   Date: ...   To: ...
 *
 * and, failing a marker, a "From:" line followed by a "Sent:" or "Date:" and a "Subject:" (Outlook's
 * header block on its own). Quoted forwards ("> " before every line) are unquoted. A mail with no forward in
 * it is taken whole: someone may paste the text into a new mail. Pure: no I/O, nothing logged.
 */

export interface ForwardedMessage {
  /** The original message's text (its body), trimmed. */
  text: string;
  /** The original sender's address, when the forward names one. */
  sender: string | null;
  /** The original subject, when the forward names one. */
  subject: string | null;
  /** http(s) links of the original message: those in its text, then the HTML part's targets not shown in it. */
  links: string[];
  /** Links past MAX_FORWARDED_LINKS: counted, not kept (a mail of 40,000 links is checked by its first few hundred). */
  linksOmitted: number;
  /** Whether a forward was recognised (false: the mail's own text was taken). */
  forwarded: boolean;
}

const MARKERS = [
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i, // Gmail
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook (older, and replies)
  /^_{10,}\s*$/, // Outlook's rule above the header block
  /^Begin forwarded message:\s*$/i, // Apple Mail
  /^-{2,}\s*(Forwarded|Weitergeleitete|Message transféré|Mensaje reenviado)[^-]*-{2,}\s*$/i, // a few others
];

/** Header names of a forward's block, in the languages the markers above cover (lower-case, no colon). */
const FROM = new Set(['from', 'von', 'de']);
const SUBJECT = new Set(['subject', 'betreff', 'objet', 'asunto', 'assunto']);
const DATE = new Set(['date', 'sent', 'datum', 'gesendet', 'envoyé', 'enviado', 'fecha']);
const OTHER = new Set(['to', 'cc', 'bcc', 'reply-to', 'an', 'à', 'para', 'importance']);

const HEADER_LINE = /^\s*\*?([A-Za-zÀ-ÿ-]{1,12})\*?:\s*(.*)$/;

function headerName(line: string): string | null {
  const m = HEADER_LINE.exec(line);
  if (!m) return null;
  const name = (m[1] ?? '').toLowerCase();
  return FROM.has(name) || SUBJECT.has(name) || DATE.has(name) || OTHER.has(name) ? name : null;
}

/** One level of "> " quoting removed, when every non-blank line has it. */
function unquote(lines: string[]): string[] {
  const filled = lines.filter((l) => l.trim() !== '');
  if (filled.length === 0 || !filled.every((l) => /^\s*>/.test(l))) return lines;
  return lines.map((l) => l.replace(/^\s*> ?/, ''));
}

/** Where the forwarded part starts: the line after a marker, or the header block's first line. */
function forwardStart(lines: string[]): number | null {
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/^\s*>\s?/, '').trim();
    if (MARKERS.some((m) => m.test(line))) {
      // Outlook's rule must be followed by its header block to count.
      if (/^_+$/.test(line) && !FROM.has(headerName(nextFilled(lines, i + 1) ?? '') ?? '')) continue;
      return i + 1;
    }
  }
  // No marker: a From: line with a date line and a subject line within the next few lines.
  for (let i = 0; i < lines.length; i++) {
    if (!FROM.has(headerName(lines[i] ?? '') ?? '')) continue;
    const block = lines.slice(i + 1, i + 7).map(headerName);
    if (block.some((n) => n !== null && DATE.has(n)) && block.some((n) => n !== null && SUBJECT.has(n))) return i;
  }
  return null;
}

function nextFilled(lines: string[], from: number): string | undefined {
  for (let i = from; i < lines.length; i++) if ((lines[i] ?? '').trim() !== '') return lines[i];
  return undefined;
}

const ADDRESS = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** The address in "Name <addr>", "Name [mailto:addr]", "addr" or "Name addr". */
export function addressIn(value: string): string | null {
  const bracketed =
    /<\s*(?:mailto:)?([^<>\s]+@[^<>\s]+)\s*>/i.exec(value) ?? /\[\s*mailto:([^\]\s]+)\s*\]/i.exec(value);
  const found = bracketed?.[1] ?? ADDRESS.exec(value)?.[0] ?? null;
  return found ? found.toLowerCase() : null;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()[\]]+/gi;

export { MAX_FORWARDED_LINKS };

export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_IN_TEXT)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/**
 * The http(s) targets of the HTML part's links, in order (what a scam hides behind "Click here"). An
 * attribute list is read for at most 2,000 characters, so an anchor that never closes is not re-scanned to
 * the end of the mail from every "<a" (that was quadratic).
 */
export function hrefsIn(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]{0,2000}?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? '').trim().replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(raw)) out.push(raw);
  }
  return out;
}

/** The distinct links of the text, then of the HTML part, the first MAX_FORWARDED_LINKS kept and the rest counted. */
function collectLinks(text: string, html: string | null | undefined): Pick<ForwardedMessage, 'links' | 'linksOmitted'> {
  const all = new Set([...linksIn(text), ...(html ? hrefsIn(html) : [])]);
  const links = [...all].slice(0, MAX_FORWARDED_LINKS);
  return { links, linksOmitted: all.size - links.length };
}

/**
 * The links the text does not show (an HTML "Click here" target), for the link analysis to read: the
 * text's own links are put in a set once, so this is linear in the text and the links.
 */
export function linksNotShown(m: Pick<ForwardedMessage, 'text' | 'links'>): string[] {
  const shown = new Set(linksIn(m.text));
  return m.links.filter((l) => !shown.has(l));
}

/**
 * The forwarded message of a mail: `text` is the mail's plain-text part (mailparser derives one from the
 * HTML when there is none), `html` its HTML part when it has one.
 */
export function extractForwarded(mail: {
  text: string;
  html?: string | null;
  subject?: string | null;
}): ForwardedMessage {
  const all = mail.text.replace(/\r\n?/g, '\n').split('\n');
  const start = forwardStart(all);
  if (start === null) {
    const text = all.join('\n').trim();
    return { text, sender: null, subject: null, ...collectLinks(text, mail.html), forwarded: false };
  }

  const lines = unquote(all.slice(start));
  let i = 0;
  while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
  let sender: string | null = null;
  let subject: string | null = null;
  let last: string | null = null;
  // The header block: known "Name: value" lines, a wrapped value continuing on an indented line.
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') break;
    const name = headerName(line);
    if (name === null) {
      if (last !== null && /^\s+\S/.test(line)) continue;
      break;
    }
    last = name;
    const value = (HEADER_LINE.exec(line)?.[2] ?? '').trim();
    if (FROM.has(name) && sender === null) sender = addressIn(value);
    if (SUBJECT.has(name) && subject === null) subject = value || null;
  }
  const body = lines.slice(i).join('\n').trim();
  // The HTML part's links: its forwarded half holds the original's; the forwarder's note rarely has any.
  return { text: body, sender, subject, ...collectLinks(body, mail.html), forwarded: true };
}

/**
 * A message forwarded as an attachment (.eml, "forward as attachment"): it is the original itself, so its
 * own text, sender and subject are the message's.
 */
export function attachedMessage(mail: {
  text: string;
  html: string | null;
  subject: string | null;
  from: string | null;
}): ForwardedMessage {
  const text = mail.text.replace(/\r\n?/g, '\n').trim();
  return { text, sender: mail.from, subject: mail.subject, ...collectLinks(text, mail.html), forwarded: true };
}
