/**
 * A received mail read for checking: parsed (mailparser) and its forwarded message taken out (forwarded.ts),
 * with the links its text does not show. Pure work on the raw bytes, done on an engine thread
 * (engine/worker.ts) so that a mail of 40,000 links never holds the server's event loop; what comes back is
 * plain data. Nothing is logged.
 */
import type { Readable } from 'node:stream';
import { MailParser, type AttachmentStream, type MessageText } from 'mailparser';
import { attachedMessage, extractForwarded, linksNotShown, type ForwardedMessage } from './forwarded.ts';

/**
 * mailparser's (mailsplit's) limits on a mail's structure: more than 1,000 MIME parts, or a header or line
 * past its length limit. The same mail would fail again, so the listener refuses it for good (554), not retried.
 */
function structureLimit(err: unknown): 'too_many_parts' | 'line_too_long' | null {
  if (!(err instanceof Error) || (err as Error & { code?: unknown }).code !== 'EMAXLEN') return null;
  return /child nodes/i.test(err.message) ? 'too_many_parts' : 'line_too_long';
}

/** The parts of a mail the checker reads; `attached`: a message forwarded as an attachment (.eml). */
interface ParsedMail {
  text: string;
  html: string | null;
  subject: string | null;
  /** The sender's address (read from an attached message only). */
  from: string | null;
  attached: ParsedMail | null;
}

/**
 * Parses a mail. File attachments are drained unread and dropped; the first attached message
 * (message/rfc822, "forward as attachment") is parsed too, one level deep: it is the message to check.
 */
async function parseMail(raw: Buffer, depth = 0): Promise<ParsedMail> {
  const parser = new MailParser({ skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const mail: ParsedMail = { text: '', html: null, subject: null, from: null, attached: null };
  let attachedRaw: Promise<Buffer> | null = null;
  parser.on('headers', (headers) => {
    const subject = headers.get('subject');
    mail.subject = typeof subject === 'string' && subject.trim() ? subject.trim() : null;
    const from = headers.get('from');
    const list: unknown[] =
      from && typeof from === 'object' && 'value' in from && Array.isArray(from.value) ? from.value : [];
    const first = list[0];
    const address =
      first && typeof first === 'object' && 'address' in first && typeof first.address === 'string'
        ? first.address
        : undefined;
    mail.from = address ? address.toLowerCase() : null;
  });
  parser.on('data', (data: AttachmentStream | MessageText) => {
    if (data.type === 'attachment') {
      const content = data.content as Readable;
      if (depth === 0 && attachedRaw === null && data.contentType === 'message/rfc822') {
        // The whole mail is within the size limit, so this copy is too.
        attachedRaw = new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          content.on('data', (chunk: Buffer) => chunks.push(chunk));
          content.on('end', () => resolve(Buffer.concat(chunks)));
          content.on('error', reject);
        });
      } else {
        content.resume();
      }
      content.on('end', () => data.release?.());
      return;
    }
    mail.text = data.text ?? '';
    mail.html = typeof data.html === 'string' ? data.html : null;
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
    parser.end(raw);
  });
  if (attachedRaw) mail.attached = await parseMail(await attachedRaw, depth + 1);
  return mail;
}

/** Control characters (but tab and newline) out: a mail is not a form, nobody can be asked to fix it. */
function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** The message to check in a mail, and its text with the links it does not show added (not yet cut to length). */
export interface ReadMessage {
  fwd: ForwardedMessage;
  full: string;
}

/** The forwarded message of a parsed mail: the attached one (.eml) when it has text, else read out of the body. */
function forwardedIn(mail: ParsedMail): ReadMessage {
  const attached = mail.attached && cleanText(mail.attached.text).trim() ? mail.attached : null;
  const fwd = attached
    ? attachedMessage({ ...attached, text: cleanText(attached.text) })
    : extractForwarded({ text: cleanText(mail.text), html: mail.html, subject: mail.subject });
  // Link targets the text does not show (an HTML "Click here") are added for the link analysis to read.
  const hidden = linksNotShown(fwd);
  const full = hidden.length ? `${fwd.text}\n\nLinks in the e-mail:\n${hidden.join('\n')}` : fwd.text;
  return { fwd, full };
}

/** A mail as the listener needs it: who it says it is from and the message to check, or the limit it broke. */
export type ReadMail =
  { kind: 'read'; from: string | null; message: ReadMessage } | { kind: 'too_many_parts' | 'line_too_long' };

export async function readMail(raw: Uint8Array): Promise<ReadMail> {
  let mail: ParsedMail;
  try {
    mail = await parseMail(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  } catch (err) {
    const limit = structureLimit(err);
    if (limit) return { kind: limit };
    throw err;
  }
  return { kind: 'read', from: mail.from, message: forwardedIn(mail) };
}
