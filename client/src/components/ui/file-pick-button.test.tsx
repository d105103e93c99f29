import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImagePlus } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { FilePickButton } from './file-pick-button';

describe('FilePickButton', () => {
  it('hands over each chosen file, the same one twice too, from an input described by its hint', async () => {
    const picked: Array<File | null> = [];
    render(
      <FilePickButton
        label="Scan a screenshot"
        icon={<ImagePlus />}
        accept="image/*"
        hint="PNG, JPEG or WebP."
        onFile={(file) => picked.push(file)}
      />,
    );
    const input = screen.getByLabelText('Scan a screenshot');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP.');

    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    await userEvent.upload(input, file);
    expect(picked).toEqual([file, file]);
    expect(input).toHaveValue('');
  });

  it('says what went wrong as an alert that also describes the input, and can be disabled', () => {
    render(
      <FilePickButton
        label="Open a chat export"
        icon={null}
        accept=".txt"
        hint="A WhatsApp export."
        error="Not a chat."
        disabled
        onFile={() => undefined}
      />,
    );
    const input = screen.getByLabelText('Open a chat export');
    expect(screen.getByRole('alert')).toHaveTextContent('Not a chat.');
    expect(input).toHaveAccessibleDescription('A WhatsApp export. Not a chat.');
    expect(input).toBeDisabled();
  });
});
