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
  void apiRequest('createScan', { body: { ...rest, ...(platform ? { platform: platformSchema.parse(platform) } : {}) } }).catch(() => undefined);
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
function NewScanHarness(props: Omit<AnalyzerCardProps, 'initialValues' | 'autoFocusMessage'> & { initialValues: AnalyzerCardProps['initialValues'] }) {
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
    const { user } = renderWithApp(<AnalyzerCard onAnalyze={(payload) => (analyzed.push(payload), sendScan(payload))} />);
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
    const expected = { message: FIRST, platform: 'sms', phoneNumber: '+1 415 555 0100', email: 'billing@usps-redelivery-fee.top' };
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
    expect(screen.getByTestId('sender-cleared')).toHaveTextContent("the last message's phone number and email were cleared");

    await user.click(screen.getByRole('button', { name: /put them back/i }));
    expect(phone).toHaveValue('+1 415 555 0100');
    expect(email).toHaveValue('billing@usps-redelivery-fee.top');
    expect(message).toHaveFocus();
  });

  it('starts empty with the cursor in the message after New scan', async () => {
    recordScans();
    const { user } = renderWithApp(
      <NewScanHarness onAnalyze={sendScan} initialValues={{ message: FIRST, platform: 'sms', phoneNumber: '+1 415 555 0100', email: 'a@b.co' }} />,
    );
    expect(fields().message).toHaveValue(FIRST);
    expect(fields().phone).toHaveValue('+1 415 555 0100');

    await user.click(screen.getByRole('button', { name: 'New scan' }));
    const { message, phone, email } = fields();
    expect(message).toHaveValue('');
    expect(phone).toHaveValue('');
    expect(email).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Communication platform' })).toHaveTextContent('Where did you receive it?');
    expect(message).toHaveFocus();
  });
});
