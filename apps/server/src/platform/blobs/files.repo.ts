// The `stored_files` records of uploads: every function takes the caller's transaction (or the handle).
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { storedFiles } from "./blobs.schema";

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(tx: Tx, row: typeof storedFiles.$inferInsert): Promise<void> {
  await tx.insert(storedFiles).values(row);
}

export async function findStoredFile(tx: Tx, id: string): Promise<StoredFileRow | undefined> {
  const [file] = await tx.select().from(storedFiles).where(eq(storedFiles.id, id));
  return file;
}

export async function storedFilesOwnedBy(tx: Tx, ownerId: string, ids: string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, ownerId), inArray(storedFiles.id, ids)));
}

export async function storedFilesByIds(tx: Tx, ids: string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}

export async function setStoredFilesOrg(tx: Tx, ids: string[], orgId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(storedFiles).set({ orgId }).where(inArray(storedFiles.id, ids));
}
