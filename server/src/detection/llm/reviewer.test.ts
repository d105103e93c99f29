import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount, updateAccount } from '../../billing/billing.repo.ts';
import { apiClient } from '../../test/api-client.ts';
import { createTestApp } from '../../test/harness.ts';
import { createVerifiedUser } from '../../test/users.ts';
import { analyzeLocal } from '../analyze.ts';
import { parseVerdict, reviewWithLlm } from './reviewer.ts';

/** A fake OpenAI-compatible endpoint; the reply depends on the model name the test asks for. */
let server: Server;
let baseUrl = '';
const seen: { auth?: string; body?: { model?: string; messages?: { role: string; content: string }[] } } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.auth = req.headers.authorization;
      const body = JSON.parse(raw) as { model?: string; messages?: { role: string; content: string }[] };
      seen.body = body;
      const reply = (content: string): void => {
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      };
      if (req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{}');
      } else if (body.model === 'scam')
        reply(
          '```json\n{"riskScore": 95, "scamType": "marketplace_verification_code", "confidence": 0.9, "reasons": ["Asks for a code sent to your phone"]}\n```',
        );
      else if (body.model === 'garbage') reply('I think it is fine!');
      else if (body.model === 'bad-schema') reply('{"riskScore": 250, "scamType": "nonsense"}');
      else if (body.model === 'slow') setTimeout(() => reply('{"riskScore": 0, "reasons": []}'), 1500);
      else if (body.model === 'error') {
        res.statusCode = 500;
        res.end('{"error":{"message":"boom"}}');
      } else reply('{"riskScore": 5, "scamType": null, "reasons": ["Ordinary chat"]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = {
  message: 'Hi, I want to buy your bike. Can you send me the code I just texted you?',
  platform: 'craigslist' as const,
};
const local = analyzeLocal(input);

describe('LLM reviewer', () => {
  it('asks for JSON with the configured model and key, and merges a valid verdict', async () => {
    const merged = await reviewWithLlm(
      input,
      { ...local, riskScore: 60 },
      { baseUrl, apiKey: 'sk-test', model: 'scam' },
    );
    expect(seen.auth).toBe('Bearer sk-test');
    expect(seen.body?.messages?.[0]?.role).toBe('system');
    expect(merged.riskScore).toBe(Math.round(60 + 0.4 * (95 - 60)));
    expect(merged.reasonDetails.at(-1)).toMatchObject({ id: 'llm_review', evidence: [{ kind: 'llm' }] });
    expect(merged.engineVersion).toMatch(/\+llm$/);
    // The blend is the score policy's last step, recorded with the score before and after it.
    expect(merged.policy?.at(-1)).toMatchObject({ id: 'reviewer_blend', from: 60, to: merged.riskScore });
  });

  it('returns the local result unchanged on prose, invalid JSON, HTTP errors and timeouts', async () => {
    for (const model of ['garbage', 'bad-schema', 'error']) {
      await expect(reviewWithLlm(input, local, { baseUrl, model })).resolves.toEqual(local);
    }
    const t0 = Date.now();
    await expect(reviewWithLlm(input, local, { baseUrl, model: 'slow', timeoutMs: 200 })).resolves.toEqual(local);
    expect(Date.now() - t0).toBeLessThan(1200);
    await expect(reviewWithLlm(input, local, { baseUrl: 'http://127.0.0.1:1', model: 'x' })).resolves.toEqual(local);
  });

  it('parses JSON wrapped in prose or code fences and rejects out-of-range values', () => {
    expect(parseVerdict('Sure! {"riskScore": 10, "reasons": []} Hope that helps')?.riskScore).toBe(10);
    expect(parseVerdict('{"riskScore": -3}')).toBeNull();
    expect(parseVerdict('nothing here')).toBeNull();
  });
});

describe('the app with LLM_BASE_URL and LLM_MODEL set', () => {
  it("POST /api/scans carries the reviewer's verdict: createContext built the reviewer the scan uses", async () => {
    const t = await createTestApp({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'scam', LLM_API_KEY: 'sk-app' });
    try {
      const u = await createVerifiedUser(t);
      const now = t.ctx.clock.now();
      await ensureAccount(t.ctx.database.db, u.user.id);
      await updateAccount(
        t.ctx.database.db,
        u.user.id,
        {
          planTier: 'premium',
          subscriptionStatus: 'active',
          paymentSetupComplete: true,
          hasUsedTrial: true,
          everPaid: true,
          provider: 'local',
          currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
        },
        now,
      );
      const res = await apiClient(t)('createScan', {
        headers: u.headers,
        body: { message: input.message, platform: input.platform },
      });
      expect(res.status).toBe(200);
      if (!res.ok) throw new Error(`scan refused: ${res.error.code}`);
      const body = res.data;
      expect(seen.auth).toBe('Bearer sk-app');
      expect(body.engineVersion).toMatch(/\+llm$/);
      expect(body.reasonDetails.map((r) => r.id)).toContain('llm_review');
    } finally {
      await t.close();
    }
  });
});
