// SSH key pairs of a tenant: only the public half is kept (the private key of a created pair is
// answered once and forgotten).
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations, projects } from "../iam/iam.schema";

export const keyPairs = pgTable(
  "key_pairs",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** One OpenSSH line: `<type> <base64 blob>` (the comment of an imported key is dropped). */
    publicKey: text("public_key").notNull(),
    /** OpenSSH style: `SHA256:` and the unpadded base64 of the blob's SHA-256. */
    fingerprint: text("fingerprint").notNull(),
    keyType: text("key_type").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("key_pairs_org_name").on(t.orgId, sql`lower(${t.name})`),
    index("key_pairs_org_created").on(t.orgId, t.createdAt),
  ],
);
