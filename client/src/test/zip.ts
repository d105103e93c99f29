/**
 * A tiny ZIP writer for tests (client tests and e2e journeys): builds a chat export in memory, as WhatsApp
 * does, so no binary fixture is committed. Deflate through CompressionStream (browsers and Node have it);
 * `zip64: true` writes the end record in its ZIP64 form, as an export past 4 GB has it. PKWARE APPNOTE 4.3.
 */

export interface ZipFileSpec {
  name: string;
  data: Uint8Array | string;
  /** 'deflate' (default) or 'store'. */
  method?: 'deflate' | 'store';
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  // Through Response, not Blob.stream(): jsdom's Blob has no stream().
  const body = new Response(data as Uint8Array<ArrayBuffer>).body;
  if (!body) throw new Error('no body');
  return new Uint8Array(await new Response(body.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
}

class Bytes {
  private parts: number[] = [];
  u16(v: number) {
    this.parts.push(v & 0xff, (v >>> 8) & 0xff);
    return this;
  }
  u32(v: number) {
    return this.u16(v & 0xffff).u16((v >>> 16) & 0xffff);
  }
  u64(v: number) {
    return this.u32(v % 2 ** 32).u32(Math.floor(v / 2 ** 32));
  }
  raw(b: Uint8Array) {
    for (const x of b) this.parts.push(x);
    return this;
  }
  get length() {
    return this.parts.length;
  }
  done(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.parts);
  }
}

export async function makeZip(
  files: readonly ZipFileSpec[],
  { zip64 = false }: { zip64?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Bytes();
  const central = new Bytes();
  const encoder = new TextEncoder();
  for (const f of files) {
    const data = typeof f.data === 'string' ? encoder.encode(f.data) : f.data;
    const method = f.method === 'store' ? 0 : 8;
    const body = method === 8 ? await deflateRaw(data) : data;
    const name = encoder.encode(f.name);
    const crc = crc32(data);
    const offset = out.length;
    // Local header: version, flags (bit 11: UTF-8 name), method, time, date, crc, sizes, name and extra lengths.
    out
      .u32(0x04034b50)
      .u16(20)
      .u16(0x800)
      .u16(method)
      .u16(0)
      .u16(0x21)
      .u32(crc)
      .u32(body.length)
      .u32(data.length)
      .u16(name.length)
      .u16(0)
      .raw(name)
      .raw(body);
    central
      .u32(0x02014b50)
      .u16(20)
      .u16(20)
      .u16(0x800)
      .u16(method)
      .u16(0)
      .u16(0x21)
      .u32(crc)
      .u32(body.length)
      .u32(data.length)
      .u16(name.length)
      .u16(0)
      .u16(0)
      .u16(0)
      .u16(0)
      .u32(0)
      .u32(offset)
      .raw(name);
  }
  const dirOffset = out.length;
  const dir = central.done();
  out.raw(dir);
  if (zip64) {
    const recordAt = out.length;
    out
      .u32(0x06064b50)
      .u64(44)
      .u16(45)
      .u16(45)
      .u32(0)
      .u32(0)
      .u64(files.length)
      .u64(files.length)
      .u64(dir.length)
      .u64(dirOffset);
    out.u32(0x07064b50).u32(0).u64(recordAt).u32(1);
    out.u32(0x06054b50).u16(0).u16(0).u16(0xffff).u16(0xffff).u32(0xffffffff).u32(0xffffffff).u16(0);
  } else {
    out.u32(0x06054b50).u16(0).u16(0).u16(files.length).u16(files.length).u32(dir.length).u32(dirOffset).u16(0);
  }
  return out.done();
}
