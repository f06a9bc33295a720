// The answer shapes of a submission: its files resolved to names and types, ID numbers masked for
// tenants (operators see them whole to compare with the photos).
import {
  maskIdentityNumber,
  type VerificationFile,
  type VerificationFileRole,
  type VerificationRecord,
} from "@skyledger/contracts";
import type { FileService } from "../../platform/blobs/files.service";
import type { Tx } from "../../platform/db/client";
import type { VerificationRow } from "./verification.repo";

const MASKED_FIELDS = ["idNumber", "legalPersonIdNumber"];

/** The stored file ids of a submission with their roles, in display order. */
export function fileRefs(files: VerificationRow["files"]): { role: VerificationFileRole; id: string }[] {
  const refs: { role: VerificationFileRole; id: string }[] = [];
  for (const role of ["portrait", "emblem", "license", "attorney"] as const) {
    const value = files[role];
    for (const id of Array.isArray(value) ? value : value ? [value] : []) refs.push({ role, id });
  }
  return refs;
}

export async function toRecord(
  db: Tx,
  fileService: FileService,
  row: VerificationRow,
  options: { mask: boolean },
): Promise<VerificationRecord> {
  const refs = fileRefs(row.files);
  const stored = new Map(
    (
      await fileService.byIds(
        db,
        refs.map((r) => r.id),
      )
    ).map((f) => [f.id, f]),
  );
  const files: VerificationFile[] = refs.flatMap(({ role, id }) => {
    const f = stored.get(id);
    return f ? [{ role, id, name: f.name, contentType: f.contentType, size: f.size }] : [];
  });
  const details = { ...row.details };
  if (options.mask) {
    for (const field of MASKED_FIELDS) {
      if (details[field]) details[field] = maskIdentityNumber(details[field]);
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    documentType: row.documentType,
    details,
    files,
    remark: row.remark,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
