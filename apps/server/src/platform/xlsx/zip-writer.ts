// A ZIP archive written front to back into any Writable, for files too large to hold in memory
// (bill exports). Each entry is deflated while it streams: its local header carries general-purpose
// flag bit 3, so the CRC-32 and sizes follow the data in a data descriptor, and the central
// directory is written at the end. Back-pressure is kept end to end: a write resolves only when the
// compressor has room, and the compressor pauses while the destination asks to drain, so memory
// stays bounded whatever the archive's size.
//
// No ZIP64: an entry, its offset or the whole archive beyond 4 GiB − 1 byte, or more than 65 535
// entries, fails with ZIP_TOO_LARGE instead of writing a file readers would misread.
import type { EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";

const ZIP32_MAX = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
// Bit 3: CRC and sizes in a data descriptor after the data. Bit 11: names are UTF-8.
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20; // 2.0: deflate, data descriptors

export const ZIP_TOO_LARGE =
  "the file would exceed 4 GiB or 65 535 entries, the limits of a ZIP archive without ZIP64";

export type ZipWriterOptions = {
  /** Modification time stored for every entry (DOS time, local to the server). */
  modified?: Date;
  /** zlib level, 0 (stored in deflate blocks) to 9; default 6. */
  level?: number;
  /** Lower byte limit than the format's 4 GiB − 1, so that tests can reach it. */
  maxBytes?: number;
};

export type ZipEntry = {
  /** Resolves at once while the compressor has room, otherwise when it has drained. */
  write(chunk: Buffer): Promise<void>;
  /** Flushes the compressor and writes the data descriptor. */
  end(): Promise<void>;
};

export type ZipWriter = {
  /** Opens an entry; one at a time, each ended before the next is opened. */
  entry(name: string): ZipEntry;
  /** A whole small entry (XML parts). */
  file(name: string, content: string): Promise<void>;
  /** Writes the central directory, ends the destination and waits until it has finished. */
  finish(): Promise<void>;
  /** Gives up: destroys the compressor and the destination. */
  destroy(err: Error): void;
};

type Central = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

const RESOLVED = Promise.resolve();

/** Resolves on `event`; rejects when the emitter fails or closes first. */
function waitFor(emitter: EventEmitter, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      emitter.off(event, onEvent);
      emitter.off("error", onError);
      emitter.off("close", onClose);
      if (err) reject(err);
      else resolve();
    };
    const onEvent = () => done();
    const onError = (err: Error) => done(err);
    const onClose = () => done(new Error("the output was closed before the file was written"));
    emitter.on(event, onEvent);
    emitter.on("error", onError);
    emitter.on("close", onClose);
  });
}

function dosDateTime(d: Date): { time: number; date: number } {
  if (d.getFullYear() < 1980) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export function createZipWriter(out: Writable, options: ZipWriterOptions = {}): ZipWriter {
  const { time, date } = dosDateTime(options.modified ?? new Date());
  const maxBytes = Math.min(options.maxBytes ?? ZIP32_MAX, ZIP32_MAX);
  const central: Central[] = [];
  let offset = 0;
  let open = false;
  let deflating: DeflateRaw | undefined;
  let failure: Error | undefined;
  // Kept for the writer's whole life: an error with no listener would crash the process.
  out.on("error", (err) => {
    failure ??= err;
  });

  const check = () => {
    if (failure) throw failure;
  };
  const tooLarge = () => new Error(ZIP_TOO_LARGE);
  /** Writes to the destination; false when it asks to drain. */
  const put = (bytes: Buffer): boolean => {
    offset += bytes.length;
    return out.write(bytes);
  };
  const drained = (): Promise<void> => (out.writableNeedDrain ? waitFor(out, "drain") : RESOLVED);

  function localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(FLAGS, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(time, 10);
    h.writeUInt16LE(date, 12);
    // CRC-32 and sizes (14–25) stay zero: they are in the data descriptor.
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, name]);
  }

  function dataDescriptor(e: Central): Buffer {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    return d;
  }

  function centralHeader(e: Central): Buffer {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, 2.0
    h.writeUInt16LE(VERSION, 6);
    h.writeUInt16LE(FLAGS, 8);
    h.writeUInt16LE(DEFLATE, 10);
    h.writeUInt16LE(time, 12);
    h.writeUInt16LE(date, 14);
    h.writeUInt32LE(e.crc, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    // Extra field, comment, disk number, internal and external attributes (30–41) stay zero.
    h.writeUInt32LE(e.offset, 42);
    return Buffer.concat([h, e.name]);
  }

  function entry(name: string): ZipEntry {
    check();
    if (open) throw new Error("a ZIP entry is still open");
    if (central.length >= MAX_ENTRIES) throw tooLarge();
    open = true;
    const record: Central = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset };
    put(localHeader(record.name));
    const deflate = createDeflateRaw({ level: options.level ?? 6 });
    deflating = deflate;
    deflate.on("data", (chunk: Buffer) => {
      record.compressed += chunk.length;
      if (offset + chunk.length > maxBytes) {
        deflate.destroy(tooLarge());
        return;
      }
      if (!put(chunk)) {
        // The destination is full: stop compressing until it drains; the compressor's own buffer
        // then fills and `write` below starts waiting, which holds back the producer.
        deflate.pause();
        drained().then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    deflate.on("error", (err) => {
      failure ??= err;
    });
    const flushed = waitFor(deflate, "end");
    // Settled later by `end`; until then a failure must not count as unhandled.
    flushed.catch(() => undefined);

    return {
      write(chunk) {
        check();
        record.size += chunk.length;
        if (record.size > maxBytes) throw tooLarge();
        record.crc = crc32(chunk, record.crc);
        return deflate.write(chunk) ? RESOLVED : waitFor(deflate, "drain");
      },
      async end() {
        check();
        deflate.end();
        await flushed;
        check();
        put(dataDescriptor(record));
        if (offset > maxBytes) throw tooLarge();
        central.push(record);
        open = false;
        deflating = undefined;
        await drained();
      },
    };
  }

  return {
    entry,
    async file(name, content) {
      const e = entry(name);
      await e.write(Buffer.from(content, "utf8"));
      await e.end();
    },
    async finish() {
      check();
      if (open) throw new Error("a ZIP entry is still open");
      const start = offset;
      for (const e of central) put(centralHeader(e));
      const size = offset - start;
      if (offset + 22 > maxBytes) throw tooLarge();
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      // Disk numbers (4–7) stay zero: one disk.
      end.writeUInt16LE(central.length, 8);
      end.writeUInt16LE(central.length, 10);
      end.writeUInt32LE(size, 12);
      end.writeUInt32LE(start, 16);
      put(end);
      out.end();
      await finished(out);
      check();
    },
    destroy(err) {
      failure ??= err;
      deflating?.destroy(err);
      out.destroy(err);
    },
  };
}
