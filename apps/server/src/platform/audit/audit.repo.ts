import type { Tx } from "../db/client";
import { auditLogs } from "./audit.schema";

export async function insertAuditLog(tx: Tx, row: typeof auditLogs.$inferInsert): Promise<void> {
  await tx.insert(auditLogs).values(row);
}
