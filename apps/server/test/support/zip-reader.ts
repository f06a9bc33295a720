// A strict ZIP reader for tests of the streaming writer: every entry's local header must agree with
// the central directory, its data must inflate to the recorded size and CRC-32, its data descriptor
// (general-purpose bit 3) must repeat them, and the entries must follow each other with nothing
// between them. ExcelJS's reader (JSZip) does not check CRCs, so this is the check that does.
import { crc32, inflateRawSync } from "node:zlib";

export type ZipEntryRead = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  data: Buffer;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

function fail(message: string): never {
  throw new Error(`invalid ZIP: ${message}`);
}

export function readZip(zip: Buffer): Map<string, ZipEntryRead> {
  const eocd = zip.length - 22;
  if (eocd < 0 || zip.readUInt32LE(eocd) !== EOCD) fail("no end of central directory record at the end");
  const count = zip.readUInt16LE(eocd + 10);
  if (zip.readUInt16LE(eocd + 8) !== count) fail("entry counts differ");
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize !== eocd) fail("the central directory does not end where the end record starts");

  const entries = new Map<string, ZipEntryRead>();
  let at = cdOffset;
  let expectedLocal = 0;
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) fail(`central header ${i} has a wrong signature`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;

    if (local !== expectedLocal) fail(`${name} starts at ${local}, expected ${expectedLocal}`);
    if (zip.readUInt32LE(local) !== LOCAL) fail(`${name}: wrong local header signature`);
    if (zip.readUInt16LE(local + 6) !== flags) fail(`${name}: flags differ`);
    if (zip.readUInt16LE(local + 8) !== method) fail(`${name}: methods differ`);
    const localNameLength = zip.readUInt16LE(local + 26);
    const localExtraLength = zip.readUInt16LE(local + 28);
    if (zip.subarray(local + 30, local + 30 + localNameLength).toString("utf8") !== name)
      fail(`${name}: local name differs`);
    const start = local + 30 + localNameLength + localExtraLength;
    const compressed = zip.subarray(start, start + compressedSize);
    let data: Buffer;
    try {
      data = method === 8 ? inflateRawSync(compressed) : method === 0 ? compressed : fail(`method ${method}`);
    } catch (err) {
      fail(`${name}: ${(err as Error).message}`);
    }
    if (data.length !== size) fail(`${name}: ${data.length} bytes, recorded ${size}`);
    if (crc32(data) !== crc)
      fail(`${name}: CRC-32 ${crc32(data).toString(16)}, recorded ${crc.toString(16)}`);

    let end = start + compressedSize;
    if (flags & 0x08) {
      if (zip.readUInt32LE(end) === DESCRIPTOR) end += 4;
      if (zip.readUInt32LE(end) !== crc) fail(`${name}: the data descriptor's CRC-32 differs`);
      if (zip.readUInt32LE(end + 4) !== compressedSize) fail(`${name}: the data descriptor's size differs`);
      if (zip.readUInt32LE(end + 8) !== size) fail(`${name}: the data descriptor's length differs`);
      end += 12;
    } else if (zip.readUInt32LE(local + 14) !== crc) fail(`${name}: the local CRC-32 differs`);
    expectedLocal = end;
    entries.set(name, { name, flags, method, crc, compressedSize, size, data });
  }
  if (expectedLocal !== cdOffset) fail("bytes between the last entry and the central directory");
  if (at !== eocd) fail("the central directory is longer than its entries");
  return entries;
}
