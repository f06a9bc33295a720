// Uploading through POST /api/files the way the browser does: the bytes as the body, purpose, name
// and the body's SHA-256 in the signed query.
import { createHash } from "node:crypto";
import type { StoredFile, UploadPurpose } from "@skyledger/contracts";
import type { Reply, TestClient } from "./client";

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function upload(
  client: TestClient,
  purpose: UploadPurpose | string,
  name: string,
  bytes: Uint8Array,
  options: { sha256?: string; headers?: Record<string, string> } = {},
): Promise<Reply<StoredFile>> {
  return client.request<StoredFile>("/api/files", {
    method: "POST",
    query: { purpose, name, sha256: options.sha256 ?? sha256Hex(bytes) },
    body: Buffer.from(bytes),
    headers: { "content-type": "application/octet-stream", ...options.headers },
  });
}

/** Uploads and returns the new file's id; fails the test when the upload is refused. */
export async function uploaded(
  client: TestClient,
  purpose: UploadPurpose,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  const res = await upload(client, purpose, name, bytes);
  if (res.status !== 200) throw new Error(`upload of ${name} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}
