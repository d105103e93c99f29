import { afterAll, describe, expect, it } from 'vitest';
import { analyzeBeforeReview } from '../detection/analyze.ts';
import { rawMail } from '../inbound/fixtures.ts';
import type { Listing } from '@redflag/contracts/reputation';
import type { ScanResult } from '@redflag/contracts/scan';
import { Worker } from 'node:worker_threads';
import { createEngine, createEnginePool, THREAD_EXEC_ARGV, workerModule, type EnginePool } from './pool.ts';
import { createLogger } from '../lib/logger.ts';
import { worstChat } from '../test/pathological.ts';

/**
 * The engine threads (decision 130): what a scan or a forwarded mail asks of the engine runs off the event
 * loop, so the loop keeps turning while it runs, and a thread's answer is the engine's own.
 */
const pool = createEnginePool(1);
afterAll(() => pool.close());

/** How many times the event loop turned while `work` ran: a loop held by the work turns once or not at all. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const value = await work();
  done = true;
  return { value, turns };
}

/** 2,000 short turns, each different: the chat that held a server's loop for 470-740 ms (decision 130). */
const WORST_CHAT = worstChat();

describe('the engine threads', () => {
  it('answer what the engine answers on this thread', async () => {
    await pool.warm();
    for (const message of [
      'USPS: your parcel is on hold. Pay the $1.99 fee at https://usps-redelivery-fee.top/pay today.',
      'Hi mum, I lost my phone, this is my new number. Can you send me $400 for rent today?',
      'Running ten minutes late, see you at the cafe.',
      WORST_CHAT,
    ]) {
      const { result } = await pool.run({ input: { message }, mx: null });
      expect(result).toEqual(await analyzeBeforeReview({ message }, { mx: null }));
    }
  });

  it('keep the event loop turning while the worst chat is read', async () => {
    await pool.warm();
    const { value, turns } = await turnsDuring(() =>
      Promise.all(Array.from({ length: 10 }, () => pool.run({ input: { message: WORST_CHAT }, mx: null }))),
    );
    expect(value).toHaveLength(10);
    expect(turns).toBeGreaterThan(20);
  });

  it('read a forwarded mail of 40,000 links while the event loop keeps turning', async () => {
    await pool.warm();
    const text = `Your account is locked. ${Array.from({ length: 25_000 }, (_, i) => `https://t${i}.example.net/p`).join(' ')}`;
    const html = Array.from({ length: 16_500 }, (_, i) => `<a href="https://h${i}.example.org/">x</a>`).join('');
    const raw = Buffer.from(
      rawMail({ from: 'Someone <someone@example.com>', to: 'check@x.example', subject: 'links', text, html }),
    );
    const { value, turns } = await turnsDuring(() => pool.readMail(raw));
    expect(value.kind).toBe('read');
    if (value.kind === 'read') {
      expect(value.from).toBe('someone@example.com');
      expect(value.message.fwd.text).toMatch(/^Your account is locked\./);
      expect(value.message.fwd.linksOmitted).toBeGreaterThan(0);
    }
    expect(turns).toBeGreaterThan(20);
  });

  it('cross to a thread once per scan, and again only to decide with a listed link', async () => {
    let tasks = 0;
    const counting: EnginePool = { ...pool, run: (task) => (tasks++, pool.run(task)) };
    const engine = createEngine({ pool: counting, mx: null, llm: null, logger: createLogger('silent') });
    const message = 'Hi, the notes from today are at https://notes.example/today see you Thursday';
    const asked: ScanResult['links'][] = [];
    const nothingListed = async (links: ScanResult['links']) => (asked.push(links), []);
    const plain = await engine.analyze({ message }, nothingListed);
    expect(tasks).toBe(1);
    expect(asked).toEqual([plain.result.links]);
    expect(plain).toEqual({ result: await analyzeBeforeReview({ message }, { mx: null }), listed: [] });

    const listing: Listing = {
      list: 'openphish',
      listedAt: '2026-02-10T12:30:00Z',
      match: 'url',
      url: 'https://notes.example/today',
    };
    tasks = 0;
    const input = { message };
    const listed = await engine.analyze(input, async (links) =>
      links.filter((l) => l.url === listing.url).map(() => listing),
    );
    expect(tasks).toBe(2);
    expect(listed.listed).toEqual([listing]);
    expect(listed.result).toEqual(await analyzeBeforeReview({ ...input, knownBad: [listing] }, { mx: null }));
    expect(listed.result.policy?.some((p) => p.id === 'known_bad_link')).toBe(true);

    // The lists could not be loaded: the first answer stands, and says so with listed null.
    tasks = 0;
    const unavailable = await engine.analyze(input, async () => null);
    expect(tasks).toBe(1);
    expect(unavailable.listed).toBeNull();
  });

  it('load their module without require, so a stop while they load cannot abort the process', async () => {
    // Piscina tries require() first; on Node 20.19+ that instantiates an ES module synchronously, and a thread
    // terminated then takes the process down (a server stopped during its warm-up). An engine thread's require
    // of its module must refuse at once instead, leaving Piscina's import(), which a stop ends cleanly.
    const code = await new Promise<unknown>((resolve, reject) => {
      const w = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         try { require(workerData); parentPort.postMessage('loaded by require'); }
         catch (e) { parentPort.postMessage(e.code); }`,
        { eval: true, workerData: workerModule(), execArgv: [...THREAD_EXEC_ARGV] },
      );
      w.once('message', (m) => void w.terminate().then(() => resolve(m)));
      w.once('error', reject);
    });
    expect(code).toBe('ERR_REQUIRE_ESM');
  });
});
