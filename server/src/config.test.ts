import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadConfigIn } from './config.ts';

// Without BETTER_AUTH_SECRET a secret is generated into DATA_DIR: keep it in a folder of our own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const loadConfig = (env: Record<string, string>) => loadConfigIn({ DATA_DIR: dataDir, ...env });

describe('settings', () => {
  it('starts on embedded defaults with nothing configured', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.database.driver).toBe('pglite');
    expect(c.mail.transport).toBe('outbox');
    expect(c.billing.provider).toBe('local');
    expect(c.devMailbox).toBe(true);
    expect(c.llm).toBeNull();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/redflag' });
    expect(c.database).toMatchObject({ driver: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/redflag' });
  });

  it('names the bad setting when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrowError(/DATABASE_URL/);
  });

  it('refuses production without a secret, a public URL, SMTP and real billing', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      for (const name of ['PUBLIC_URL', 'BETTER_AUTH_SECRET', 'SMTP_URL', 'BILLING_PROVIDER'])
        expect(text).toContain(name);
    }
  });

  it('accepts production with explicit opt-ins for the dev outbox and the test billing provider', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://redflag.example',
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
    });
    expect(c.devMailbox).toBe(false);
    expect(c.billing.provider).toBe('local');
  });

  it('selects Stripe when its key is set and requires the webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).billing.provider).toBe(
      'stripe',
    );
  });

  it('requires OAuth client ids and secrets in pairs', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrowError(/GOOGLE_CLIENT_SECRET/);
  });

  it('reads FEEDS as name=format:url lists, and refuses an unknown format or a name given twice', () => {
    expect(loadConfig({}).feeds).toEqual({ lists: [], refreshMinutes: 60 });
    const c = loadConfig({
      FEEDS:
        'OpenPhish=openphish:https://openphish.com/feed.txt, urlhaus=urlhaus:https://urlhaus.abuse.ch/downloads/csv_online/',
      FEEDS_REFRESH_MINUTES: '30',
    });
    expect(c.feeds).toEqual({
      lists: [
        { name: 'openphish', format: 'openphish', url: 'https://openphish.com/feed.txt' },
        { name: 'urlhaus', format: 'urlhaus', url: 'https://urlhaus.abuse.ch/downloads/csv_online/' },
      ],
      refreshMinutes: 30,
    });
    expect(() => loadConfig({ FEEDS: 'x=csv:https://a.example/x' })).toThrowError(/FEEDS: "x=csv/);
    expect(() => loadConfig({ FEEDS: 'a=domains:https://a.example/1,a=domains:https://a.example/2' })).toThrowError(
      /given twice/,
    );
    expect(() => loadConfig({ FEEDS_REFRESH_MINUTES: '1' })).toThrowError(/FEEDS_REFRESH_MINUTES/);
  });
});
