/**
 * Just enough of the ZIP format to take one text file out of a chat export: the end-of-central-directory
 * record, the central directory, and the one entry's local header and data. Only the parts of the file
 * those sit in are read (`Blob.slice`); the photos and videos beside the chat are never read at all.
 * Stored and deflated entries are read (the browser's own DecompressionStream inflates); ZIP64 offsets too,
 * since an export with its media can pass 4 GB. Format: PKWARE APPNOTE.TXT, sections 4.3 and 4.4.
 */

export class ZipError extends Error {
  constructor(readonly reason: 'not_zip' | 'unsupported' | 'too_big') {
    super(reason);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function bytes(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

/** Where the central directory is and how long: from the end record (and its ZIP64 form when needed). */
async function centralDirectory(file: Blob): Promise<{ offset: number; size: number }> {
  const tailStart = Math.max(0, file.size - (22 + MAX_COMMENT));
  const tail = await bytes(file, tailStart, file.size);
  let at = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('not_zip');
  const size = tail.getUint32(at + 12, true);
  const offset = tail.getUint32(at + 16, true);
  if (size !== 0xffffffff && offset !== 0xffffffff) return { offset, size };
  // ZIP64: a locator right before the end record points at the ZIP64 end record.
  const locatorAt = tailStart + at - 20;
  if (locatorAt < 0) throw new ZipError('not_zip');
  const locator = await bytes(file, locatorAt, locatorAt + 20);
  if (locator.getUint32(0, true) !== ZIP64_LOCATOR) throw new ZipError('not_zip');
  const recordAt = u64(locator, 8);
  const record = await bytes(file, recordAt, recordAt + 56);
  if (record.byteLength < 56 || record.getUint32(0, true) !== ZIP64_EOCD) throw new ZipError('not_zip');
  return { offset: u64(record, 48), size: u64(record, 40) };
}

/** The entries of the central directory (names decoded as UTF-8, which is what phones write). */
export async function listEntries(file: Blob, maxDirectoryBytes = 16 * 1024 * 1024): Promise<ZipEntry[]> {
  const { offset, size } = await centralDirectory(file);
  if (size > maxDirectoryBytes) throw new ZipError('unsupported');
  if (offset + size > file.size) throw new ZipError('not_zip');
  const dir = await bytes(file, offset, offset + size);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= dir.byteLength && dir.getUint32(p, true) === CENTRAL) {
    const nameLength = dir.getUint16(p + 28, true);
    const extraLength = dir.getUint16(p + 30, true);
    const commentLength = dir.getUint16(p + 32, true);
    const name = decoder.decode(new Uint8Array(dir.buffer, p + 46, Math.min(nameLength, dir.byteLength - p - 46)));
    const entry: ZipEntry = {
      name,
      flags: dir.getUint16(p + 8, true),
      method: dir.getUint16(p + 10, true),
      compressedSize: dir.getUint32(p + 20, true),
      size: dir.getUint32(p + 24, true),
      localOffset: dir.getUint32(p + 42, true),
    };
    // ZIP64 extra field (id 1): the 64-bit values, in this order, of those whose 32-bit field is full.
    let e = p + 46 + nameLength;
    const extraEnd = Math.min(e + extraLength, dir.byteLength);
    while (e + 4 <= extraEnd) {
      const id = dir.getUint16(e, true);
      const length = dir.getUint16(e + 2, true);
      if (id === 1) {
        let q = e + 4;
        for (const field of ['size', 'compressedSize', 'localOffset'] as const) {
          if (entry[field] !== 0xffffffff || q + 8 > e + 4 + length) continue;
          entry[field] = u64(dir, q);
          q += 8;
        }
      }
      e += 4 + length;
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * One entry's content as text, refused past `maxBytes` of text (counted as it inflates, whatever the
 * directory claims). Encrypted entries and methods other than stored and deflate are unsupported.
 */
export async function readEntryText(file: Blob, entry: ZipEntry, maxBytes: number): Promise<string> {
  if (entry.flags & 1) throw new ZipError('unsupported');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unsupported');
  if (entry.size > maxBytes) throw new ZipError('too_big');
  const local = await bytes(file, entry.localOffset, entry.localOffset + 30);
  if (local.byteLength < 30 || local.getUint32(0, true) !== LOCAL) throw new ZipError('not_zip');
  const dataAt = entry.localOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  const data = file.slice(dataAt, dataAt + entry.compressedSize);
  if (data.size !== entry.compressedSize) throw new ZipError('not_zip');
  const source = new Response(await data.arrayBuffer()).body;
  if (!source) throw new ZipError('not_zip');
  const stream = entry.method === 8 ? source.pipeThrough(new DecompressionStream('deflate-raw')) : source;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > maxBytes) {
        await reader.cancel();
        throw new ZipError('too_big');
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (err) {
    if (err instanceof ZipError) throw err;
    // A corrupt deflate stream.
    throw new ZipError('not_zip');
  }
  return text + decoder.decode();
}
