/**
 * North American numbering data: which company a US/Canadian number block was originally assigned to.
 *
 * The table reproduces third-party data (../shared/data/phone), so it is not committed: `npm run
 * build:phone-data` generates server/src/detection/generated/nanp.json (git-ignored) and this module
 * loads it when present. When it is absent every lookup answers `unknown`, never a false "not VoIP".
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

export const NANP_DATA_PATH = fileURLToPath(new URL('../generated/nanp.json', import.meta.url));
export const NANP_FORMAT = 'redflag-nanp-v1';

export const nanpFileSchema = z.object({
  format: z.literal(NANP_FORMAT),
  builtAt: z.string(),
  /** [ocn, company, line_type_guess, brand] per OCN; records refer to OCNs by index. */
  ocns: z.array(z.tuple([z.string(), z.string(), z.string(), z.string()])),
  count: z.number().int(),
  /** gzip + base64 of the typed arrays below, one record per NPA-NXX, sorted by NPA-NXX. */
  keys: z.string(),
  holders: z.string(),
  flags: z.string(),
  blocks: z.string(),
  classes: z.string(),
});
export type NanpFile = z.infer<typeof nanpFileSchema>;

/** Record flags. */
export const F_US = 1;
export const F_CA = 2;
export const F_POOLED = 4;
export const F_IN_SERVICE = 8;
export const NO_OCN = 0xffff;

export type LineTypeGuess =
  | 'voip_wholesale'
  | 'voip_wholesale_unverified'
  | 'voip_fixed_cable'
  | 'clec_or_voip_other'
  | 'wireless'
  | 'wireline'
  | 'unknown';

export interface NanpAnswer {
  status: 'assigned' | 'unassigned' | 'not_in_service';
  ocn: string | null;
  company: string | null;
  lineTypeGuess: LineTypeGuess;
  /** True when the holder came from a weaker source (code holder of a pooled code, or a class letter only). */
  weak: boolean;
}

export interface NanpData {
  builtAt: string;
  lookup(nationalTenDigits: string): NanpAnswer | null;
}

const CLASS_GUESS: Record<string, LineTypeGuess> = {
  W: 'wireless',
  L: 'wireline',
  V: 'clec_or_voip_other',
  U: 'unknown',
};
const guessClass = (g: string): string =>
  g === 'wireless' ? 'W' : g === 'wireline' ? 'L' : g.startsWith('voip') || g === 'clec_or_voip_other' ? 'V' : 'U';

const unpack = (b64: string): Buffer => gunzipSync(Buffer.from(b64, 'base64'));

export function nanpFromFile(file: NanpFile): NanpData {
  const kb = unpack(file.keys);
  const keys = new Int32Array(kb.buffer, kb.byteOffset, kb.byteLength / 4);
  const hb = unpack(file.holders);
  const holders = new Uint16Array(hb.buffer, hb.byteOffset, hb.byteLength / 2);
  const flags = unpack(file.flags);
  const bb = unpack(file.blocks);
  const blocks = new Uint16Array(bb.buffer, bb.byteOffset, bb.byteLength / 2);
  const classes = unpack(file.classes);
  const ocns = file.ocns;
  const answerFor = (ocnIndex: number, weak: boolean, status: NanpAnswer['status']): NanpAnswer => {
    const o = ocnIndex === NO_OCN ? undefined : ocns[ocnIndex];
    return {
      status,
      ocn: o?.[0] ?? null,
      company: o ? o[3] || o[1] : null,
      lineTypeGuess: (o?.[2] ?? 'unknown') as LineTypeGuess,
      weak,
    };
  };
  return {
    builtAt: file.builtAt,
    lookup(ten: string): NanpAnswer | null {
      if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(ten)) return null;
      const key = Number(ten.slice(0, 6));
      const x = Number(ten[6]);
      let lo = 0;
      let hi = file.count - 1;
      let at = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const k = keys[mid] ?? 0;
        if (k === key) {
          at = mid;
          break;
        }
        if (k < key) lo = mid + 1;
        else hi = mid - 1;
      }
      if (at < 0) return { status: 'unassigned', ocn: null, company: null, lineTypeGuess: 'unknown', weak: false };
      const f = flags[at] ?? 0;
      const status: NanpAnswer['status'] = f & F_IN_SERVICE ? 'assigned' : 'not_in_service';
      const codeHolder = holders[at] ?? NO_OCN;
      if (!(f & F_POOLED) || f & F_CA) {
        const blockHolder = blocks[at * 10 + x] ?? NO_OCN;
        return answerFor(blockHolder !== NO_OCN ? blockHolder : codeHolder, false, status);
      }
      // Pooled US code (phone/README.md "How to use it"): the 2023 block holder unless it is missing or
      // its class disagrees with the 2026 class letter, in which case the letter wins.
      const blockHolder = blocks[at * 10 + x] ?? NO_OCN;
      const letter = String.fromCharCode(classes[at * 10 + x] ?? 85);
      if (blockHolder !== NO_OCN) {
        const a = answerFor(blockHolder, false, status);
        if (letter === 'U' || guessClass(a.lineTypeGuess) === letter || a.lineTypeGuess === 'unknown') return a;
      }
      const weakHolder = answerFor(codeHolder, true, status);
      const guess = CLASS_GUESS[letter] ?? 'unknown';
      return {
        ...weakHolder,
        lineTypeGuess: guess === 'unknown' ? weakHolder.lineTypeGuess : guess,
        company: blockHolder === NO_OCN ? null : weakHolder.company,
        ocn: blockHolder === NO_OCN ? null : weakHolder.ocn,
      };
    },
  };
}

let cached: NanpData | null | undefined;

/** The generated table, loaded once; null when it has not been built. */
export function loadNanpData(path = NANP_DATA_PATH): NanpData | null {
  if (path === NANP_DATA_PATH && cached !== undefined) return cached;
  let data: NanpData | null = null;
  try {
    if (existsSync(path)) data = nanpFromFile(nanpFileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))));
  } catch {
    data = null;
  }
  if (path === NANP_DATA_PATH) cached = data;
  return data;
}
