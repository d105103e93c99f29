import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { describe, expect, it } from 'vitest';
import { makeZip } from '@/test/zip';
import { CHAT_FILE_ERRORS, chatNote, MAX_CHAT_TEXT_BYTES, readChatFile } from './chat-file';

const IOS =
  '[12/03/2024, 21:15:42] Anna: Hello, is this Tom? My aunt gave me your number\n[12/03/2024, 21:16:01] Tom: Hi, who is this?\n\u200e[12/03/2024, 21:16:30] Anna: \u200e<attached: 00000012-PHOTO-2024-03-12-21-16-30.jpg>\n[12/03/2024, 21:17:05] Anna: My uncle trades crypto on a platform';
const ANDROID =
  '12/03/2024, 21:15 - Anna: Hello\n12/03/2024, 21:16 - Tom: Hi Anna\nhow are you?\n12/03/2024, 21:17 - Anna: Fine';
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

const file = (data: Uint8Array | string, name: string, type = '') => new File([data as BlobPart], name, { type });

describe('readChatFile', () => {
  it('takes _chat.txt out of an iOS export .zip, leaving the photos unread, and says all messages were kept', async () => {
    const zip = await makeZip([
      { name: '00000012-PHOTO-2024-03-12-21-16-30.jpg', data: PHOTO, method: 'store' },
      { name: '_chat.txt', data: `\uFEFF${IOS}` },
    ]);
    const result = await readChatFile(file(zip, 'WhatsApp Chat - Anna.zip', 'application/zip'));
    expect(result).toEqual({ ok: true, chat: { message: IOS, kept: 4, total: 4, whatsapp: true } });
    if (result.ok)
      expect(chatNote(result.chat)).toBe(
        'Read from your chat export: all 4 messages. Its photos and other media were not read and stayed on this device.',
      );
  });

  it('reads an Android export (the .txt named for the chat) in a ZIP64 archive, and a plain .txt with Windows line ends', async () => {
    const zip = await makeZip(
      [
        { name: 'IMG-20240312-WA0001.jpg', data: PHOTO },
        { name: 'WhatsApp Chat with Anna.txt', data: ANDROID },
      ],
      { zip64: true },
    );
    expect(await readChatFile(file(zip, 'WhatsApp Chat with Anna.zip'))).toMatchObject({
      ok: true,
      chat: { message: ANDROID, total: 3 },
    });
    expect(
      await readChatFile(file(ANDROID.replace(/\n/g, '\r\n'), 'WhatsApp Chat with Anna.txt', 'text/plain')),
    ).toMatchObject({ ok: true, chat: { message: ANDROID } });
  });

  it('keeps the latest messages of a chat longer than one scan reads, and says how many of how many', async () => {
    const lines = Array.from(
      { length: 600 },
      (_, i) => `12/03/2024, 21:15 - ${i % 2 ? 'Tom' : 'Anna'}: message number ${i} of a long chat`,
    );
    const result = await readChatFile(
      file(await makeZip([{ name: 'WhatsApp Chat with Anna.txt', data: lines.join('\n') }]), 'chat.zip'),
    );
    if (!result.ok) throw new Error(result.message);
    const { chat } = result;
    expect(chat.total).toBe(600);
    expect(chat.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(chat.message.endsWith('message number 599 of a long chat')).toBe(true);
    expect(chat.message.split('\n')).toEqual(lines.slice(600 - (chat.kept ?? 0)));
    expect(chatNote(chat)).toBe(
      `The chat is longer than one scan reads (10,000 characters): the last ${chat.kept} of its 600 messages are in the box, and only those will be checked. Its photos and other media were not read and stayed on this device.`,
    );
  });

  it('refuses a .zip with no chat, a damaged one, an encrypted-looking one, an empty file and a file that is not text', async () => {
    const noChat = await makeZip([
      { name: 'IMG-0001.jpg', data: PHOTO },
      { name: '__MACOSX/._chat.txt', data: 'x' },
    ]);
    expect(await readChatFile(file(noChat, 'photos.zip'))).toEqual({ ok: false, message: CHAT_FILE_ERRORS.noChat });
    const good = await makeZip([{ name: '_chat.txt', data: IOS }]);
    expect(await readChatFile(file(good.slice(0, good.length - 30), 'cut.zip'))).toEqual({
      ok: false,
      message: CHAT_FILE_ERRORS.unreadable,
    });
    const encrypted = good.slice();
    encrypted[6] = 1; // the local header's flags: encrypted
    const at = good.findLastIndex(
      (_, i) => good[i] === 0x50 && good[i + 1] === 0x4b && good[i + 2] === 1 && good[i + 3] === 2,
    );
    encrypted[at + 8] = 1; // the central directory's flags
    expect(await readChatFile(file(encrypted, 'locked.zip'))).toEqual({
      ok: false,
      message: CHAT_FILE_ERRORS.unreadable,
    });
    expect(await readChatFile(file('', 'chat.txt'))).toEqual({ ok: false, message: CHAT_FILE_ERRORS.empty });
    expect(await readChatFile(file(PHOTO, 'photo.jpg', 'image/jpeg'))).toEqual({
      ok: false,
      message: CHAT_FILE_ERRORS.type,
    });
    expect(await readChatFile(file(new Uint8Array([0xc3, 0x28, 0x41]), 'chat.txt'))).toEqual({
      ok: false,
      message: CHAT_FILE_ERRORS.unreadable,
    });
  });

  it('refuses a chat whose text is too big, counted as it inflates, and a text that is not a chat and too long', async () => {
    const big = 'a'.repeat(MAX_CHAT_TEXT_BYTES + 1);
    const zip = await makeZip([{ name: '_chat.txt', data: big }]);
    expect(await readChatFile(file(zip, 'big.zip'))).toEqual({ ok: false, message: CHAT_FILE_ERRORS.tooBig });
    // A directory that claims a small size is not believed: the text is counted as it inflates.
    const at = zip.findLastIndex(
      (_, i) => zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2,
    );
    new DataView(zip.buffer).setUint32(at + 24, 100, true);
    expect(await readChatFile(file(zip, 'lying.zip'))).toEqual({ ok: false, message: CHAT_FILE_ERRORS.tooBig });
    expect(await readChatFile(file(big, 'big.txt'))).toEqual({ ok: false, message: CHAT_FILE_ERRORS.tooBig });
    expect(await readChatFile(file('word '.repeat(3000), 'notes.txt'))).toEqual({
      ok: false,
      message: CHAT_FILE_ERRORS.notChat,
    });
    expect(await readChatFile(file('Your parcel is on hold.', 'notes.txt'))).toEqual({
      ok: true,
      chat: { message: 'Your parcel is on hold.', kept: null, total: null, whatsapp: false },
    });
  });
});
