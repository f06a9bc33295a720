// The background export every list offers (bills, billing accounts): a download task row, then an
// .xlsx streamed to disk in keyset pages. The next page is read only once the previous one has
// been compressed and written (the writer waits for the file to drain), so memory stays flat
// however many rows there are (docs/performance.md "Bill export").
import { createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { createXlsxWriter, type XlsxCell, type XlsxColumn } from "../../platform/xlsx/xlsx-writer";
import { type DownloadTaskRow, insertDownloadTask, updateDownloadTask } from "./bill-reports.repo";

// zlib level 1: files about the size ExcelJS wrote (72 MB per million lines; level 6 gives 57 MB)
// for well under half the compression CPU, which the export takes from the API process it runs in.
const EXPORT_COMPRESSION = 1;

/** What one export writes: its sheet, how many rows to expect, its pages and each row's cells. */
export type ExportSpec<R> = {
  sheetName: string;
  columns: XlsxColumn[];
  /** Rows expected, for the progress shown while it runs. */
  count(): Promise<number>;
  /** The page after the last row written (undefined: the first page); empty when done. */
  page(after: R | undefined): Promise<R[]>;
  cells(row: R): readonly XlsxCell[];
};

export const downloadTaskDto = (t: DownloadTaskRow) => ({
  id: t.id,
  fileName: t.fileName,
  status: t.status,
  progress: t.progress,
  rows: t.rows,
  error: t.error,
  createdAt: t.createdAt.toISOString(),
  finishedAt: t.finishedAt?.toISOString() ?? null,
});

export type ExportRunner = ReturnType<typeof createExportRunner>;

export function createExportRunner(
  db: Db,
  clock: Clock,
  exportDir: string,
  /** Runs an export after the answer (the module's background runner). */
  runInBackground: (job: () => Promise<void>) => void,
) {
  async function write<R>(taskId: string, spec: ExportSpec<R>) {
    const file = path.join(exportDir, `${taskId}.xlsx`);
    try {
      const n = await spec.count();
      mkdirSync(exportDir, { recursive: true });
      const sheet = createXlsxWriter(createWriteStream(file), {
        sheetName: spec.sheetName,
        columns: spec.columns,
        modified: clock.now(),
        compressionLevel: EXPORT_COMPRESSION,
      });
      let written = 0;
      try {
        // Each row is awaited, so a page has been handed to the compressor and the file (waiting
        // for them to drain) before the next page is read.
        let last: R | undefined;
        for (;;) {
          const rows = await spec.page(last);
          if (rows.length === 0) break;
          for (const row of rows) await sheet.addRow(spec.cells(row));
          written += rows.length;
          last = rows.at(-1);
          await updateDownloadTask(db, taskId, {
            rows: written,
            progress: n ? Math.min(99, Math.floor((written * 100) / n)) : 99,
          });
        }
        await sheet.end();
      } catch (err) {
        sheet.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      await updateDownloadTask(db, taskId, {
        status: "succeeded",
        progress: 100,
        rows: written,
        finishedAt: clock.now(),
      });
    } catch (err) {
      // A failed export is never offered for download; its partial file is of no use.
      await rm(file, { force: true }).catch(() => undefined);
      await updateDownloadTask(db, taskId, {
        status: "failed",
        error: err instanceof Error ? err.message : String(err),
        finishedAt: clock.now(),
      });
    }
  }

  return {
    /** Records the caller's download task and writes the file after the answer. */
    async start<R>(
      ctx: RequestContext,
      task: { kind: string; fileName: string; orgId: string | null },
      spec: ExportSpec<R>,
    ) {
      const id = newId();
      const row = await insertDownloadTask(db, {
        id,
        ...task,
        userId: ctx.actor.userId,
        status: "generating",
        createdAt: clock.now(),
      });
      runInBackground(() => write(id, spec));
      return downloadTaskDto(row);
    },
  };
}
