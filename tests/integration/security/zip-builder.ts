import zlib from "node:zlib";

/** A zip entry as written: its name and the raw deflate stream (or stored bytes) of its content. */
export type RawEntry = { name: string; deflated: Buffer; size: number; crc: number; stored?: boolean };

/** A deflated entry of `content`. */
export function entry(name: string, content: string | Buffer): RawEntry {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
  return { name, deflated: zlib.deflateRawSync(data), size: data.byteLength, crc: zlib.crc32(data) };
}

/**
 * An entry of `prefix`, then `mib` MiB of one repeated character, then `suffix`, holding ~1 KB per
 * MiB: one flushed deflate block of 1 MiB of the character is repeated (it starts with a literal and
 * refers back only to itself), and the pieces, each deflated on its own, are concatenated. Its
 * header claims 1 KB, as a zip bomb's would.
 */
export function bomb(name: string, mib: number, { prefix = "", suffix = "", fill = "\0" } = {}): RawEntry {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, fill), flush);
  const deflated = Buffer.concat([
    zlib.deflateRawSync(Buffer.from(prefix), flush),
    ...Array.from({ length: mib }, () => block),
    zlib.deflateRawSync(Buffer.from(suffix)),
  ]);
  return { name, deflated, size: 1024, crc: 0 };
}

/** Writes a zip archive (local headers, central directory, end record) of the entries. */
export function zip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.byteLength, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    locals.push(local, name, e.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.byteLength, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.byteLength + e.deflated.byteLength;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Passengers" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const col = (i: number) => String.fromCharCode(65 + i);

/** Worksheet XML of rows of inline strings (no shared strings needed). */
export function sheetXml(rows: string[][]): string {
  const body = rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join("")}</row>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** A minimal .xlsx of one worksheet; `sharedStrings` replaces the (empty) shared strings part. */
export function workbook(sheet: string | RawEntry, sharedStrings?: RawEntry): Buffer {
  return zip([
    entry("[Content_Types].xml", CONTENT_TYPES),
    entry("_rels/.rels", ROOT_RELS),
    entry("xl/workbook.xml", WORKBOOK),
    entry("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    typeof sheet === "string" ? entry("xl/worksheets/sheet1.xml", sheet) : sheet,
    sharedStrings ?? entry("xl/sharedStrings.xml", `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>`),
  ]);
}
