import { fitThread, WA_ANDROID, WA_IOS } from '@redflag/contracts/chat-formats';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { listEntries, readEntryText, ZipError, type ZipEntry } from './zip';

/** A chat of years is a few MB of text; past this it is not a chat export, or not one to read in a tab. */
export const MAX_CHAT_TEXT_BYTES = 20 * 1024 * 1024;

const number = (n: number) => n.toLocaleString('en-US');

export const CHAT_FILE_ERRORS = {
  empty: 'This file is empty. Choose the chat export: the .txt file, or the .zip WhatsApp made.',
  type: 'This is not a chat export. In WhatsApp, open the chat, choose Export chat, and pick the .txt or .zip it saves.',
  noChat:
    'This .zip holds no chat text (no _chat.txt or other .txt file). Export the chat again from WhatsApp and choose the new file.',
  tooBig: `The chat's text is larger than ${MAX_CHAT_TEXT_BYTES / 1024 / 1024} MB, more than can be read here. Copy the latest messages from the chat and paste them instead.`,
  unreadable:
    'This file could not be read: it may be damaged, protected with a password, or not a chat export. Export the chat again and choose the new file.',
  notChat: `This file is not a chat we recognise, and its text is longer than one scan reads (${number(MAX_MESSAGE_LENGTH)} characters). Paste the part you want checked instead.`,
  lastTooLong: `The chat's last message alone is longer than one scan reads (${number(MAX_MESSAGE_LENGTH)} characters). Paste the part you want checked instead.`,
} as const;

export interface ChatText {
  /** What goes in the message box: the whole chat, or its latest turns that fit in one scan. */
  message: string;
  /** Messages kept and in the whole chat; null when the text is not a chat (it then fits as one message). */
  kept: number | null;
  total: number | null;
  whatsapp: boolean;
}

export type ChatFileResult = { ok: true; chat: ChatText } | { ok: false; message: string };

const isZip = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);

/** The chat's text in an export: iOS names it _chat.txt; Android "WhatsApp Chat with Anna.txt". Never macOS's "._" copies. */
export function chatEntry(entries: readonly ZipEntry[]): ZipEntry | null {
  const texts = entries.filter((e) => {
    const base = e.name.split('/').pop() ?? '';
    return /\.txt$/i.test(base) && !base.startsWith('._') && !e.name.startsWith('__MACOSX/');
  });
  const byName = (re: RegExp) => texts.find((e) => re.test(e.name.split('/').pop() ?? ''));
  return byName(/^_chat\.txt$/i) ?? byName(/^WhatsApp/i) ?? [...texts].sort((a, b) => b.size - a.size)[0] ?? null;
}

/** The chat's text put into the form: line ends as a text box has them, cut to the latest turns that fit. */
export function chatText(raw: string): ChatFileResult {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.includes('\u0000')) return { ok: false, message: CHAT_FILE_ERRORS.unreadable };
  if (!text.trim()) return { ok: false, message: CHAT_FILE_ERRORS.empty };
  const fitted = fitThread(text);
  if (!fitted) {
    if (text.trim().length > MAX_MESSAGE_LENGTH) return { ok: false, message: CHAT_FILE_ERRORS.notChat };
    return { ok: true, chat: { message: text.trim(), kept: null, total: null, whatsapp: false } };
  }
  if (!fitted.kept) return { ok: false, message: CHAT_FILE_ERRORS.lastTooLong };
  const head = fitted.text.slice(0, 200);
  return {
    ok: true,
    chat: {
      message: fitted.text.trim(),
      kept: fitted.kept,
      total: fitted.total,
      whatsapp: WA_ANDROID.test(head) || WA_IOS.test(head),
    },
  };
}

/**
 * A chat export chosen on this device: a .txt, or the .zip with its media (only the chat's text is read;
 * the media is never read, let alone sent). Nothing here leaves the browser.
 */
export async function readChatFile(file: Blob & { name?: string }): Promise<ChatFileResult> {
  if (file.size === 0) return { ok: false, message: CHAT_FILE_ERRORS.empty };
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  if (isZip(head)) {
    try {
      const entry = chatEntry(await listEntries(file));
      if (!entry) return { ok: false, message: CHAT_FILE_ERRORS.noChat };
      return chatText(await readEntryText(file, entry, MAX_CHAT_TEXT_BYTES));
    } catch (err) {
      if (err instanceof ZipError && err.reason === 'too_big') return { ok: false, message: CHAT_FILE_ERRORS.tooBig };
      return { ok: false, message: CHAT_FILE_ERRORS.unreadable };
    }
  }
  const textLike = /\.txt$/i.test(file.name ?? '') || file.type.startsWith('text/');
  if (!textLike) return { ok: false, message: CHAT_FILE_ERRORS.type };
  if (file.size > MAX_CHAT_TEXT_BYTES) return { ok: false, message: CHAT_FILE_ERRORS.tooBig };
  try {
    return chatText(new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()));
  } catch {
    return { ok: false, message: CHAT_FILE_ERRORS.unreadable };
  }
}

/** What the form says about a chat put in the message box, so the user knows what will be checked. */
export function chatNote(chat: ChatText): string {
  const media = 'Its photos and other media were not read and stayed on this device.';
  if (chat.kept === null || chat.total === null) return `Read from your chat export. ${media}`;
  if (chat.kept === chat.total) return `Read from your chat export: all ${number(chat.total)} messages. ${media}`;
  return `The chat is longer than one scan reads (${number(MAX_MESSAGE_LENGTH)} characters): the last ${number(chat.kept)} of its ${number(chat.total)} messages are in the box, and only those will be checked. ${media}`;
}
