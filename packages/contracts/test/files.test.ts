import { describe, expect, it } from "vitest";
import { checkUpload, sniffFileKind, UPLOAD_RULES, zipEntryNames } from "../src/files";
import { isValidCreditCode, isValidIdNumber, maskIdentityNumber } from "../src/identity-numbers";
import {
  docxBytes,
  jpegBytes,
  oleBytes,
  padTo,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  zipBytes,
} from "./support/file-bytes";

const MB = 1024 * 1024;

describe("file type by content", () => {
  it("recognises JPEG, PNG, PDF, DOC and DOCX by their bytes", () => {
    expect(sniffFileKind(jpegBytes())).toBe("jpeg");
    expect(sniffFileKind(pngBytes())).toBe("png");
    expect(sniffFileKind(pdfBytes())).toBe("pdf");
    expect(sniffFileKind(oleBytes())).toBe("doc");
    expect(sniffFileKind(docxBytes())).toBe("docx");
  });

  it("does not take any ZIP for a DOCX nor any OLE2 file for a DOC", () => {
    expect(sniffFileKind(xlsxBytes())).toBeNull();
    expect(
      sniffFileKind(zipBytes([{ name: "notes.txt", content: "word/ is not a prefix here" }])),
    ).toBeNull();
    expect(sniffFileKind(oleBytes("Workbook"))).toBeNull();
    expect(sniffFileKind(new TextEncoder().encode("PK not a zip"))).toBeNull();
    expect(sniffFileKind(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });

  it("reads ZIP entry names from the central directory, or from local headers without one", () => {
    expect(zipEntryNames(docxBytes())).toEqual(["[Content_Types].xml", "word/document.xml"]);
    expect(zipEntryNames(docxBytes({ centralDirectory: false }))).toEqual([
      "[Content_Types].xml",
      "word/document.xml",
    ]);
    expect(sniffFileKind(docxBytes({ centralDirectory: false }))).toBe("docx");
  });
});

describe("upload rules of spec §5", () => {
  it("accepts ID photos as jpg, jpeg or png of at most 5 MB", () => {
    expect(checkUpload("idPhoto", "front.JPG", jpegBytes())).toMatchObject({ ok: true, kind: "jpeg" });
    expect(checkUpload("idPhoto", "front.jpeg", jpegBytes())).toMatchObject({
      ok: true,
      contentType: "image/jpeg",
    });
    expect(checkUpload("idPhoto", "back.png", padTo(pngBytes(), 5 * MB))).toMatchObject({ ok: true });
    expect(checkUpload("idPhoto", "back.png", padTo(pngBytes(), 5 * MB + 1))).toEqual({
      ok: false,
      problem: "tooLarge",
    });
    expect(checkUpload("idPhoto", "scan.pdf", pdfBytes())).toEqual({ ok: false, problem: "type" });
    expect(checkUpload("idPhoto", "empty.png", new Uint8Array())).toEqual({ ok: false, problem: "empty" });
  });

  it("lets the content decide: a .png that is a PDF is refused even where PDFs are allowed", () => {
    expect(checkUpload("idPhoto", "photo.png", pdfBytes())).toEqual({ ok: false, problem: "type" });
    expect(checkUpload("verificationAttachment", "photo.png", pdfBytes())).toEqual({
      ok: false,
      problem: "type",
    });
    expect(checkUpload("verificationAttachment", "licence.pdf", pdfBytes())).toMatchObject({ ok: true });
    // A PNG named .jpg is an image, but not the one its name says.
    expect(checkUpload("idPhoto", "photo.jpg", pngBytes())).toEqual({ ok: false, problem: "type" });
    expect(checkUpload("verificationAttachment", "sheet.docx", xlsxBytes())).toEqual({
      ok: false,
      problem: "type",
    });
  });

  it("accepts attachments of JPEG, PNG, DOC, DOCX and PDF up to 10 MB", () => {
    for (const [name, bytes] of [
      ["a.jpg", jpegBytes()],
      ["a.png", pngBytes()],
      ["a.pdf", pdfBytes()],
      ["a.doc", oleBytes()],
      ["a.docx", docxBytes()],
    ] as const) {
      expect(checkUpload("verificationAttachment", name, bytes)).toMatchObject({ ok: true });
    }
    expect(UPLOAD_RULES.verificationAttachment.maxBytes).toBe(10 * MB);
    expect(checkUpload("verificationAttachment", "big.pdf", padTo(pdfBytes(), 10 * MB + 1))).toEqual({
      ok: false,
      problem: "tooLarge",
    });
    expect(checkUpload("verificationAttachment", "noext", pdfBytes())).toEqual({
      ok: false,
      problem: "type",
    });
  });
});

describe("identity numbers", () => {
  const today = new Date("2026-11-22T00:00:00Z");

  it("checks the ID card number's check digit (GB 11643) and birth date", () => {
    expect(isValidIdNumber("11010519491231002X", today)).toBe(true);
    expect(isValidIdNumber("11010519491231002x", today)).toBe(true);
    expect(isValidIdNumber("110105194912310021", today)).toBe(false);
    expect(isValidIdNumber("440524188001010014", today)).toBe(false);
    expect(isValidIdNumber("11010519490230002X", today)).toBe(false);
    expect(isValidIdNumber("1101051949123100", today)).toBe(false);
    expect(isValidIdNumber("11010520991231002X", today)).toBe(false);
  });

  it("checks the unified social credit code's check character (GB 32100)", () => {
    expect(isValidCreditCode("91350100M000100Y43")).toBe(true);
    expect(isValidCreditCode("91350100m000100y43")).toBe(true);
    expect(isValidCreditCode("91350100M000100Y44")).toBe(false);
    expect(isValidCreditCode("91350100M000100Y4")).toBe(false);
    expect(isValidCreditCode("91350100O000100Y43")).toBe(false);
  });

  it("masks all but the region and the last four characters", () => {
    expect(maskIdentityNumber("11010519491231002X")).toBe("110105********002X");
  });
});
