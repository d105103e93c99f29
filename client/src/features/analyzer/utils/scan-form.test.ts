import { describe, expect, it } from 'vitest';
import { groupPlatforms } from './platform-groups';
import { buildScanPayload, EMPTY_SCAN_FORM } from './scan-form';

describe('buildScanPayload', () => {
  it('refuses a blank message with the spec toast text', () => {
    expect(buildScanPayload({ ...EMPTY_SCAN_FORM, message: '   \n ' })).toEqual({
      ok: false,
      title: 'Message Required',
      description: 'Please enter a message to analyze',
    });
  });

  it('trims inputs and omits empty phone, email and platform', () => {
    expect(buildScanPayload({ message: '  hello  ', platform: '', phoneNumber: '  ', email: '' })).toEqual({
      ok: true,
      payload: { message: 'hello' },
    });
  });

  it('keeps filled optional fields, trimmed', () => {
    expect(
      buildScanPayload({ message: 'm', platform: 'sms', phoneNumber: ' +1 555 0100 ', email: ' a@b.co ' }),
    ).toEqual({
      ok: true,
      payload: { message: 'm', platform: 'sms', phoneNumber: '+1 555 0100', email: 'a@b.co' },
    });
  });
});

describe('groupPlatforms', () => {
  it('groups the platforms by category in order, with no empty value', () => {
    const groups = groupPlatforms();
    expect(groups.map((g) => g.category)).toEqual(['Communication', 'Marketplace', 'Other']);
    expect(groups.map((g) => g.options.map((o) => o.value))).toEqual([
      ['sms', 'whatsapp', 'email'],
      ['facebook', 'craigslist', 'offerup', 'ebay', 'etsy'],
      ['other'],
    ]);
  });
});
