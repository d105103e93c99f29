import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { makeZip } from '@/test/zip';
import { CHAT_FILE_ERRORS } from '../utils/chat-file';
import { ChatExportInput, type ChatExportText } from './ChatExportInput';

const CHAT =
  '[12/03/2024, 21:15:42] Anna: Hello, is this Tom? My aunt gave me your number\n[12/03/2024, 21:16:01] Tom: Hi, who is this?\n[12/03/2024, 21:17:05] Anna: My uncle trades crypto on a platform, you should try it';
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe('ChatExportInput', () => {
  it('reads the chat out of a WhatsApp .zip chosen by keyboard and hands over its text, WhatsApp and the note; the photo is not passed on', async () => {
    const used: ChatExportText[] = [];
    const { user } = renderWithApp(<ChatExportInput onUseText={(chat) => used.push(chat)} />);
    const input = screen.getByLabelText('Open a chat export');
    await user.tab();
    expect(input).toHaveFocus();
    const zip = await makeZip([
      { name: 'PHOTO-0001.jpg', data: PHOTO },
      { name: '_chat.txt', data: CHAT },
    ]);
    await user.upload(input, new File([zip], 'WhatsApp Chat - Anna.zip', { type: 'application/zip' }));
    await waitFor(() => expect(used).toHaveLength(1));
    expect(used[0]).toEqual({
      message: CHAT,
      platform: 'whatsapp',
      note: 'Read from your chat export: all 3 messages. Its photos and other media were not read and stayed on this device.',
    });
    expect(JSON.stringify(used)).not.toContain('PHOTO-0001');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a .zip with no chat in it cannot be used, and clears the error once a good file is chosen', async () => {
    const onUseText = vi.fn();
    const { user } = renderWithApp(<ChatExportInput onUseText={onUseText} />);
    const input = screen.getByLabelText('Open a chat export');
    await user.upload(
      input,
      new File([await makeZip([{ name: 'PHOTO-0001.jpg', data: PHOTO }])], 'photos.zip', { type: 'application/zip' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_FILE_ERRORS.noChat);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(CHAT_FILE_ERRORS.noChat));
    expect(onUseText).not.toHaveBeenCalled();
    await user.upload(input, new File([CHAT], 'WhatsApp Chat with Anna.txt', { type: 'text/plain' }));
    await waitFor(() => expect(onUseText).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
