import { publicConfigSchema } from '@redflag/contracts/config';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAME, ENGINE_VERSION } from '../detection/analyze.ts';
import { getEngineInfo } from '../detection/engine-info.ts';
import { createTestApp } from '../test/harness.ts';

describe('GET /api/config', () => {
  it('advertises e-mail + magic link only when no social provider is configured', async () => {
    const t = await createTestApp({ SUPPORT_EMAIL: 'care@redflag.test' });
    try {
      const res = await t.request('/api/config');
      expect(res.status).toBe(200);
      const body = publicConfigSchema.parse(await res.json());
      expect(body).toMatchObject({
        authBaseUrl: 'http://localhost:5000/api/auth',
        signInMethods: { emailPassword: true, magicLink: true, google: false, facebook: false },
        emailVerificationRequired: true,
        billingProvider: 'local',
        supportEmail: 'care@redflag.test',
      });
      // The engine's own facts, with the measured accuracy from the committed report: never "unknown".
      expect(body.engine).toEqual(getEngineInfo());
      expect(body.engine.name).toBe(ENGINE_NAME);
      expect(body.engine.version.startsWith(`${ENGINE_VERSION}+`)).toBe(true);
      expect(body.engine.accuracy).toBeGreaterThan(0);
      expect(body.engine.accuracyDataset).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('advertises Google and Facebook when their id and secret are set', async () => {
    const t = await createTestApp({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      FACEBOOK_CLIENT_ID: 'f-id',
      FACEBOOK_CLIENT_SECRET: 'f-secret',
    });
    try {
      const body = publicConfigSchema.parse(await (await t.request('/api/config')).json());
      expect(body.signInMethods).toEqual({ emailPassword: true, magicLink: true, google: true, facebook: true });
    } finally {
      await t.close();
    }
  });
});
