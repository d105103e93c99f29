/**
 * The line headers of the chat formats RedFlag recognises (docs/engine.md, "Conversations"), shared by the
 * engine's splitter (server/src/detection/conversation/split.ts) and the web app, which keeps the latest
 * turns of a chat that is longer than one scan reads (`fitThread`). Zod-free: the landing page loads it.
 *
 *   WhatsApp, Android   "12/03/2024, 21:15 - Anna: text", "3/12/24, 9:15 PM - Anna: text", "12.03.24, 21:15 - Anna: text",
 *                       "12/3/24, 9:15 p. m. - Ana: texto", "12/03/2024 à 21:15 - Anne : texte"
 *   WhatsApp, iOS       "[12/03/2024, 21:15:42] Anna: text", "[3/12/24, 9:15:42 PM] Anna: text"
 *   Telegram (desktop)  "Anna, [12.03.24 21:15]" then the text on the lines below
 *   iMessage (exporter) "Mar 12, 2024  9:15:42 PM" then the sender on its own line, then the text
 *   Labelled lines      "Anna: text" / "Me: text", optionally with a time ("[21:15] Anna: text")
 */
import { MAX_MESSAGE_LENGTH } from './constants.ts';

const AMPM = String.raw`(?:[\s\u202f\u00a0]?(?:[ap]\.?\s?m\.?|AM|PM|am|pm|vorm\.|nachm\.))?`;
const DATE = String.raw`\d{1,4}[./-]\d{1,2}[./-]\d{1,4}`;
const TIME = String.raw`\d{1,2}[:.]\d{2}(?:[:.]\d{2})?${AMPM}`;
/** WhatsApp Android: "date, time - Name: text" (the French export writes "date à time"). */
export const WA_ANDROID = new RegExp(
  String.raw`^\u200e?(${DATE}),?\s(?:à\s|um\s)?(${TIME})\s[-–]\s([^:\n]{1,60}?)\s?:\s`,
  'i',
);
/** WhatsApp iOS: "[date, time] Name: text". */
export const WA_IOS = new RegExp(String.raw`^\u200e?\[(${DATE}),?\s(${TIME})\]\s([^:\n]{1,60}?):\s`, 'i');
/** A WhatsApp line with a date and time but no speaker: a system line (encryption notice, "X added Y"). */
export const WA_SYSTEM = new RegExp(String.raw`^\u200e?\[?(${DATE}),?\s(?:à\s)?(${TIME})\]?\s(?:[-–]\s)?`, 'i');
/** Telegram desktop copy: "Name, [date time]" on its own line. */
export const TELEGRAM = new RegExp(String.raw`^([^,\n\[\]]{1,60}),\s\[(${DATE}\s${TIME})\]:?\s*$`, 'i');
/** imessage-exporter's text: "Mar 12, 2024  9:15:42 PM" (possibly followed by a read receipt). */
export const IMESSAGE_DATE = /^([A-Z][a-z]{2} \d{1,2}, \d{4}\s+\d{1,2}:\d{2}:\d{2}\s?[AP]M)\b.*$/;
/** A labelled line: "Name: text", optionally after a time. */
export const LABELLED =
  /^(?:\[?(\d{1,2}[:.]\d{2}(?:\s?[AP]M)?)\]?\s+)?([\p{L}+][\p{L}\p{N} .'’()+-]{0,29}?)\s?:\s+(?=\S)/iu;

/** The headers that start a turn, most specific first: a thread is read in the first with two or more. */
const TURN_HEADERS: readonly RegExp[] = [WA_ANDROID, WA_IOS, TELEGRAM, IMESSAGE_DATE, LABELLED];

export interface FittedThread {
  /** The latest whole turns that fit, from a turn's first line to the end; '' when not even the last one fits. */
  text: string;
  /** Turns kept, and turns in the whole chat (as counted by their headers). */
  kept: number;
  total: number;
}

/**
 * The latest turns of a chat that fit in `max` characters (as the server counts them: trimmed), cut at the
 * start of a turn, never inside one. Null when the text is not a chat (fewer than two turn headers of one
 * format). Where the user stands now is at the end of a chat, so the end is what is kept.
 */
export function fitThread(text: string, max: number = MAX_MESSAGE_LENGTH): FittedThread | null {
  const lines: Array<{ text: string; start: number }> = [];
  let at = 0;
  for (const raw of text.split('\n')) {
    lines.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start: at });
    at += raw.length + 1;
  }
  let starts: number[] = [];
  for (const header of TURN_HEADERS) {
    const found = lines.filter((l) => header.test(l.text)).map((l) => l.start);
    if (found.length >= 2) {
      starts = found;
      break;
    }
  }
  if (starts.length < 2) return null;
  const total = starts.length;
  if (text.trim().length <= max) return { text, kept: total, total };
  // The tail from the first turn start whose remainder fits (later starts only shorten it), measured without
  // copying it (a whole export can be megabytes long); a header line never starts with a space.
  const end = text.trimEnd().length;
  const from = starts.findIndex((s) => end - s <= max);
  if (from < 0) return { text: '', kept: 0, total };
  return { text: text.slice(starts[from]).trim(), kept: total - from, total };
}
