import { ID_DOCUMENT_TYPES } from "@skyledger/contracts";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Every submission of personal (`authent`) or enterprise (`authent/company`) verification, kept
 * after review so the history of decisions stays readable. The user's certificationStatus mirrors
 * the latest one.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["personal", "company"] }).notNull(),
    status: text("status", { enum: ["authing", "authSucceed", "authFiled"] }).notNull(),
    /**
     * The identity document: an ID card, or (personal only) a foreign national's passport. A
     * company's is its legal person's ID card. Submissions made before passports were accepted are
     * ID cards.
     */
    documentType: text("document_type", { enum: ID_DOCUMENT_TYPES }).notNull().default("idCard"),
    /** Personal: realName, idNumber. Company: certificateType, companyName, licenseNumber,
     * legalPerson, legalPersonIdNumber, contactPerson, contactPhone. */
    details: jsonb("details").$type<Record<string, string>>().notNull(),
    /** Stored file ids by role: portrait, emblem (personal); license, attorney, attachments (company). */
    files: jsonb("files").$type<Record<string, string | string[]>>().notNull(),
    remark: text("remark"),
    reviewerId: text("reviewer_id"),
    submittedAt: ts("submitted_at").notNull(),
    reviewedAt: ts("reviewed_at"),
  },
  (t) => [
    index("verifications_status_submitted").on(t.status, t.submittedAt),
    index("verifications_user").on(t.userId, t.submittedAt),
  ],
);
