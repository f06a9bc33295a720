// Small but well-formed files of each type the uploads accept (and a few look-alikes they refuse),
// built byte by byte so the tests need no fixtures on disk. Shared by the server's upload tests.

const enc = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function le(values: [number, 2 | 4][]): Uint8Array {
  const out = new Uint8Array(values.reduce((n, [, size]) => n + size, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, size] of values) {
    if (size === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += size;
  }
  return out;
}

function be32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** The PNG signature and a 1×1 IHDR chunk with its CRC. */
export function pngBytes(): Uint8Array {
  const ihdr = concat(enc.encode("IHDR"), be32(1), be32(1), new Uint8Array([8, 6, 0, 0, 0]));
  const iend = enc.encode("IEND");
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    be32(13),
    ihdr,
    be32(crc32(ihdr)),
    be32(0),
    iend,
    be32(crc32(iend)),
  );
}

/** SOI, a JFIF APP0 segment and EOI. */
export function jpegBytes(): Uint8Array {
  return concat(
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    enc.encode("JFIF\0"),
    new Uint8Array([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  );
}

export function pdfBytes(): Uint8Array {
  return enc.encode(
    "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  );
}

/** An OLE2 compound file whose directory names `stream` (a Word document has "WordDocument"). */
export function oleBytes(stream = "WordDocument"): Uint8Array {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const directory = new Uint8Array(512);
  const name = Array.from(`${stream}\0`).flatMap((c) => [c.charCodeAt(0), 0]);
  directory.set(Array.from("Root Entry\0").flatMap((c) => [c.charCodeAt(0), 0]));
  directory.set(name, 128);
  return concat(header, directory);
}

export type ZipEntry = { name: string; content: string };

/**
 * A ZIP archive of stored (uncompressed) entries. `centralDirectory: false` leaves the directory
 * out, as in a truncated or streamed archive, so only the local headers name the entries.
 */
export function zipBytes(entries: ZipEntry[], options: { centralDirectory?: boolean } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = enc.encode(entry.name);
    const data = enc.encode(entry.content);
    const crc = crc32(data);
    const local = concat(
      le([
        [0x04034b50, 4],
        [20, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [crc, 4],
        [data.length, 4],
        [data.length, 4],
        [name.length, 2],
        [0, 2],
      ]),
      name,
      data,
    );
    centrals.push(
      concat(
        le([
          [0x02014b50, 4],
          [20, 2],
          [20, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [crc, 4],
          [data.length, 4],
          [data.length, 4],
          [name.length, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 4],
          [offset, 4],
        ]),
        name,
      ),
    );
    locals.push(local);
    offset += local.length;
  }
  if (options.centralDirectory === false) return concat(...locals);
  const directory = concat(...centrals);
  const end = le([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [directory.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  return concat(...locals, directory, end);
}

const CONTENT_TYPES = { name: "[Content_Types].xml", content: '<?xml version="1.0"?><Types/>' };

export function docxBytes(options: { centralDirectory?: boolean } = {}): Uint8Array {
  return zipBytes(
    [CONTENT_TYPES, { name: "word/document.xml", content: '<?xml version="1.0"?><w:document/>' }],
    options,
  );
}

/** A spreadsheet: a ZIP like DOCX, but without any word/ entry. */
export function xlsxBytes(): Uint8Array {
  return zipBytes([CONTENT_TYPES, { name: "xl/workbook.xml", content: '<?xml version="1.0"?><workbook/>' }]);
}

/** `bytes` followed by zeros up to `size` bytes (files of a given size for the limits). */
export function padTo(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, size));
  return out;
}
