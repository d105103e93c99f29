import { publicConfigSchema } from '@redflag/contracts/config';
import { describe, expect, it } from 'vitest';
import { parsePublicConfig } from './public-config';

const sample = {
  authBaseUrl: 'http://localhost:5000/api/auth',
  signInMethods: { emailPassword: true, magicLink: true, google: false, facebook: false },
  emailVerificationRequired: true,
  billingProvider: 'local',
  supportEmail: 'help@example.com',
  engine: { name: 'RedFlag engine', version: '1.2.0', accuracy: 0.9943, accuracyDataset: 'UCI SMS Spam Collection' },
};

describe('parsePublicConfig', () => {
  it('reads a valid config exactly as the contract schema does', () => {
    expect(parsePublicConfig(sample)).toEqual(publicConfigSchema.parse(sample));
  });

  it('keeps a missing accuracy as null', () => {
    const withoutAccuracy = { ...sample, engine: { ...sample.engine, accuracy: null, accuracyDataset: null } };
    expect(parsePublicConfig(withoutAccuracy)).toEqual(publicConfigSchema.parse(withoutAccuracy));
  });

  it('rejects a body that is not a config', () => {
    expect(() => parsePublicConfig({ error: { code: 'NOT_FOUND' } })).toThrow();
    expect(() => parsePublicConfig(null)).toThrow();
  });
});
