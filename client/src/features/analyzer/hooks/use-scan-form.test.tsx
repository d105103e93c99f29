import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanFormValues, ScanPayload } from '../utils/scan-form';
import { useScanForm, type UseScanFormOptions } from './use-scan-form';

const FIRST = 'USPS: Your package is on hold. Pay the $1.99 fee now at https://usps-redelivery-fee.top/pay';
const SECOND = 'Hi mum, I dropped my phone in the bath. This is my new number, can you send me £200 for rent?';

function setup(options: Partial<UseScanFormOptions> = {}) {
  const analyzed: ScanPayload[] = [];
  const hook = renderHook(() => useScanForm({ onAnalyze: (payload) => analyzed.push(payload), ...options }));
  return { analyzed, hook };
}

describe('useScanForm', () => {
  it('scans a screenshot’s text at once, marked as read from an image with its QR links', async () => {
    const { analyzed, hook } = setup();
    act(() =>
      hook.result.current.takeImageText({
        message: FIRST,
        platform: 'sms',
        qrLinks: ['https://usps-redelivery-fee.top/pay'],
      }),
    );

    await waitFor(() => expect(analyzed).toHaveLength(1));
    expect(analyzed[0]).toEqual({
      message: FIRST,
      platform: 'sms',
      source: 'image',
      qrLinks: ['https://usps-redelivery-fee.top/pay'],
    });
    expect(hook.result.current.fromImage).toEqual({ message: FIRST, qrLinks: ['https://usps-redelivery-fee.top/pay'] });
  });

  it('fills a screenshot’s text but does not send it when the gate refuses one of its fields', async () => {
    const asked: Array<keyof ScanFormValues> = [];
    const { analyzed, hook } = setup({ onFieldChange: (field) => (asked.push(field), field !== 'phoneNumber') });
    act(() => hook.result.current.takeImageText({ message: FIRST, phoneNumber: '+1 415 555 0100', qrLinks: [] }));

    expect(asked).toEqual(['message', 'phoneNumber']);
    expect(hook.result.current.form.getValues()).toMatchObject({ message: FIRST, phoneNumber: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyzed).toEqual([]);
  });

  it('clears the scanned sender when another message replaces it, and puts it back on request', async () => {
    const { analyzed, hook } = setup();
    act(() => {
      hook.result.current.update('message', FIRST);
      hook.result.current.update('phoneNumber', '+1 415 555 0100');
    });
    await act(() => hook.result.current.submit());
    expect(analyzed).toEqual([{ message: FIRST, phoneNumber: '+1 415 555 0100' }]);

    act(() => hook.result.current.update('message', SECOND));
    expect(hook.result.current.form.getValues()).toMatchObject({ message: SECOND, phoneNumber: '' });
    expect(hook.result.current.clearedSender).toEqual({ phoneNumber: '+1 415 555 0100', email: '', platform: '' });

    act(() => hook.result.current.putSenderBack());
    expect(hook.result.current.form.getValues()).toMatchObject({ message: SECOND, phoneNumber: '+1 415 555 0100' });
    expect(hook.result.current.clearedSender).toBeNull();
  });

  it('does not send while scanning or blocked', async () => {
    const { analyzed, hook } = setup({ blockedLabel: 'TRIAL EXPIRED - COMPLETE SETUP' });
    act(() => hook.result.current.update('message', FIRST));
    await act(() => hook.result.current.submit());
    expect(analyzed).toEqual([]);
  });

  it('leaves locked sender fields out of the check and the scan', async () => {
    const { analyzed, hook } = setup({
      senderLocked: true,
      initialValues: { message: FIRST, email: 'not an address' },
    });
    await act(() => hook.result.current.submit());
    expect(analyzed).toEqual([{ message: FIRST }]);
  });

  it('keeps a chat export’s note while its text is in the box, and drops it after an edit', () => {
    const { analyzed, hook } = setup();
    act(() =>
      hook.result.current.takeChatText({ message: FIRST, platform: 'whatsapp', note: 'Read from your chat export.' }),
    );
    expect(hook.result.current.note).toBe('Read from your chat export.');
    expect(hook.result.current.form.getValues('platform')).toBe('whatsapp');
    act(() => hook.result.current.update('message', `${FIRST}!`));
    expect(hook.result.current.note).toBeNull();
    expect(analyzed).toEqual([]);
  });
});
