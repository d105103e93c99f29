/**
 * `npm run build:phone-data [-- --data-dir DIR] [--out FILE]`: turns ../shared/data/phone into the compact,
 * git-ignored lookup table that phone/nanp.ts loads. Run it at build time (or before start); without it
 * US/Canadian numbers keep `isVoip: null`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolveDataDir } from '../training/data.ts';
import { F_CA, F_IN_SERVICE, F_POOLED, F_US, NANP_DATA_PATH, NANP_FORMAT, NO_OCN, type NanpFile } from './nanp.ts';

/** Minimal CSV reader for these files: quoted fields with doubled quotes, no embedded newlines. */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c ?? '';
  }
  out.push(cur);
  return out;
}

function rows(file: string): string[][] {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => parseCsvLine(l.replace(/\r$/, '')));
}

export function buildNanp(phoneDir: string): NanpFile {
  const ocnIndex = new Map<string, number>();
  const ocns: [string, string, string, string][] = [];
  for (const [ocn = '', company = '', , , brand = '', , guess = 'unknown'] of rows(join(phoneDir, 'nanp_ocn.csv'))) {
    ocnIndex.set(ocn, ocns.length);
    ocns.push([ocn, company, guess || 'unknown', brand]);
  }
  const idx = (ocn: string | undefined): number => {
    if (!ocn) return NO_OCN;
    let i = ocnIndex.get(ocn);
    if (i === undefined) {
      i = ocns.length;
      ocnIndex.set(ocn, i);
      ocns.push([ocn, '', 'unknown', '']);
    }
    return i;
  };
  interface Rec {
    holder: number;
    flags: number;
    blocks: number[];
    classes: string;
  }
  const recs = new Map<number, Rec>();
  for (const [npa = '', nxx = '', , ocn, , pooled, inService] of rows(join(phoneDir, 'us_nxx.csv'))) {
    const key = Number(npa + nxx);
    recs.set(key, {
      holder: idx(ocn),
      flags: F_US | (pooled === 'Y' ? F_POOLED : 0) | (inService === 'N' ? 0 : F_IN_SERVICE),
      blocks: new Array<number>(10).fill(NO_OCN),
      classes: 'UUUUUUUUUU',
    });
  }
  for (const [npa = '', nxx = '', holders = ''] of rows(join(phoneDir, 'us_blocks_2023.csv'))) {
    const r = recs.get(Number(npa + nxx));
    if (!r) continue;
    const parts = holders.split('|');
    r.blocks = Array.from({ length: 10 }, (_, i) => idx(parts[i]));
  }
  for (const [npa = '', nxx = '', classes = ''] of rows(join(phoneDir, 'us_block_class_2026.csv'))) {
    const r = recs.get(Number(npa + nxx));
    if (r && classes.length === 10) r.classes = classes;
  }
  for (const [npa = '', nxx = '', , ocn, , pooled, status] of rows(join(phoneDir, 'ca_nxx.csv'))) {
    const key = Number(npa + nxx);
    if (recs.has(key)) continue;
    recs.set(key, {
      holder: idx(ocn),
      flags: F_CA | (pooled === 'Y' ? F_POOLED : 0) | (status === 'In Service' ? F_IN_SERVICE : 0),
      blocks: new Array<number>(10).fill(NO_OCN),
      classes: 'UUUUUUUUUU',
    });
  }
  const sorted = [...recs.keys()].sort((a, b) => a - b);
  const n = sorted.length;
  const keys = new Int32Array(n);
  const holdersArr = new Uint16Array(n);
  const flags = new Uint8Array(n);
  const blocks = new Uint16Array(n * 10);
  const classes = new Uint8Array(n * 10);
  sorted.forEach((k, i) => {
    const r = recs.get(k);
    if (!r) return;
    keys[i] = k;
    holdersArr[i] = r.holder;
    flags[i] = r.flags;
    for (let b = 0; b < 10; b++) {
      blocks[i * 10 + b] = r.blocks[b] ?? NO_OCN;
      classes[i * 10 + b] = r.classes.charCodeAt(b);
    }
  });
  if (ocns.length >= NO_OCN) throw new Error('too many OCNs for a 16-bit index');
  const pack = (a: ArrayBufferView): string =>
    gzipSync(Buffer.from(a.buffer, a.byteOffset, a.byteLength), { level: 9 }).toString('base64');
  return {
    format: NANP_FORMAT,
    builtAt: new Date().toISOString(),
    ocns,
    count: n,
    keys: pack(keys),
    holders: pack(holdersArr),
    flags: pack(flags),
    blocks: pack(blocks),
    classes: pack(classes),
  };
}

function main(): void {
  const argv = process.argv.slice(2);
  const dataDir = resolveDataDir(argv, process.env);
  const outIdx = argv.indexOf('--out');
  const out = (outIdx >= 0 ? argv[outIdx + 1] : undefined) ?? NANP_DATA_PATH;
  const phoneDir = join(dataDir, 'phone');
  // `npm start` runs this on every machine; without the shared data the engine answers "unknown" for
  // US/Canadian line types, so a missing folder is a note, not a failure.
  if (!existsSync(join(phoneDir, 'nanp_ocn.csv'))) {
    console.log(`build:phone-data: no numbering data at ${phoneDir}; US/Canadian VoIP detection will answer "unknown"`);
    return;
  }
  const t0 = performance.now();
  const file = buildNanp(phoneDir);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(file));
  console.log(
    `build:phone-data: ${file.count} NPA-NXX codes, ${file.ocns.length} OCNs -> ${out} in ${Math.round(performance.now() - t0)} ms`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) main();
