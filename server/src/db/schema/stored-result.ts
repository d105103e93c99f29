import { customType } from 'drizzle-orm/pg-core';
import type { ConversationTurn } from '@redflag/contracts/conversation';
import type { ScanResult } from '@redflag/contracts/scan';

/**
 * How a scan's result is stored (decision 134). It is the result as answered, except a conversation's turns: a
 * chat of 2,000 short turns is about 90 KB as objects, and on the embedded database (PGlite, on the event
 * loop) writing that is most of what a scan of it costs the server. Stored, the turns are packed: each
 * distinct speaker and role once, and a row a turn of numbers — the speaker's index, the gap since the last
 * turn's end, the turn's length, then its score and its time when it has them. About a tenth of the size;
 * read back, the turns are exactly the ones answered. A result stored before packing reads as it was.
 */
type PackedRow = [speaker: number, gap: number, length: number, riskScore?: number | null, time?: string | null];
interface PackedTurns {
  speakers: Array<[speaker: string, role: ConversationTurn['role']]>;
  rows: PackedRow[];
}
type StoredConversation = Omit<NonNullable<ScanResult['conversation']>, 'turns'> & {
  turns?: ConversationTurn[];
  packed?: PackedTurns;
};
type StoredResult = Omit<ScanResult, 'conversation'> & { conversation?: StoredConversation };

export function packTurns(turns: readonly ConversationTurn[]): PackedTurns {
  const speakers: PackedTurns['speakers'] = [];
  const index = new Map<string, number>();
  let last = 0;
  const rows = turns.map((t): PackedRow => {
    const key = `${t.role}\u0000${t.speaker}`;
    let k = index.get(key);
    if (k === undefined) {
      k = speakers.length;
      speakers.push([t.speaker, t.role]);
      index.set(key, k);
    }
    const row: PackedRow = [k, t.start - last, t.end - t.start, t.riskScore, t.time];
    last = t.end;
    // Trailing nulls are left out: most turns have no time, and a chat read whole has no scores.
    while (row.length > 3 && row[row.length - 1] === null) row.pop();
    return row;
  });
  return { speakers, rows };
}

export function unpackTurns(packed: PackedTurns): ConversationTurn[] {
  let last = 0;
  return packed.rows.map(([k, gap, length, riskScore = null, time = null]) => {
    const [speaker, role] = packed.speakers[k] ?? ['', 'them'];
    const start = last + gap;
    last = start + length;
    return { speaker, role, time, start, end: last, riskScore };
  });
}

export function toStoredResult(result: ScanResult): StoredResult {
  const c = result.conversation;
  if (!c) return result;
  const { turns, ...rest } = c;
  return { ...result, conversation: { ...rest, packed: packTurns(turns) } };
}

export function fromStoredResult(stored: StoredResult): ScanResult {
  const c = stored.conversation;
  if (!c?.packed) return stored as ScanResult;
  const { packed, ...rest } = c;
  return { ...stored, conversation: { ...rest, turns: unpackTurns(packed) } };
}

/** The text written to `scans.result`: by the column below, and by the statements that bind it as a parameter. */
export function storedResultJson(result: ScanResult): string {
  return JSON.stringify(toStoredResult(result));
}

/** The `scans.result` column: jsonb holding the stored form, read and written through the codec above. */
export const scanResultColumn = customType<{ data: ScanResult; driverData: string | StoredResult }>({
  dataType: () => 'jsonb',
  toDriver: storedResultJson,
  // node-postgres and PGlite both hand jsonb over parsed; a string is parsed all the same.
  fromDriver: (value) => fromStoredResult(typeof value === 'string' ? (JSON.parse(value) as StoredResult) : value),
});
