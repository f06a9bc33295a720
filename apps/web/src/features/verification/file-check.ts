// The server's upload rules run in the browser before a file is sent: size from the File, type
// from its bytes (the same sniffer as the server), so a renamed PDF is caught at once.
import { allowedExtensions, checkUpload, UPLOAD_RULES, type UploadPurpose } from "@skyledger/contracts";

export type FileProblem =
  | { key: "verification.errors.fileTooLarge"; params: { name: string; max: number } }
  | { key: "verification.errors.fileType"; params: { name: string; allowed: string } }
  | { key: "verification.errors.fileEmpty"; params: { name: string } };

export async function fileProblem(purpose: UploadPurpose, file: File): Promise<FileProblem | null> {
  const rule = UPLOAD_RULES[purpose];
  const name = file.name;
  // Too large is known without reading the file.
  if (file.size > rule.maxBytes)
    return { key: "verification.errors.fileTooLarge", params: { name, max: rule.maxBytes / 1024 / 1024 } };
  const check = checkUpload(purpose, name, new Uint8Array(await file.arrayBuffer()));
  if (check.ok) return null;
  if (check.problem === "empty") return { key: "verification.errors.fileEmpty", params: { name } };
  if (check.problem === "tooLarge")
    return { key: "verification.errors.fileTooLarge", params: { name, max: rule.maxBytes / 1024 / 1024 } };
  return {
    key: "verification.errors.fileType",
    params: { name, allowed: allowedExtensions(purpose).join(", ") },
  };
}
