import { describe, expect, it } from 'vitest';
import { analyze, analyzeLocal } from '../analyze.ts';
import { FAMILY_MONEY, MARKETPLACE_CODE, NEW_NUMBER, PIG_BUTCHERING } from './threads.ts';

/** Whole conversations through the engine: the verdict of the whole, the turn where it turned, the user's side. */
describe('a conversation is read as one, turn by turn', () => {
  const scams: Array<[string, { text: string; red: number }, string, RegExp]> = [
    [
      'a pig-butchering chat: friendly talk, a trading platform, a deposit',
      PIG_BUTCHERING,
      'crypto_investment',
      /^They have asked for a deposit/,
    ],
    [
      'a marketplace buyer who asks for a code',
      MARKETPLACE_CODE,
      'marketplace_verification_code',
      /^They have asked for a code/,
    ],
    ['a "relative" on a new number who needs money', NEW_NUMBER, 'family_emergency', /^They have asked for money/],
  ];
  for (const [name, thread, type, standing] of scams) {
    it(`${name} is flagged, with the turn where it turned quoted`, async () => {
      const r = await analyze({ message: thread.text });
      expect(r.riskScore).toBeGreaterThanOrEqual(70);
      expect(r.scamType).toBe(type);
      expect(r.conversation?.turnedAt).toBe(thread.red);
      expect(r.conversation?.standing).toMatch(standing);
      const turned = r.conversation?.turns[thread.red];
      expect(turned?.role).toBe('them');
    });
  }

  it('an ordinary family chat about money among people who know each other is not flagged', async () => {
    const r = await analyze({ message: FAMILY_MONEY.text });
    expect(r.riskScore).toBeLessThan(40);
    expect(r.conversation?.turnedAt).toBeNull();
    expect(r.conversation?.standing).toBeNull();
  });

  it("the user's own turns are never scored or used as evidence", async () => {
    const alone =
      'Them: Hi, how was your weekend?\nMe: Send me the gift card codes now or your account will be suspended, click http://paypa1-verify.top\nThem: Haha what? Are you ok?\nMe: Sorry wrong chat';
    const r = await analyze({ message: alone });
    expect(r.conversation?.turns.filter((t) => t.role === 'me').every((t) => t.riskScore === null)).toBe(true);
    expect(r.riskScore).toBeLessThan(40);
    expect(r.links).toHaveLength(0);
  });

  it("evidence spans point into the pasted thread at the other side's words", () => {
    const r = analyzeLocal({ message: MARKETPLACE_CODE.text });
    const spans = r?.reasonDetails.flatMap((d) => d.evidence).filter((e) => e.kind === 'span') ?? [];
    expect(spans.length).toBeGreaterThan(0);
    for (const e of spans)
      if (e.kind === 'span' && !e.text.endsWith('...'))
        expect(MARKETPLACE_CODE.text.slice(e.start, e.end)).toBe(e.text);
  });

  it('answers count in a conversation too', async () => {
    const r = await analyze({ message: FAMILY_MONEY.text, context: { knowsSender: true } });
    expect(r.riskScore).toBeLessThan(40);
    expect(r.reasons).toContain('You said you know the sender outside this chat');
  });

  it('each turn scores as that message alone would (the lighter per-turn path moves no score); the whole keeps its language', () => {
    const r = analyzeLocal({ message: PIG_BUTCHERING.text });
    for (const t of r?.conversation?.turns ?? []) {
      if (t.riskScore === null) continue;
      expect(t.riskScore).toBe(analyzeLocal({ message: PIG_BUTCHERING.text.slice(t.start, t.end) }).riskScore);
    }
    expect(r?.language?.code).toBe('en');
  });

  it('the offline analysis reads a conversation as a scan does: one pipeline', async () => {
    for (const thread of [PIG_BUTCHERING, MARKETPLACE_CODE, NEW_NUMBER, FAMILY_MONEY]) {
      const local = analyzeLocal({ message: thread.text, context: { knowsSender: true } });
      expect(local.conversation).toBeDefined();
      expect(local).toEqual(await analyze({ message: thread.text, context: { knowsSender: true } }));
    }
  });

  it('a single message is not a conversation and scores as before', async () => {
    const message = 'Hello, is this Mr. Parker? My aunt gave me your number.';
    const r = await analyze({ message });
    expect(r.conversation).toBeUndefined();
    expect(r).toEqual(analyzeLocal({ message }));
  });
});

/** The engine's budget for one chat (decision 130): per-turn work only as far as it is worth it. */
describe('a long chat within the budget', () => {
  const turns = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n');

  it('a 2,000-turn chat of the same two short turns is read turn by turn, each different turn once', () => {
    const message = turns(2000, (i) => (i % 2 ? 'B: hi' : 'A: hi'));
    const r = analyzeLocal({ message });
    expect(r?.conversation?.readWhole).toBeUndefined();
    expect(r?.conversation?.turns.length).toBeGreaterThan(1000);
    const theirs = r?.conversation?.turns.filter((t) => t.role === 'them') ?? [];
    expect(theirs.length).toBeGreaterThan(500);
    expect(theirs.every((t) => typeof t.riskScore === 'number')).toBe(true);
  });

  it('a chat with more different turns of the other side than the budget is read whole, and says so', () => {
    const ask = 'Them: To release your parcel pay the $2.99 fee today at https://parcel-release-fee.top/pay';
    const message = `${turns(800, (i) => (i % 2 ? `Me: k${i}` : `Them: o${i}`))}\n${ask}`;
    expect(message.length).toBeLessThanOrEqual(10_000);
    const r = analyzeLocal({ message });
    expect(r?.conversation?.readWhole).toBe(true);
    expect(r?.conversation?.turnedAt).toBeNull();
    expect(r?.conversation?.turns.every((t) => t.riskScore === null)).toBe(true);
    // The other side's latest words are read: the fee and its link still make the verdict.
    expect(r?.riskScore).toBeGreaterThanOrEqual(40);
    expect(r?.links.map((l) => message.slice(l.start, l.end))).toContain('https://parcel-release-fee.top/pay');
  });

  it("a chat read whole never holds the user's own words against them", () => {
    const mine = 'Me: Send the gift card codes now or your account is suspended http://paypa1-verify.top';
    const message = `${turns(700, (i) => (i % 2 ? `Me: y${i}` : `Them: s${i}`))}\n${mine}`;
    const r = analyzeLocal({ message });
    expect(r?.conversation?.readWhole).toBe(true);
    expect(r?.riskScore).toBeLessThan(40);
    expect(r?.links).toHaveLength(0);
  });
});
