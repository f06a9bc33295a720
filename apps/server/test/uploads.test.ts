import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  docxBytes,
  jpegBytes,
  oleBytes,
  padTo,
  pdfBytes,
  pngBytes,
  xlsxBytes,
} from "../../../packages/contracts/test/support/file-bytes";
import { storedFiles } from "../src/platform/blobs/blobs.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { upload, uploaded } from "./support/uploads";

const MB = 1024 * 1024;
let t: TestApp;
let tenant: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
});
afterAll(() => t.close());

describe("uploads: checks by content, size and name", () => {
  it("stores an ID photo and gives its owner the same bytes back with safe headers", async () => {
    const bytes = pngBytes();
    const res = await upload(tenant, "idPhoto", "身份证 正面.png", bytes);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "身份证 正面.png",
      contentType: "image/png",
      size: bytes.length,
    });

    const file = await tenant.raw(`/api/files/${res.body.data.id}`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(file.headers["content-disposition"])).toContain(
      `filename*=UTF-8''${encodeURIComponent("身份证 正面.png")}`,
    );
    // The bytes sit in the blob store under the data directory, which is a temporary one here.
    const blobs = path.join(t.config.dataDir, "blobs");
    expect(existsSync(blobs)).toBe(true);
    expect(readdirSync(blobs).length).toBeGreaterThan(0);
    expect(t.config.dataDir.startsWith(process.cwd())).toBe(false);
  });

  it("refuses a .png whose content is a PDF, for ID photos and for attachments alike", async () => {
    const before = await countRows(t, storedFiles);
    for (const purpose of ["idPhoto", "verificationAttachment"]) {
      const res = await upload(tenant, purpose, "photo.png", pdfBytes());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(24001);
      expect(res.body.message).toContain("photo.png");
    }
    expect(await countRows(t, storedFiles)).toBe(before);
  });

  it("refuses a PDF as an ID photo and a spreadsheet disguised as .docx", async () => {
    const pdf = await upload(tenant, "idPhoto", "scan.pdf", pdfBytes());
    expect(pdf.body.code).toBe(24001);
    expect(pdf.body.message).toContain("jpg, jpeg, png");
    expect((await upload(tenant, "verificationAttachment", "sheet.docx", xlsxBytes())).body.code).toBe(24001);
  });

  it("accepts attachments of every allowed type", async () => {
    for (const [name, bytes, type] of [
      ["licence.jpg", jpegBytes(), "image/jpeg"],
      ["licence.pdf", pdfBytes(), "application/pdf"],
      ["attorney.doc", oleBytes(), "application/msword"],
      [
        "attorney.docx",
        docxBytes(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
    ] as const) {
      const res = await upload(tenant, "verificationAttachment", name, bytes);
      expect(res.status, name).toBe(200);
      expect(res.body.data.contentType).toBe(type);
    }
  });

  it("refuses ID photos over 5 MB and attachments over 10 MB", async () => {
    const before = await countRows(t, storedFiles);
    const photo = await upload(tenant, "idPhoto", "big.png", padTo(pngBytes(), 5 * MB + 1));
    expect(photo.status).toBe(400);
    expect(photo.body.code).toBe(24002);
    expect(photo.body.message).toContain("5 MB");
    const attachment = await upload(
      tenant,
      "verificationAttachment",
      "big.pdf",
      padTo(pdfBytes(), 10 * MB + 1),
    );
    expect(attachment.body.code).toBe(24002);
    expect(attachment.body.message).toContain("10 MB");
    // Beyond the endpoint's body limit the declared length is refused before the bytes are read.
    const huge = await upload(tenant, "verificationAttachment", "huge.pdf", padTo(pdfBytes(), 12 * MB));
    expect(huge.body.code).toBe(24002);
    expect(huge.body.message).toContain("huge.pdf");
    expect(await countRows(t, storedFiles)).toBe(before);
    expect((await upload(tenant, "idPhoto", "limit.png", padTo(pngBytes(), 5 * MB))).status).toBe(200);
  });

  it("refuses a body that does not match the signed digest, an empty body and an unknown purpose", async () => {
    const altered = await upload(tenant, "idPhoto", "a.png", pngBytes(), { sha256: "0".repeat(64) });
    expect(altered.body.code).toBe(20009);
    expect((await upload(tenant, "idPhoto", "a.png", new Uint8Array())).body.code).toBe(24003);
    expect((await upload(tenant, "avatar", "a.png", pngBytes())).status).toBe(400);
  });

  it("needs a signed-in tenant user: anonymous 401, platform accounts 403", async () => {
    const anonymous = await upload(new TestClient(t.app, t.clock), "idPhoto", "a.png", pngBytes());
    expect(anonymous.status).toBe(401);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await upload(admin, "idPhoto", "a.png", pngBytes())).status).toBe(403);
  });
});

describe("uploads: who may read a file", () => {
  it("serves identity documents to their owner and to reviewers only; others get 404", async () => {
    const id = await uploaded(tenant, "idPhoto", "front.jpg", jpegBytes());
    const other = new TestClient(t.app, t.clock);
    const stranger = await registerTenant(t, other);
    await other.login(stranger.account, stranger.password);
    expect((await other.raw(`/api/files/${id}`)).statusCode).toBe(404);
    // Not even a colleague of the same organisation sees the administrator's ID card.
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await reader.raw(`/api/files/${id}`)).statusCode).toBe(404);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    const reviewed = await admin.raw(`/api/files/${id}`);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.headers["content-type"]).toBe("image/jpeg");
    expect((await tenant.raw(`/api/files/${id}`, { unsigned: true })).statusCode).toBe(400);
    expect((await tenant.raw("/api/files/not-an-id")).statusCode).toBe(404);
    expect((await tenant.raw("/api/files/00000000-0000-4000-8000-00000000dead")).statusCode).toBe(404);
  });
});
