// A one-table .xlsx written row by row into a Writable, in memory that does not grow with the rows
// (bill exports of a million lines). The workbook is the few parts Excel needs: content types,
// relationships, a workbook, a style sheet (a bold header) and worksheets whose cells are inline
// strings or numbers, so nothing has to be collected (no shared-string table) before the end.
// A worksheet holds at most 1 048 576 rows; past that the rows go on in another sheet, "Name (2)",
// under the same header. The ZIP writer bounds the file at 4 GiB (zip-writer.ts).
import type { Writable } from "node:stream";
import { createZipWriter, type ZipEntry, type ZipWriter } from "./zip-writer";

export type XlsxColumn = {
  header: string;
  /** Width in characters; Excel's default (about 8.43) when omitted. */
  width?: number;
};

/** A string, a number, or empty (null, undefined and "" leave the cell out). */
export type XlsxCell = string | number | null | undefined;

export type XlsxWriterOptions = {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** Modification time of the parts; now by default. */
  modified?: Date;
  /** Rows per sheet, header included; Excel's maximum by default (lower in tests). */
  maxRowsPerSheet?: number;
  /** zlib level, 0–9; default 6. */
  compressionLevel?: number;
  /** See ZipWriterOptions.maxBytes. */
  maxBytes?: number;
};

export type XlsxWriter = {
  /**
   * Adds a data row. Resolves at once while the output keeps up, otherwise when it has drained:
   * await it before adding the next row, so the producer never runs ahead of the output.
   */
  addRow(cells: readonly XlsxCell[]): Promise<void>;
  /** Writes the remaining parts and resolves when the destination has finished. */
  end(): Promise<void>;
  /** Gives up after a failure elsewhere: destroys the destination (the file is incomplete). */
  destroy(err: Error): void;
};

export const EXCEL_MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
// Serialised rows are collected into chunks of about this many UTF-16 units before compression.
const CHUNK = 64 * 1024;

const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_PKG_R = "http://schemas.openxmlformats.org/package/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument.spreadsheetml";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const HEADER_STYLE = 1;

// Characters XML 1.0 does not allow (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF and
// unpaired surrogates): a parser rejects the whole file for one of them, so they are dropped.
const ILLEGAL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the forbidden controls is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Excel reads "_xHHHH_" in a string as the character U+HHHH; a literal one keeps its "_" as _x005F_.
const EXCEL_ESCAPE = /_(?=x[0-9a-f]{4}_)/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a quick test for the same characters
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x/i;

/** Text for XML element content or a double-quoted attribute. */
export function xmlText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  return value
    .replace(ILLEGAL, "")
    .replace(EXCEL_ESCAPE, "_x005F_")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** 0 → A, 25 → Z, 26 → AA … */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Excel refuses names over 31 characters, with any of : \ / ? * [ ], or quoted at either end. */
function safeSheetName(name: string, suffix: string): string {
  const base = name.replace(/[:\\/?*[\]]/g, "_").replace(/^'+|'+$/g, "") || "Sheet";
  return [...base].slice(0, 31 - suffix.length).join("") + suffix;
}

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

export function createXlsxWriter(out: Writable, options: XlsxWriterOptions): XlsxWriter {
  const { columns } = options;
  if (columns.length === 0 || columns.length > MAX_COLUMNS)
    throw new Error(`a sheet has 1 to ${MAX_COLUMNS} columns`);
  const maxRows = Math.min(options.maxRowsPerSheet ?? EXCEL_MAX_ROWS, EXCEL_MAX_ROWS);
  if (maxRows < 2) throw new Error("a sheet holds the header and at least one row");
  const zip: ZipWriter = createZipWriter(out, {
    modified: options.modified,
    level: options.compressionLevel,
    maxBytes: options.maxBytes,
  });
  const refs = columns.map((_, i) => columnName(i));
  const sheetNames: string[] = [];
  let sheet: ZipEntry | undefined;
  let rowInSheet = 0;
  let pending = "";
  let waiting = false;

  const cell = (ref: string, value: XlsxCell, style = ""): string => {
    if (value === null || value === undefined || value === "") return "";
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error(`cell ${ref}: ${value} is not a finite number`);
      return `<c r="${ref}"${style}><v>${value}</v></c>`;
    }
    const text = xmlText(value);
    const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : "";
    return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
  };

  const row = (r: number, cells: readonly XlsxCell[], style = ""): string => {
    if (cells.length > columns.length) throw new Error(`row ${r} has more cells than columns`);
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) xml += cell(`${refs[i]}${r}`, cells[i], style);
    return `${xml}</row>`;
  };

  function openSheet() {
    const n = sheetNames.length + 1;
    sheetNames.push(safeSheetName(options.sheetName, n === 1 ? "" : ` (${n})`));
    sheet = zip.entry(`xl/worksheets/sheet${n}.xml`);
    const widths = columns
      .map((c, i) =>
        c.width ? `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>` : "",
      )
      .join("");
    // The header row stays in view while scrolling (a frozen pane below row 1).
    pending =
      `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${NS_R}">` +
      '<sheetViews><sheetView workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      "</sheetView></sheetViews>" +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (widths ? `<cols>${widths}</cols>` : "") +
      "<sheetData>" +
      row(
        1,
        columns.map((c) => c.header),
        ` s="${HEADER_STYLE}"`,
      );
    rowInSheet = 1;
  }

  async function closeSheet() {
    const entry = sheet!;
    sheet = undefined;
    const rest = `${pending}</sheetData></worksheet>`;
    pending = "";
    await entry.write(Buffer.from(rest, "utf8"));
    await entry.end();
  }

  /** Hands the collected rows to the compressor once there are enough of them. */
  function flush(): Promise<void> | undefined {
    if (pending.length < CHUNK) return undefined;
    const chunk = Buffer.from(pending, "utf8");
    pending = "";
    return sheet!.write(chunk);
  }

  async function nextSheet(cells: readonly XlsxCell[]) {
    await closeSheet();
    openSheet();
    pending += row(++rowInSheet, cells);
  }

  /** Refuses a row added before the previous one's promise settled: rows would interleave. */
  function track(p: Promise<void>): Promise<void> {
    waiting = true;
    return p.finally(() => {
      waiting = false;
    });
  }

  return {
    addRow(cells) {
      if (waiting) return Promise.reject(new Error("addRow was called before the previous row was written"));
      try {
        if (!sheet) openSheet();
        if (rowInSheet >= maxRows) return track(nextSheet(cells));
        pending += row(++rowInSheet, cells);
        const written = flush();
        return written ? track(written) : Promise.resolve();
      } catch (err) {
        return Promise.reject(err);
      }
    },

    async end() {
      if (waiting) throw new Error("end was called before the last row was written");
      if (!sheet) openSheet();
      await closeSheet();
      const sheets = sheetNames.map((_, i) => i + 1);
      await zip.file(
        "xl/workbook.xml",
        `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets>` +
          sheetNames
            .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
            .join("") +
          "</sheets></workbook>",
      );
      await zip.file(
        "xl/_rels/workbook.xml.rels",
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_R}">` +
          sheets
            .map(
              (n) =>
                `<Relationship Id="rId${n}" Type="${NS_R}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
            )
            .join("") +
          `<Relationship Id="rId${sheets.length + 1}" Type="${NS_R}/styles" Target="styles.xml"/>` +
          "</Relationships>",
      );
      await zip.file("xl/styles.xml", STYLES);
      await zip.file(
        "[Content_Types].xml",
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
          sheets
            .map(
              (n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${CT}.worksheet+xml"/>`,
            )
            .join("") +
          `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>` +
          "</Types>",
      );
      await zip.file(
        "_rels/.rels",
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_R}">` +
          `<Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/>` +
          "</Relationships>",
      );
      await zip.finish();
    },

    destroy(err) {
      zip.destroy(err);
    },
  };
}
