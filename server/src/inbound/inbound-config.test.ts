import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig as loadConfigIn } from '../config.ts';
import { forwardingAddressOf, newToken, tokenOf } from './inbound.service.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-inbound-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const loadConfig = (env: Record<string, string>) => loadConfigIn({ DATA_DIR: dataDir, ...env });

describe('the inbound mail settings', () => {
  it('are off unless INBOUND_SMTP_PORT is set; then loopback, PUBLIC_URL’s host and 1 MiB by default', () => {
    expect(loadConfig({}).inbound).toBeNull();
    expect(loadConfig({ INBOUND_SMTP_PORT: '2525', PUBLIC_URL: 'https://RedFlag.example' }).inbound).toEqual({
      port: 2525,
      host: '127.0.0.1',
      domain: 'redflag.example',
      maxBytes: 1024 * 1024,
      tls: null,
    });
  });

  it('refuse a TLS key without its certificate and a domain that is not one', () => {
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '25', INBOUND_SMTP_TLS_KEY: '/k.pem' })).toThrowError(
      /INBOUND_SMTP_TLS_KEY/,
    );
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '25', INBOUND_MAIL_DOMAIN: 'not a domain' })).toThrowError(
      /INBOUND_MAIL_DOMAIN/,
    );
  });
});

describe('forwarding addresses', () => {
  it('are check+<24 base32 characters>@domain, and only those name a token (any case)', () => {
    const token = newToken();
    expect(token).toMatch(/^[a-z2-7]{24}$/);
    expect(newToken()).not.toBe(token);
    const address = forwardingAddressOf(token, 'redflag.example');
    expect(tokenOf(address, 'redflag.example')).toBe(token);
    expect(tokenOf(address.toUpperCase(), 'redflag.example')).toBe(token);
    expect(tokenOf(address, 'other.example')).toBeNull();
    expect(tokenOf(`check+${token.slice(1)}@redflag.example`, 'redflag.example')).toBeNull();
    expect(tokenOf(`support@redflag.example`, 'redflag.example')).toBeNull();
    expect(tokenOf(`check+${token}+x@redflag.example`, 'redflag.example')).toBeNull();
  });
});
