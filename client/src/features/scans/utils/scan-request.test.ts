import { describe, expect, it } from 'vitest';
import { toScanRequest } from './scan-request';

describe('toScanRequest', () => {
  it('keeps the message and the filled optional fields', () => {
    expect(
      toScanRequest({ message: 'm', phoneNumber: '+1 415 555 0100', email: 'a@b.co', platform: 'whatsapp' }),
    ).toEqual({
      message: 'm',
      phoneNumber: '+1 415 555 0100',
      email: 'a@b.co',
      platform: 'whatsapp',
    });
  });
  it('says a message came from a screenshot (with its QR links), and leaves typed text without a source', () => {
    expect(toScanRequest({ message: 'm', source: 'image', qrLinks: ['https://a.example'] })).toEqual({
      message: 'm',
      source: 'image',
      qrLinks: ['https://a.example'],
    });
    expect(toScanRequest({ message: 'm', source: 'text' })).toEqual({ message: 'm' });
  });
  it('omits empty fields and platforms the API does not know', () => {
    expect(toScanRequest({ message: 'm', phoneNumber: '', email: '', platform: '' })).toEqual({ message: 'm' });
    expect(toScanRequest({ message: 'm', platform: 'myspace' })).toEqual({ message: 'm' });
  });
});
