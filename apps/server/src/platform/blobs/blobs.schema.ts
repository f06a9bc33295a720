import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Uploaded files: metadata here, bytes in the blob store under `storageKey`. Who may read a file is
 * decided by the module that owns it (`purpose`), never by knowing its id.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id"),
    ownerId: text("owner_id").notNull(),
    purpose: text("purpose").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("stored_files_owner").on(t.ownerId)],
);
