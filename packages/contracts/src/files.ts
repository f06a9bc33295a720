// Uploaded files of spec §5 ("Images and attachments"): what each upload purpose accepts and how a
// file's type is recognised from its bytes. Pure byte work shared by the server (which decides) and
// the web (which warns before uploading). The declared name must agree with the content: a ".png"
// whose bytes are a PDF is refused even where PDFs are allowed.

export type FileKind = "jpeg" | "png" | "pdf" | "doc" | "docx";

export const FILE_KINDS: Record<FileKind, { contentType: string; extensions: readonly string[] }> = {
  jpeg: { contentType: "image/jpeg", extensions: ["jpg", "jpeg"] },
  png: { contentType: "image/png", extensions: ["png"] },
  pdf: { contentType: "application/pdf", extensions: ["pdf"] },
  doc: { contentType: "application/msword", extensions: ["doc"] },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
  },
};

const MB = 1024 * 1024;

export type UploadPurpose =
  | "idPhoto"
  | "verificationAttachment"
  | "rechargeEvidence"
  | "ticketAttachment"
  | "invoicePdf"
  | "contractFile";

export type UploadRule = { kinds: readonly FileKind[]; maxBytes: number };

/** Spec §5: ID card images jpg/jpeg/png ≤ 5 MB; attachments JPEG/PNG/JPG images or DOC/DOCX/PDF ≤ 10 MB. */
export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  idPhoto: { kinds: ["jpeg", "png"], maxBytes: 5 * MB },
  verificationAttachment: { kinds: ["jpeg", "png", "pdf", "doc", "docx"], maxBytes: 10 * MB },
  // The bank slip of a manual ("offline") recharge, attached by the operator who records it.
  rechargeEvidence: { kinds: ["jpeg", "png", "pdf"], maxBytes: 10 * MB },
  // A ticket message's attachment (spec §5), from the tenant or the after-sales engineer.
  ticketAttachment: { kinds: ["jpeg", "png", "pdf", "doc", "docx"], maxBytes: 10 * MB },
  // The e-invoice an operator issues (BA11): a PDF by its bytes, nothing else.
  invoicePdf: { kinds: ["pdf"], maxBytes: 10 * MB },
  // A tenant's signed contract, uploaded by the billing operator who records it (PDF only).
  contractFile: { kinds: ["pdf"], maxBytes: 10 * MB },
};

export const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[];

/** The largest file any purpose accepts; the upload endpoint's body limit sits just above it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** Attachments per enterprise verification (spec §5 and §9: 5 files). */
export const MAX_ATTACHMENTS = 5;

export function allowedExtensions(purpose: UploadPurpose): string[] {
  return UPLOAD_RULES[purpose].kinds.flatMap((k) => [...FILE_KINDS[k].extensions]);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0;

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const ascii = (b: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...b.subarray(from, from + length));

/** Entry names of a ZIP archive from its central directory, or from its local headers when cut short. */
export function zipEntryNames(b: Uint8Array): string[] {
  if (!startsWith(b, ZIP_LOCAL)) return [];
  const names: string[] = [];
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
  for (let end = b.length - 22; end >= Math.max(0, b.length - 22 - 0xffff); end--) {
    if (!startsWith(b, ZIP_END, end)) continue;
    const entries = u16(b, end + 10);
    let at = u32(b, end + 16);
    for (let i = 0; i < entries && startsWith(b, ZIP_CENTRAL, at); i++) {
      const nameLength = u16(b, at + 28);
      names.push(ascii(b, at + 46, nameLength));
      at += 46 + nameLength + u16(b, at + 30) + u16(b, at + 32);
    }
    if (names.length > 0) return names;
    break;
  }
  let at = 0;
  while (startsWith(b, ZIP_LOCAL, at)) {
    const nameLength = u16(b, at + 26);
    names.push(ascii(b, at + 30, nameLength));
    const compressed = u32(b, at + 18);
    // A streamed entry (sizes in a trailing descriptor) cannot be skipped without inflating it.
    if ((u16(b, at + 6) & 0x08) !== 0 && compressed === 0) break;
    at += 30 + nameLength + u16(b, at + 28) + compressed;
  }
  return names;
}

// MS-DOC: every Word 97–2003 document is an OLE2 compound file holding a "WordDocument" stream,
// whose directory entry carries the name in UTF-16LE.
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const WORD_STREAM = Array.from("WordDocument").flatMap((c) => [c.charCodeAt(0), 0]);

function hasWordStream(b: Uint8Array): boolean {
  const first = WORD_STREAM[0]!;
  for (let i = b.indexOf(first, 512); i >= 0; i = b.indexOf(first, i + 1)) {
    if (startsWith(b, WORD_STREAM, i)) return true;
  }
  return false;
}

/** The file's type by its content (magic numbers, ZIP entries, OLE2 streams), or null. */
export function sniffFileKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(b, OLE2)) return hasWordStream(b) ? "doc" : null;
  if (startsWith(b, ZIP_LOCAL)) return zipEntryNames(b).some((n) => n.startsWith("word/")) ? "docx" : null;
  return null;
}

export type UploadCheck =
  | { ok: true; kind: FileKind; contentType: string }
  | { ok: false; problem: "empty" | "tooLarge" | "type" };

/** Whether `bytes` named `name` may be uploaded for `purpose`: size, then content, then name. */
export function checkUpload(purpose: UploadPurpose, name: string, bytes: Uint8Array): UploadCheck {
  const rule = UPLOAD_RULES[purpose];
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > rule.maxBytes) return { ok: false, problem: "tooLarge" };
  const kind = sniffFileKind(bytes);
  if (!kind || !rule.kinds.includes(kind)) return { ok: false, problem: "type" };
  if (!FILE_KINDS[kind].extensions.includes(extensionOf(name))) return { ok: false, problem: "type" };
  return { ok: true, kind, contentType: FILE_KINDS[kind].contentType };
}

export function isImageType(contentType: string): boolean {
  return contentType === "image/jpeg" || contentType === "image/png";
}
