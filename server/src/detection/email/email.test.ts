import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../url/brands.ts';
import { analyzeEmail, analyzeEmailLocal, lookupMx } from './email.ts';

const ids = (r: { signals: { id: string }[] }): string[] => r.signals.map((s) => s.id);
const brand = (name: string) => BRANDS.filter((b) => b.name === name);

describe('e-mail intelligence', () => {
  it('checks syntax', () => {
    expect(analyzeEmailLocal('jane.doe@example.com').analysis.valid).toBe(true);
    expect(analyzeEmailLocal('jane.doe@@example').analysis.valid).toBe(false);
    expect(analyzeEmailLocal('not an address').analysis.valid).toBe(false);
  });

  it('knows disposable domains from both lists', () => {
    expect(analyzeEmailLocal('x@mailinator.com').analysis.isDisposable).toBe(true);
    expect(analyzeEmailLocal('x@10minutemail.com').analysis.isDisposable).toBe(true);
    expect(analyzeEmailLocal('x@gmail.com').analysis.isDisposable).toBe(false);
  });

  it('flags free-mail addresses posing as a company', () => {
    const r = analyzeEmailLocal('paypal.resolution.center@gmail.com');
    expect(r.analysis.isFreeMail).toBe(true);
    expect(ids(r)).toContain('email_freemail_brand');
    expect(ids(analyzeEmailLocal('jane.smith1987@gmail.com', { claimedBrands: brand('Chase') }))).toContain(
      'email_freemail_brand',
    );
    expect(ids(analyzeEmailLocal('jane.smith1987@gmail.com'))).toEqual([]);
  });

  it('flags look-alike domains and brand mismatch, but not the real domain', () => {
    const fake = analyzeEmailLocal('service@paypa1-secure.com');
    expect(fake.analysis.lookalikeOf).toBe('PayPal');
    expect(ids(analyzeEmailLocal('alerts@secure-notice.net', { claimedBrands: brand('Chase') }))).toContain(
      'email_brand_mismatch',
    );
    const real = analyzeEmailLocal('service@paypal.com');
    expect(real.analysis.lookalikeOf).toBeNull();
    expect(real.signals).toEqual([]);
  });

  it('recognises role accounts', () => {
    expect(analyzeEmailLocal('no-reply@company.com').analysis.isRoleAccount).toBe(true);
    expect(analyzeEmailLocal('maria@company.com').analysis.isRoleAccount).toBe(false);
  });
});

describe('MX lookup against a local DNS server', () => {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const name = request.questions[0]?.name ?? '';
      if (name === 'slow.test') return; // never answers: the lookup must time out
      const question = request.questions[0];
      if (name === 'mail.test' && question)
        response.answers.push(
          dns2.Packet.createResourceFromQuestion(question, { ttl: 60, exchange: 'mx1.mail.test', priority: 10 }),
        );
      send(response);
    },
  });
  let servers: string[] = [];
  beforeAll(async () => {
    const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    servers = [`127.0.0.1:${addresses.udp?.port ?? 0}`];
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds an MX record, reports none, and gives up quietly on timeout', async () => {
    await expect(lookupMx('mail.test', { servers, timeoutMs: 1000 })).resolves.toBe(true);
    await expect(lookupMx('nomx.test', { servers, timeoutMs: 1000 })).resolves.toBe(false);
    await expect(lookupMx('slow.test', { servers, timeoutMs: 200 })).resolves.toBeNull();
  });

  it('adds a no-mail-server signal only when MX lookup is enabled', async () => {
    const off = await analyzeEmail('billing@nomx-example.com');
    expect(off.analysis.hasMx).toBeNull();
    const on = await analyzeEmail('billing@nomx-example.com', { mx: { servers, timeoutMs: 1000 } });
    expect(on.analysis.hasMx).toBe(false);
    expect(ids(on)).toContain('email_no_mx');
  });
});
