import { describe, expect, it } from 'vitest';
import { confidencePercent, lineTypeLabel, linkFlagLabel, verdictEvent, yesNoUnknown } from './result-format';

describe('confidencePercent', () => {
  it('rounds to a percent', () => {
    expect(confidencePercent(0.874)).toBe(87);
    expect(confidencePercent(1)).toBe(100);
  });
  it('falls back to 50% when the value is not numeric', () => {
    expect(confidencePercent(undefined)).toBe(50);
    expect(confidencePercent(null)).toBe(50);
    expect(confidencePercent('0.9')).toBe(50);
    expect(confidencePercent(Number.NaN)).toBe(50);
  });
});

describe('verdictEvent', () => {
  it('follows the display bands: 70+, 40-69, below 40', () => {
    expect(verdictEvent(70)).toBe('scam_detected');
    expect(verdictEvent(69)).toBe('potential_scam_detected');
    expect(verdictEvent(40)).toBe('potential_scam_detected');
    expect(verdictEvent(39)).toBe('legitimate_message');
  });
});

describe('finding labels', () => {
  it('names link flags, and keeps unknown ones readable', () => {
    expect(linkFlagLabel('risky_tld')).toBe('Risky domain ending');
    expect(linkFlagLabel('new_flag_kind')).toBe('New flag kind');
  });
  it('shows VoIP as yes, no or unknown', () => {
    expect(yesNoUnknown(true)).toBe('Yes');
    expect(yesNoUnknown(false)).toBe('No');
    expect(yesNoUnknown(null)).toBe('Unknown');
  });
  it('turns line types into words', () => {
    expect(lineTypeLabel('FIXED_LINE_OR_MOBILE')).toBe('Fixed line or mobile');
    expect(lineTypeLabel(null)).toBe('Unknown');
  });
});
