/**
 * Splits a pasted thread or a chat export into turns (docs/engine.md, "Conversations"). Recognised:
 *
 *   WhatsApp, Android   "12/03/2024, 21:15 - Anna: text", "3/12/24, 9:15 PM - Anna: text", "12.03.24, 21:15 - Anna: text",
 *                       "12/3/24, 9:15 p. m. - Ana: texto", "12/03/2024 à 21:15 - Anne : texte"
 *   WhatsApp, iOS       "[12/03/2024, 21:15:42] Anna: text", "[3/12/24, 9:15:42 PM] Anna: text"
 *   Telegram (desktop)  "Anna, [12.03.24 21:15]" then the text on the lines below
 *   iMessage (exporter) "Mar 12, 2024  9:15:42 PM" then the sender on its own line, then the text
 *   Labelled lines      "Anna: text" / "Me: text", optionally with a time ("[21:15] Anna: text"): what a copy
 *                       from Signal, an SMS app or a typed-out thread looks like
 *
 * A line that continues a message (no header of its own) belongs to the turn above. System lines (WhatsApp's
 * "Messages and calls are end-to-end encrypted", "<Media omitted>") are not turns. Anything else is not a
 * conversation (null), and is scanned as one message as before. The headers are shared with the web app
 * (@redflag/contracts/chat-formats), which keeps the latest turns of a chat longer than one scan reads.
 */
import { IMESSAGE_DATE, LABELLED, TELEGRAM, WA_ANDROID, WA_IOS, WA_SYSTEM } from '@redflag/contracts/chat-formats';
import { MAX_CONVERSATION_TURNS, type ConversationFormat } from '@redflag/contracts/conversation';

export interface SplitTurn {
  speaker: string;
  time: string | null;
  /** Offsets of the turn's text (not its header) in the message. */
  start: number;
  end: number;
  text: string;
}

export interface SplitConversation {
  format: ConversationFormat;
  turns: SplitTurn[];
}

/** Labels that are a field of a message, not a speaker (an e-mail's headers, a form's fields). */
const NOT_A_SPEAKER = new Set(
  'subject from to cc bcc date sent re fwd fw ref note ps p.s nb tel phone mobile email e-mail website web url link amount total balance code otp pin account acct card order tracking address name reason message details time status dear hi hello hey warning important reminder attention notice'.split(
    ' ',
  ),
);
const MEDIA_LINE =
  /^\u200e?(?:<(?:Media omitted|Medien ausgeschlossen|Multimedia omitido|Médias omis|attached: [^>]+)>|(?:image|video|audio|sticker|GIF|document) omitted|[\w-]+\.(?:jpg|jpeg|png|webp|opus|mp4|pdf|vcf) \((?:file attached|Datei angehängt|archivo adjunto|fichier joint)\))\s*$/i;

function push(
  turns: SplitTurn[],
  message: string,
  speaker: string,
  time: string | null,
  start: number,
  end: number,
): void {
  const text = message.slice(start, end);
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  if (!trimmed || MEDIA_LINE.test(trimmed)) return;
  turns.push({
    speaker: speaker.replace(/^\u200e/, '').trim(),
    time,
    start: start + lead,
    end: start + lead + trimmed.length,
    text: trimmed,
  });
}

interface Line {
  text: string;
  start: number;
  end: number;
}

function linesOf(message: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const raw of message.split('\n')) {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    out.push({ text, start, end: start + text.length });
    start += raw.length + 1;
  }
  return out;
}

/** Line-header formats (WhatsApp, labelled): a header starts a turn; other lines continue it. */
function splitByHeaders(
  message: string,
  lines: readonly Line[],
  header: RegExp,
  pick: (m: RegExpExecArray) => { speaker: string; time: string | null },
  system: RegExp | null,
): SplitTurn[] {
  const turns: SplitTurn[] = [];
  let open: { speaker: string; time: string | null; start: number; end: number } | null = null;
  const close = () => {
    if (open) push(turns, message, open.speaker, open.time, open.start, open.end);
    open = null;
  };
  for (const line of lines) {
    const m = header.exec(line.text);
    if (m) {
      close();
      const { speaker, time } = pick(m);
      open = { speaker, time, start: line.start + m[0].length, end: line.end };
    } else if (system?.test(line.text)) {
      close();
    } else if (open) {
      (open as { end: number }).end = line.end;
    }
  }
  close();
  return turns;
}

function splitTelegram(message: string, lines: readonly Line[]): SplitTurn[] {
  const turns: SplitTurn[] = [];
  let open: { speaker: string; time: string; start: number; end: number } | null = null;
  for (const line of lines) {
    const m = TELEGRAM.exec(line.text);
    if (m) {
      if (open) push(turns, message, open.speaker, open.time, open.start, open.end);
      open = { speaker: m[1] ?? '', time: m[2] ?? '', start: line.end + 1, end: line.end + 1 };
    } else if (open) {
      open.end = line.end;
    }
  }
  if (open) push(turns, message, open.speaker, open.time, open.start, Math.max(open.start, open.end));
  return turns;
}

function splitIMessage(message: string, lines: readonly Line[]): SplitTurn[] {
  const turns: SplitTurn[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = IMESSAGE_DATE.exec(lines[i]?.text ?? '');
    const who = lines[i + 1];
    if (!m || !who) continue;
    let j = i + 2;
    while (j < lines.length && !IMESSAGE_DATE.test(lines[j]?.text ?? '')) j++;
    const body = lines.slice(i + 2, j);
    const first = body[0];
    const last = body[body.length - 1];
    if (first && last) push(turns, message, who.text, m[1] ?? null, first.start, last.end);
    i = j - 1;
  }
  return turns;
}

const speakers = (turns: readonly SplitTurn[]): Set<string> => new Set(turns.map((t) => t.speaker.toLowerCase()));
const changes = (turns: readonly SplitTurn[]): number =>
  turns.reduce((n, t, i) => n + (i > 0 && turns[i - 1]?.speaker !== t.speaker ? 1 : 0), 0);

/** A thread: at least two turns by at least two speakers. Null for anything else (one message). */
export function splitConversation(message: string): SplitConversation | null {
  if (!message.includes('\n')) return null;
  const lines = linesOf(message);
  const nonEmpty = lines.filter((l) => l.text.trim()).length;
  const count = (re: RegExp) => lines.reduce((n, l) => n + (re.test(l.text) ? 1 : 0), 0);
  const candidates: Array<() => SplitConversation> = [];
  if (count(WA_ANDROID) >= 2)
    candidates.push(() => ({
      format: 'whatsapp',
      turns: splitByHeaders(
        message,
        lines,
        WA_ANDROID,
        (m) => ({ speaker: m[3] ?? '', time: `${m[1]}, ${m[2]}` }),
        WA_SYSTEM,
      ),
    }));
  if (count(WA_IOS) >= 2)
    candidates.push(() => ({
      format: 'whatsapp',
      turns: splitByHeaders(
        message,
        lines,
        WA_IOS,
        (m) => ({ speaker: m[3] ?? '', time: `${m[1]}, ${m[2]}` }),
        WA_SYSTEM,
      ),
    }));
  if (count(TELEGRAM) >= 2) candidates.push(() => ({ format: 'telegram', turns: splitTelegram(message, lines) }));
  if (count(IMESSAGE_DATE) >= 2) candidates.push(() => ({ format: 'imessage', turns: splitIMessage(message, lines) }));
  for (const make of candidates) {
    const c = make();
    if (c.turns.length >= 2 && speakers(c.turns).size >= 2) return cap(c);
  }
  // Labelled lines: most lines carry a speaker's label, two or more speakers, and the speakers alternate.
  const labelled = splitByHeaders(message, lines, LABELLED, (m) => ({ speaker: m[2] ?? '', time: m[1] ?? null }), null);
  const labels = count(LABELLED);
  if (
    labelled.length >= 3 &&
    labels * 2 >= nonEmpty &&
    speakers(labelled).size >= 2 &&
    speakers(labelled).size <= 8 &&
    changes(labelled) >= 2 &&
    ![...speakers(labelled)].some((s) => NOT_A_SPEAKER.has(s))
  ) {
    return cap({ format: 'labelled', turns: labelled });
  }
  return null;
}

/** The latest MAX_CONVERSATION_TURNS turns: where the user stands now is at the end. */
function cap(c: SplitConversation): SplitConversation {
  return c.turns.length > MAX_CONVERSATION_TURNS ? { ...c, turns: c.turns.slice(-MAX_CONVERSATION_TURNS) } : c;
}

/** Labels a thread gives its owner's own turns. */
const ME = new Set(['me', 'you', 'i', 'myself', 'ich', 'yo', 'moi', 'eu', 'saya', 'aku', 'ako']);
export const isMeLabel = (speaker: string): boolean => ME.has(speaker.trim().toLowerCase());
