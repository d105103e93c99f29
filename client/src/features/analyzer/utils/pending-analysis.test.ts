import { describe, expect, it } from 'vitest';
import type { StorageKey } from '../../../lib/storage-keys';
import {
  clearPendingAnalysis,
  pendingScanPayload,
  readPendingAnalysis,
  restoreMode,
  savePendingAnalysis,
  type KeyValueStore,
} from './pending-analysis';

function memoryStore(initial: Partial<Record<StorageKey, string>> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>(Object.entries(initial) as [string, string][]);
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

describe('pending analysis', () => {
  it('saves the inputs with signupContext=scam_analyzer and reads them back', () => {
    const store = memoryStore();
    savePendingAnalysis(store, { message: 'Pay the fee', phoneNumber: '+1 415 555 0100', platform: 'sms' });
    expect(store.data.get('signupContext')).toBe('scam_analyzer');
    expect(readPendingAnalysis(store)).toEqual({
      message: 'Pay the fee',
      phoneNumber: '+1 415 555 0100',
      email: '',
      platform: 'sms',
    });
  });

  it("keeps a screenshot scan's QR links and source, so the scan after sign-up is the one asked for", () => {
    const store = memoryStore();
    const qrLinks = ['https://pay-parking-city.top/meter/4471'];
    savePendingAnalysis(store, {
      message: 'Scan to pay\nQR code: https://pay-parking-city.top/meter/4471',
      platform: 'sms',
      source: 'image',
      qrLinks,
    });
    const pending = readPendingAnalysis(store);
    expect(pending).toMatchObject({ source: 'image', qrLinks });
    expect(pending && pendingScanPayload(pending)).toEqual({
      ok: true,
      payload: {
        message: 'Scan to pay\nQR code: https://pay-parking-city.top/meter/4471',
        platform: 'sms',
        source: 'image',
        qrLinks,
      },
    });
  });

  it('reads typed text as typed (no source, no QR links) and drops QR links saved without an image source', () => {
    const store = memoryStore();
    savePendingAnalysis(store, { message: 'Pay the fee', source: 'text', qrLinks: ['https://a.example'] });
    expect(store.data.get('pendingAnalysis')).not.toContain('qrLinks');
    const tampered = memoryStore({
      pendingAnalysis: JSON.stringify({ message: 'hi', qrLinks: ['https://a.example'] }),
    });
    const pending = readPendingAnalysis(tampered);
    expect(pending && pendingScanPayload(pending)).toEqual({ ok: true, payload: { message: 'hi' } });
    const odd = memoryStore({
      pendingAnalysis: JSON.stringify({ message: 'hi', source: 'image', qrLinks: [5, '', 'https://b.example'] }),
    });
    expect(readPendingAnalysis(odd)).toMatchObject({ source: 'image', qrLinks: ['https://b.example'] });
  });

  it('ignores missing, unreadable or blank saved analyses', () => {
    expect(readPendingAnalysis(memoryStore())).toBeNull();
    expect(readPendingAnalysis(memoryStore({ pendingAnalysis: '{oops' }))).toBeNull();
    expect(readPendingAnalysis(memoryStore({ pendingAnalysis: '"text"' }))).toBeNull();
    expect(readPendingAnalysis(memoryStore({ pendingAnalysis: JSON.stringify({ message: '  ' }) }))).toBeNull();
    expect(readPendingAnalysis(memoryStore({ pendingAnalysis: JSON.stringify({ message: 'hi', email: 5 }) }))).toEqual({
      message: 'hi',
      phoneNumber: '',
      email: '',
      platform: '',
    });
  });

  it('clears the analysis and the scam_analyzer context, but not another sign-up context', () => {
    const store = memoryStore({ pendingAnalysis: '{}', signupContext: 'scam_analyzer' });
    clearPendingAnalysis(store);
    expect(store.data.size).toBe(0);
    const other = memoryStore({ pendingAnalysis: '{}', signupContext: 'premium_signup' });
    clearPendingAnalysis(other);
    expect(other.data.get('signupContext')).toBe('premium_signup');
  });
});

describe('restoreMode', () => {
  it('auto-submits unless requireTierSelection is true or the sign-up came from the analyzer', () => {
    expect(restoreMode(memoryStore())).toBe('auto_submit');
    expect(restoreMode(memoryStore({ signupContext: 'trial_signup' }))).toBe('auto_submit');
    expect(restoreMode(memoryStore({ requireTierSelection: 'false' }))).toBe('auto_submit');
    expect(restoreMode(memoryStore({ requireTierSelection: 'true' }))).toBe('refill');
    expect(restoreMode(memoryStore({ signupContext: 'scam_analyzer' }))).toBe('refill');
  });
});
