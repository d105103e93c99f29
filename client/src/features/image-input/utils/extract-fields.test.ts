import { describe, expect, it } from 'vitest';
import { countryFromLocale, extractFields } from './extract-fields';

describe('extractFields', () => {
  it('pre-fills the sender number, e-mail and SMS platform from a text screen, keeping links apart', () => {
    const text =
      '+1 (415) 555-0134\nText Message - Today 9:41 AM\nPay at https://usps-fee.top/pay or mail help@usps-care.top';
    expect(extractFields(text, 'US')).toEqual({
      phoneNumber: '+1 415 555 0134',
      email: 'help@usps-care.top',
      links: ['https://usps-fee.top/pay'],
      platform: 'sms',
    });
  });

  it('names an e-mail by its From and Subject lines, and no platform when two apps are named', () => {
    expect(extractFields('From: Bank <alerts@bank.example>\nSubject: Verify now').platform).toBe('email');
    expect(extractFields('Seen on Marketplace, reply on WhatsApp').platform).toBeUndefined();
  });

  it("reads a local number with the browser's country", () => {
    expect(countryFromLocale('en-GB')).toBe('GB');
    expect(extractFields('Call 07911 123456 today', countryFromLocale('en-GB')).phoneNumber).toBe('+44 7911 123456');
  });
});
