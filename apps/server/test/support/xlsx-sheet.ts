// Reads the first sheet of an exported .xlsx as rows of cell texts (header row first).
import ExcelJS from "exceljs";

export async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  // Array.from, not map: an empty cell is a hole in ExcelJS's values, read here as "".
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? ""))));
  return { name: sheet.name, rows, headerBold: sheet.getCell("A1").font?.bold === true };
}
