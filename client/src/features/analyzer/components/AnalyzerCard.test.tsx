import { platformSchema, scanRequestSchema } from '@redflag/contracts/scan';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api';
import { server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { storedScan } from '@/test/scans';
import type { ScanPayload } from '../utils/scan-form';
import { AnalyzerCard, type AnalyzerCardProps } from './AnalyzerCard';

const CREATE_SCAN = '*/api/scans';
const FIRST = 'USPS: Your package is on hold. Pay the $1.99 fee now at https://usps-redelivery-fee.top/pay';
const SECOND = 'Hi mum, I dropped my phone in the bath. This is my new number, can you send me £200 for rent?';

/** Sends what the card hands over as the app does: POST /api/scans through the typed client. */
function sendScan(payload: ScanPayload) {
  const { platform, ...rest } = payload;
  void apiRequest('createScan', {
    body: { ...rest, ...(platform ? { platform: platformSchema.parse(platform) } : {}) },
  }).catch(() => undefined);
}

/** Records every POST /api/scans body and answers a stored scan. */
function recordScans() {
  const sent: unknown[] = [];
  server.use(
    http.post(CREATE_SCAN, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(storedScan());
    }),
  );
  return sent;
}

function fields() {
  return {
    message: screen.getByRole('textbox', { name: 'Message' }),
    phone: screen.getByRole('textbox', { name: /phone number/i }),
    email: screen.getByRole('textbox', { name: /^email/i }),
    submit: screen.getByRole('button', { name: /analyze for scams/i }),
  };
}

/** The scan page's New scan: the card is remounted, empty, with the cursor in the message. */
function NewScanHarness(
  props: Omit<AnalyzerCardProps, 'initialValues' | 'autoFocusMessage'> & {
    initialValues: AnalyzerCardProps['initialValues'];
  },
) {
  const [form, setForm] = useState({ key: 0, initial: props.initialValues });
  return (
    <>
      <AnalyzerCard {...props} key={form.key} autoFocusMessage={form.key > 0} initialValues={form.initial} />
      <button type="button" onClick={() => setForm((current) => ({ key: current.key + 1, initial: undefined }))}>
        New scan
      </button>
    </>
  );
}

describe('AnalyzerCard', () => {
  it('refuses a blank message with "Message Required", keeps the cursor in the message and sends nothing (docs/product.md §5)', async () => {
    const sent = recordScans();
    const analyzed: ScanPayload[] = [];
    const { user } = renderWithApp(
      <AnalyzerCard onAnalyze={(payload) => (analyzed.push(payload), sendScan(payload))} />,
    );
    const { message, submit } = fields();
    await user.type(message, '   ');
    await user.click(submit);

    expect(await screen.findByText('Message Required')).toBeVisible();
    expect(screen.getByText('Please enter a message to analyze')).toBeVisible();
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveValue('   ');
    expect(analyzed).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('sends a valid scan as the contract body: trimmed, with the platform, phone and e-mail', async () => {
    const sent = recordScans();
    const { user } = renderWithApp(<AnalyzerCard onAnalyze={sendScan} initialValues={{ platform: 'sms' }} />);
    const { message, phone, email, submit } = fields();
    await user.click(message);
    await user.paste(`  ${FIRST}  `);
    await user.type(phone, ' +1 415 555 0100 ');
    await user.type(email, 'billing@usps-redelivery-fee.top');
    await user.click(submit);

    await waitFor(() => expect(sent).toHaveLength(1));
    const expected = {
      message: FIRST,
      platform: 'sms',
      phoneNumber: '+1 415 555 0100',
      email: 'billing@usps-redelivery-fee.top',
    };
    expect(sent[0]).toEqual(expected);
    expect(scanRequestSchema.parse(sent[0])).toEqual(expected);
  });

  it('clears the last scan’s sender fields when the message is replaced, and puts them back on request', async () => {
    const sent = recordScans();
    const { user } = renderWithApp(<AnalyzerCard onAnalyze={sendScan} />);
    const { message, phone, email, submit } = fields();
    await user.click(message);
    await user.paste(FIRST);
    await user.type(phone, '+1 415 555 0100');
    await user.type(email, 'billing@usps-redelivery-fee.top');
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));

    // A fixed typo is the same message: the sender stays.
    await user.type(message, '!');
    expect(phone).toHaveValue('+1 415 555 0100');

    // Another message pasted over it: the sender belonged to the last one.
    await user.clear(message);
    await user.paste(SECOND);
    expect(message).toHaveValue(SECOND);
    expect(phone).toHaveValue('');
    expect(email).toHaveValue('');
    expect(screen.getByTestId('sender-cleared')).toHaveTextContent(
      "the last message's phone number and email were cleared",
    );

    await user.click(screen.getByRole('button', { name: /put them back/i }));
    expect(phone).toHaveValue('+1 415 555 0100');
    expect(email).toHaveValue('billing@usps-redelivery-fee.top');
    expect(message).toHaveFocus();
  });

  it('starts empty with the cursor in the message after New scan', async () => {
    recordScans();
    const { user } = renderWithApp(
      <NewScanHarness
        onAnalyze={sendScan}
        initialValues={{ message: FIRST, platform: 'sms', phoneNumber: '+1 415 555 0100', email: 'a@b.co' }}
      />,
    );
    expect(fields().message).toHaveValue(FIRST);
    expect(fields().phone).toHaveValue('+1 415 555 0100');

    await user.click(screen.getByRole('button', { name: 'New scan' }));
    const { message, phone, email } = fields();
    expect(message).toHaveValue('');
    expect(phone).toHaveValue('');
    expect(email).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Communication platform' })).toHaveTextContent(
      'Where did you receive it?',
    );
    expect(message).toHaveFocus();
  });

  it('puts a chat export in the message with its note, does not send it, and scans it as typed when asked', async () => {
    const sent = recordScans();
    const chat = '[12/03/2024, 21:15:42] Anna: Hello\n[12/03/2024, 21:16:01] Tom: Hi Anna';
    const note =
      'Read from your chat export: all 2 messages. Its photos and other media were not read and stayed on this device.';
    const { user } = renderWithApp(
      <AnalyzerCard
        onAnalyze={sendScan}
        chatInput={({ onUseText }) => (
          <button type="button" onClick={() => onUseText({ message: chat, platform: 'whatsapp', note })}>
            Pretend a file was chosen
          </button>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pretend a file was chosen' }));
    const { message, submit } = fields();
    expect(message).toHaveValue(chat);
    expect(message).toHaveAccessibleDescription(expect.stringContaining(note));
    expect(sent).toEqual([]);
    await user.click(submit);
    await waitFor(() => expect(sent).toEqual([{ message: chat, platform: 'whatsapp' }]));
    // An edit makes it typed text: the note no longer describes it.
    await user.type(message, '!');
    expect(screen.queryByTestId('chat-note')).toBeNull();
  });

  it('offers to keep the latest messages of a pasted thread over the limit, and says how many of how many were kept', async () => {
    const sent = recordScans();
    const lines = Array.from(
      { length: 400 },
      (_, i) => `12/03/2024, 21:15 - ${i % 2 ? 'Tom' : 'Anna'}: message number ${i} of a long chat, with some words`,
    );
    const { user } = renderWithApp(<AnalyzerCard onAnalyze={sendScan} />);
    const { message, submit } = fields();
    await user.click(message);
    await user.paste(lines.join('\n'));
    expect(submit).toBeDisabled();
    const keep = screen.getByRole('button', { name: /^Keep the last \d+ messages that fit$/ });
    const kept = Number(/\d+/.exec(keep.textContent ?? '')?.[0]);
    await user.click(keep);
    expect(message).toHaveValue(lines.slice(400 - kept).join('\n'));
    expect((message as HTMLTextAreaElement).value.length).toBeLessThanOrEqual(10_000);
    expect(message).toHaveFocus();
    expect(screen.getByTestId('chat-note')).toHaveTextContent(
      `The thread is longer than one scan reads (10,000 characters): the last ${kept} of its 400 messages are kept, and only those will be checked.`,
    );
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('offers no cut for a single message over the limit: it is refused as it was', async () => {
    const { user } = renderWithApp(<AnalyzerCard onAnalyze={sendScan} />);
    await user.click(fields().message);
    await user.paste('word '.repeat(2100));
    expect(screen.getByTestId('message-limit')).toHaveTextContent('Messages can be at most 10,000 characters');
    expect(screen.queryByRole('button', { name: /Keep the last/ })).toBeNull();
  });
});
