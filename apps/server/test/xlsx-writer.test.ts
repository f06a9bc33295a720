// The streaming .xlsx writer behind bill exports: a workbook ExcelJS reads back cell for cell, a ZIP
// whose every CRC-32 and size verifies, and a producer held back by a slow destination instead of
// buffering the whole file.
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  createXlsxWriter,
  type XlsxCell,
  type XlsxWriterOptions,
  xmlText,
} from "../src/platform/xlsx/xlsx-writer";
import { ZIP_TOO_LARGE } from "../src/platform/xlsx/zip-writer";
import { readZip } from "./support/zip-reader";

/** Collects everything written, optionally slowly (each write acknowledged after `delayMs`). */
class Sink extends Writable {
  chunks: Buffer[] = [];
  received = 0;
  constructor(private readonly delayMs = 0) {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error) => void) {
    const take = () => {
      this.chunks.push(chunk);
      this.received += chunk.length;
      done();
    };
    if (this.delayMs > 0) setTimeout(take, this.delayMs);
    else take();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const COLUMNS = [{ header: "Bill no.", width: 18 }, { header: "金额" }, { header: "Text", width: 30 }];

async function write(rows: XlsxCell[][], options: Partial<XlsxWriterOptions> = {}): Promise<Buffer> {
  const sink = new Sink();
  const writer = createXlsxWriter(sink, { sheetName: "Bills", columns: COLUMNS, ...options });
  for (const row of rows) await writer.addRow(row);
  await writer.end();
  return sink.bytes();
}

async function load(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook;
}

describe("xmlText", () => {
  it("escapes markup, drops what XML 1.0 forbids and keeps Excel's _xHHHH_ literal", () => {
    expect(xmlText(`a<b>&"c"'`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;'");
    expect(xmlText("账单 GPU A100 × 1")).toBe("账单 GPU A100 × 1");
    expect(xmlText("tab\tline\nreturn\r")).toBe("tab\tline\nreturn\r");
    expect(xmlText("nul\u0000bell\u0007vt\u000b\ufffe\uffff.")).toBe("nulbellvt.");
    expect(xmlText("pair 😀 lone \ud800 and \udc00 end")).toBe("pair 😀 lone  and  end");
    expect(xmlText("_x0041_ and _X00e9_ but not _x12_")).toBe(
      "_x005F_x0041_ and _x005F_X00e9_ but not _x12_",
    );
  });
});

describe("xlsx writer", () => {
  it("writes a workbook ExcelJS reads back cell for cell", async () => {
    const file = await write([
      ["B1", 1.5, `a<b>&"c" 中文账单 😀`],
      ["B2", -0.00001, "  spaced  "],
      [null, 0, "line 1\nline 2"],
      ["", undefined, "ctl\u0001x\ud800y _x0041_"],
      ["B5", 123456789.12345],
    ]);
    const workbook = await load(file);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Bills");
    expect(sheet.getRow(1).values).toEqual([undefined, "Bill no.", "金额", "Text"]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell("A2").font?.bold).toBeFalsy();
    expect(sheet.getColumn(1).width).toBe(18);
    expect(sheet.getColumn(3).width).toBe(30);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getCell("A2").value).toBe("B1");
    expect(sheet.getCell("B2").value).toBe(1.5);
    expect(sheet.getCell("C2").value).toBe(`a<b>&"c" 中文账单 😀`);
    expect(sheet.getCell("B3").value).toBe(-0.00001);
    expect(sheet.getCell("C3").value).toBe("  spaced  ");
    expect(sheet.getCell("A4").value).toBeNull();
    expect(sheet.getCell("B4").value).toBe(0);
    expect(sheet.getCell("C4").value).toBe("line 1\nline 2");
    expect(sheet.getCell("A5").value).toBeNull();
    expect(sheet.getCell("B5").value).toBeNull();
    // Excel reads "_xHHHH_" as an escaped character, so a literal one is written "_x005F_xHHHH_";
    // ExcelJS decodes that only in shared strings, not in inline ones, so it shows the raw form.
    expect(sheet.getCell("C5").value).toBe("ctlxy _x005F_x0041_");
    expect(sheet.getCell("B6").value).toBe(123456789.12345);
    expect(sheet.getCell("C6").value).toBeNull();
  });

  it("writes a ZIP whose entries, CRC-32s, sizes and data descriptors all verify", async () => {
    const file = await write(Array.from({ length: 3000 }, (_, i) => [`B${i}`, i / 7, `账单 ${i}`.repeat(5)]));
    const entries = readZip(file);
    expect([...entries.keys()].sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    for (const e of entries.values()) {
      expect(e.flags & 0x08, e.name).toBe(0x08);
      expect(e.method, e.name).toBe(8);
    }
    const sheet = entries.get("xl/worksheets/sheet1.xml")!;
    expect(sheet.size).toBeGreaterThan(64 * 1024); // several chunks through the compressor
    expect(sheet.data.toString("utf8")).toContain('<c r="C3001" t="inlineStr"><is><t>账单 2999');
    expect((await load(file)).worksheets[0]!.rowCount).toBe(3001);

    // The reader does check: one changed byte of compressed data or of a CRC is refused.
    const broken = Buffer.from(file);
    broken[100] = broken[100]! ^ 0xff;
    expect(() => readZip(broken)).toThrow(/invalid ZIP/);
    const badCrc = Buffer.from(file);
    const cd = badCrc.readUInt32LE(badCrc.length - 22 + 16);
    badCrc.writeUInt32LE(badCrc.readUInt32LE(cd + 16) ^ 1, cd + 16);
    expect(() => readZip(badCrc)).toThrow(/CRC-32/);
  });

  it("writes the header alone when there are no rows", async () => {
    const file = await write([], { sheetName: "账单" });
    readZip(file);
    const sheet = (await load(file)).worksheets[0]!;
    expect(sheet.name).toBe("账单");
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell("B1").value).toBe("金额");
  });

  it("goes on in another sheet, under the same header, when a sheet is full", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => [`B${i + 1}`, i + 1]);
    const file = await write(rows, { maxRowsPerSheet: 3, sheetName: "Bills: a/b" });
    const sheets = (await load(file)).worksheets;
    expect(sheets.map((s) => s.name)).toEqual(["Bills_ a_b", "Bills_ a_b (2)", "Bills_ a_b (3)"]);
    expect(sheets.map((s) => s.getSheetValues().length - 1)).toEqual([3, 3, 2]);
    for (const s of sheets) expect(s.getCell("A1").value).toBe("Bill no.");
    expect(sheets.flatMap((s) => s.getColumn(1).values.slice(2))).toEqual(rows.map((r) => r[0]));
  });

  it("refuses rows wider than the columns and numbers that are not finite", async () => {
    const writer = createXlsxWriter(new Sink(), { sheetName: "Bills", columns: COLUMNS });
    await expect(writer.addRow(["a", 1, "b", "c"])).rejects.toThrow(/more cells than columns/);
    await expect(writer.addRow(["a", Number.NaN])).rejects.toThrow(/not a finite number/);
  });

  it("fails clearly instead of writing past the ZIP limit", async () => {
    const sink = new Sink();
    const writer = createXlsxWriter(sink, {
      sheetName: "Bills",
      columns: COLUMNS,
      compressionLevel: 0,
      maxBytes: 200_000,
    });
    const add = async () => {
      for (let i = 0; i < 1000; i++) await writer.addRow([`B${i}`, i, "x".repeat(500)]);
      await writer.end();
    };
    await expect(add()).rejects.toThrow(ZIP_TOO_LARGE);
  });

  it("passes on the destination's failure instead of waiting for ever", async () => {
    const failing = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        setImmediate(() => done(new Error("disk full")));
      },
    });
    const writer = createXlsxWriter(failing, { sheetName: "Bills", columns: COLUMNS, compressionLevel: 0 });
    const add = async () => {
      for (let i = 0; i < 10_000; i++) await writer.addRow([`B${i}`, i, "x".repeat(200)]);
      await writer.end();
    };
    await expect(add()).rejects.toThrow("disk full");
  });

  it("holds the producer back while a slow destination drains (bounded buffering)", async () => {
    // Stored (level 0) blocks, so the bytes handed to the writer and the bytes that reach the
    // destination can be compared directly: their difference is what waits in buffers.
    const sink = new Sink(1);
    let drains = 0;
    sink.on("drain", () => drains++);
    const writer = createXlsxWriter(sink, { sheetName: "Bills", columns: COLUMNS, compressionLevel: 0 });
    const text = "x".repeat(1000);
    let accepted = 0;
    let maxAhead = 0;
    for (let i = 0; i < 8000; i++) {
      await writer.addRow([`B${i}`, i, text]);
      accepted += 1000;
      maxAhead = Math.max(maxAhead, accepted - sink.received);
    }
    await writer.end();
    expect(sink.received).toBeGreaterThan(8_000_000);
    expect(drains).toBeGreaterThan(100);
    // What may wait: the row chunk being collected (64 KB), the compressor's input and output and
    // the destination's buffer (16 KB each plus one chunk). Without back-pressure it would be
    // most of the 8 MB.
    expect(maxAhead).toBeLessThan(512 * 1024);
    readZip(sink.bytes());
  });

  it("refuses a row added before the previous one was written", async () => {
    const sink = new Sink(1);
    const writer = createXlsxWriter(sink, { sheetName: "Bills", columns: COLUMNS, compressionLevel: 0 });
    let pending: Promise<void> | undefined;
    for (let i = 0; i < 1000 && !pending; i++) {
      const p = writer.addRow([`B${i}`, i, "x".repeat(1000)]);
      // The first row that has to wait for the destination.
      const settled = await Promise.race([p.then(() => true), new Promise((r) => setImmediate(r, false))]);
      if (!settled) pending = p;
    }
    expect(pending).toBeDefined();
    await expect(writer.addRow(["too early"])).rejects.toThrow(/before the previous row/);
    await pending;
    await writer.end();
  });
});
