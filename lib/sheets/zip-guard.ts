import { promisify } from "node:util";
import zlib from "node:zlib";

const inflateRaw = promisify(zlib.inflateRaw) as (buf: Uint8Array, opts: zlib.ZlibOptions) => Promise<Buffer>;

export type ZipEntry = { name: string; data: Buffer };
export type ZipLimits = { maxTotalBytes: number; maxEntries: number };

/** Why a zip was refused: too big once inflated (413) or not a readable zip (422). */
export class ZipRefused extends Error {
  constructor(
    readonly reason: "too-large" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Inflates every entry of a zip (an .xlsx is one) under a budget of decompressed bytes, counting
 * what the entries really inflate to, not what their headers claim (a zip bomb lies there).
 * Inflation runs on libuv's thread pool (async zlib) and stops at the budget, so a hostile
 * workbook costs at most `maxTotalBytes` of memory and no event-loop time to speak of.
 */
export async function inflateZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipEntry[]> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(buf);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  if (count > limits.maxEntries) throw new ZipRefused("too-large", `it holds ${count} files; at most ${limits.maxEntries} are read`);
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    need(buf, at, 46);
    if (buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused("unreadable", "its directory is damaged");
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    need(buf, at + 46, nameLength);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (flags & 0x1) throw new ZipRefused("unreadable", "it is encrypted");
    if (compressedSize === 0xffffffff || local === 0xffffffff) throw new ZipRefused("too-large", "it is a ZIP64 archive");
    need(buf, local, 30);
    if (buf.readUInt32LE(local) !== LOCAL) throw new ZipRefused("unreadable", "its directory is damaged");
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    need(buf, dataAt, compressedSize);
    const raw = buf.subarray(dataAt, dataAt + compressedSize);
    const room = limits.maxTotalBytes - total;
    let data: Buffer;
    if (method === 0) {
      data = raw;
    } else if (method === 8) {
      try {
        // one byte over the room tells "exactly fits" from "too big"
        data = await inflateRaw(raw, { maxOutputLength: Math.max(1, room + 1) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(limits);
        throw new ZipRefused("unreadable", "a part of it does not decompress");
      }
    } else {
      throw new ZipRefused("unreadable", `it uses an unsupported compression (${method})`);
    }
    total += data.byteLength;
    if (total > limits.maxTotalBytes) throw tooLarge(limits);
    entries.push({ name, data });
  }
  return entries;
}

const tooLarge = (limits: ZipLimits) =>
  new ZipRefused("too-large", `it decompresses to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MiB`);

function need(buf: Buffer, at: number, length: number) {
  if (at < 0 || at + length > buf.byteLength) throw new ZipRefused("unreadable", "it is truncated");
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // the record is 22 bytes plus a comment of up to 65,535 bytes, at the very end
  for (let at = buf.byteLength - 22; at >= Math.max(0, buf.byteLength - 22 - 65_535); at--) {
    if (buf.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefused("unreadable", "it is not a complete zip archive");
}
