import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAME, ENGINE_VERSION } from '../detection/analyze.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp } from '../test/harness.ts';

describe('GET /api/config', () => {
  it('advertises e-mail + magic link only when no social provider is configured', async () => {
    const t = await createTestApp({ SUPPORT_EMAIL: 'care@redflag.test' });
    try {
      const res = await apiClient(t)('getConfig');
      expect(res.status).toBe(200);
      if (!res.ok) throw new Error(`config refused: ${res.error.code}`);
      const body = res.data;
      expect(body).toMatchObject({
        authBaseUrl: 'http://localhost:5000/api/auth',
        signInMethods: { emailPassword: true, magicLink: true, google: false, facebook: false },
        emailVerificationRequired: true,
        billingProvider: 'local',
        supportEmail: 'care@redflag.test',
      });
      // The engine's own facts, with the measured accuracy from the committed report (read here from the
      // files npm run train writes, not from the function the route calls): never "unknown".
      const report = JSON.parse(
        readFileSync(new URL('../detection/model/eval-report.json', import.meta.url), 'utf8'),
      ) as { modelVersion: string; headline: { accuracy: number; dataset: string } };
      const model = JSON.parse(readFileSync(new URL('../detection/model/model.json', import.meta.url), 'utf8')) as {
        version: string;
      };
      expect(body.engine).toEqual({
        name: ENGINE_NAME,
        version: `${ENGINE_VERSION}+${model.version}`,
        accuracy: report.headline.accuracy,
        accuracyDataset: report.headline.dataset,
      });
      expect(body.engine.accuracy).toBeGreaterThan(0);
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
      const res = await apiClient(t)('getConfig');
      expect(res.ok && res.data.signInMethods).toEqual({
        emailPassword: true,
        magicLink: true,
        google: true,
        facebook: true,
      });
    } finally {
      await t.close();
    }
  });
});
