// Verification in the browser: the upload call and its signature, the client-side file checks,
// the personal verification page in its states, and the operators' review queue.
import { createHmac } from "node:crypto";
import { type AuthInfo, canonicalString, type VerificationDetail } from "@skyledger/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  docxBytes,
  jpegBytes,
  padTo,
  pdfBytes,
  pngBytes,
} from "../../../packages/contracts/test/support/file-bytes";
import { fileProblem } from "../src/features/verification/file-check";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

const start = (path: string, routes: Record<string, Handler>) => renderApp(path, routes, { signedIn: true });

const noAuth: AuthInfo = {
  certificationStatus: "noAuth",
  authentStatus: "noAuth",
  remark: null,
  type: null,
  canSubmit: true,
  latest: null,
};

resetAppBetweenTests();

beforeAll(() => {
  // happy-dom may lack object URLs; the previews only need a string.
  if (!URL.createObjectURL) URL.createObjectURL = () => "blob:preview";
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
});

describe("uploads from the browser", () => {
  it("sends the bytes as the body and signs purpose, name and their SHA-256 only", async () => {
    const server = fakeServer({
      "POST /files": ({ query }) => ({
        data: { id: "f-1", name: query.get("name"), contentType: "image/png", size: 3 },
      }),
    });
    api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
    session.save({ token: "t", signSecret: "secret-1" });
    const bytes = pngBytes();
    const stored = await api.upload<{ id: string }>("/files", file(bytes, "正面.png"), {
      purpose: "idPhoto",
      name: "正面.png",
    });
    expect(stored.id).toBe("f-1");
    const [call] = server.fetch.mock.calls;
    const url = new URL(String(call![0]), "http://localhost");
    const init = call![1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    const sha256 = url.searchParams.get("sha256");
    expect(sha256).toBe((await import("node:crypto")).createHash("sha256").update(bytes).digest("hex"));
    expect(headers["Content-Type"]).toBe("application/octet-stream");
    expect(new Uint8Array(init.body as Uint8Array)).toEqual(bytes);
    const canonical = canonicalString({
      method: "POST",
      path: "/api/files",
      query: { purpose: "idPhoto", name: "正面.png", sha256 },
      timestamp: headers["x-timestamp"]!,
      nonce: headers["x-nonce"]!,
      requestId: headers["x-request-id"]!,
    });
    expect(headers["x-sign"]).toBe(createHmac("sha256", "secret-1").update(canonical).digest("hex"));
  });

  it("checks type by content and size before uploading", async () => {
    expect(await fileProblem("idPhoto", file(pdfBytes(), "photo.png"))).toMatchObject({
      key: "verification.errors.fileType",
      params: { name: "photo.png", allowed: "jpg, jpeg, png" },
    });
    expect(
      await fileProblem("idPhoto", file(padTo(pngBytes(), 5 * 1024 * 1024 + 1), "big.png")),
    ).toMatchObject({
      key: "verification.errors.fileTooLarge",
      params: { max: 5 },
    });
    expect(await fileProblem("idPhoto", file(jpegBytes(), "front.jpeg"))).toBeNull();
    expect(await fileProblem("verificationAttachment", file(docxBytes(), "attorney.docx"))).toBeNull();
  });
});

describe("personal verification page", () => {
  it("checks the form like the server, uploads both sides and submits their ids", async () => {
    let submitted: unknown = null;
    let uploads = 0;
    const server = start("/authent", {
      "GET /users/token": () => ({ data: makeUser() }),
      "GET /users/getAuthUserInfoById": () => ({
        data: submitted
          ? { ...noAuth, certificationStatus: "authing", authentStatus: "authing", canSubmit: false }
          : noAuth,
      }),
      "POST /files": ({ query }) => {
        uploads += 1;
        // Both sides upload at once, so the id names the file rather than the arrival order.
        return {
          data: {
            id: `file-${query.get("name")}`,
            name: query.get("name"),
            contentType: "image/jpeg",
            size: 10,
          },
        };
      },
      "POST /users/submitAuth": ({ body }) => {
        submitted = body;
        return { data: { id: "v-1" } };
      },
    });
    const status = await screen.findByTestId("authent-status", {}, WAIT);
    expect(status.getAttribute("data-status")).toBe("noAuth");

    fireEvent.change(screen.getByTestId("authent-name"), { target: { value: "张三" } });
    fireEvent.change(screen.getByTestId("authent-id-number"), { target: { value: "110105194912310021" } });
    fireEvent.click(screen.getByTestId("authent-submit"));
    expect(
      await screen.findByText("The ID card number is malformed or its check digit is wrong", {}, WAIT),
    ).toBeTruthy();
    expect(await screen.findByText("Please upload the portrait side of the ID card", {}, WAIT)).toBeTruthy();
    expect(server.calls.some((c) => c.path === "/users/submitAuth")).toBe(false);

    // A PDF renamed to .png never leaves the browser.
    fireEvent.change(screen.getByTestId("authent-portrait"), {
      target: { files: [file(pdfBytes(), "front.png")] },
    });
    expect((await screen.findByTestId("authent-portrait-error", {}, WAIT)).textContent).toContain(
      "front.png",
    );
    expect(uploads).toBe(0);

    fireEvent.change(screen.getByTestId("authent-portrait"), {
      target: { files: [file(jpegBytes(), "front.jpg")] },
    });
    fireEvent.change(screen.getByTestId("authent-emblem"), {
      target: { files: [file(jpegBytes(), "back.jpg")] },
    });
    await waitFor(() => expect(uploads).toBe(2), WAIT);
    fireEvent.change(screen.getByTestId("authent-id-number"), { target: { value: "11010519491231002x" } });
    await waitFor(
      () => expect(screen.getAllByTestId(/authent-(portrait|emblem)-file/)).toHaveLength(2),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("authent-submit"));
    await waitFor(() => expect(submitted).not.toBeNull(), WAIT);
    expect(submitted).toEqual({
      documentType: "idCard",
      realName: "张三",
      idNumber: "11010519491231002X",
      portraitFileId: "file-front.jpg",
      emblemFileId: "file-back.jpg",
    });
    await waitFor(
      () => expect(screen.getByTestId("authent-status").getAttribute("data-status")).toBe("authing"),
      WAIT,
    );
    expect(screen.getByTestId("authent-status-hint").textContent).toContain("1 to 2 days");
    expect(screen.queryByTestId("authent-submit")).toBeNull();
  });

  it("never shows the browser's own file chooser: a button in the interface language opens it", async () => {
    start("/authent", {
      "GET /users/token": () => ({ data: makeUser() }),
      "GET /users/getAuthUserInfoById": () => ({ data: noAuth }),
    });
    const input = (await screen.findByTestId("authent-portrait", {}, WAIT)) as HTMLInputElement;
    // antd's form styles show file inputs as blocks, `hidden` or not: it is hidden inline.
    expect(input.style.display).toBe("none");
    const button = screen.getByTestId("authent-portrait-button");
    expect(button.textContent).toContain("Choose a file");
    const opened = vi.spyOn(input, "click").mockImplementation(() => {});
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    await act(() => setLanguage("zh-CN"));
    expect(screen.getByTestId("authent-portrait-button").textContent).toContain("选择文件");
    await act(() => setLanguage("en-US"));
  });

  it("shows the reviewer's remark after a rejection and the form again on request", async () => {
    start("/authent", {
      "GET /users/token": () => ({ data: makeUser() }),
      "GET /users/getAuthUserInfoById": () => ({
        data: {
          ...noAuth,
          certificationStatus: "authFiled",
          authentStatus: "authFiled",
          remark: "照片模糊",
          type: "personal",
        },
      }),
    });
    expect((await screen.findByTestId("authent-remark", {}, WAIT)).textContent).toContain("照片模糊");
    expect(screen.getByTestId("certification-status").textContent).toBe("Failed");
    expect(screen.queryByTestId("authent-submit")).toBeNull();
    fireEvent.click(screen.getByTestId("authent-resubmit"));
    expect(await screen.findByTestId("authent-submit", {}, WAIT)).toBeTruthy();
  });

  it("is read-only for a sub-user of an unverified organisation", async () => {
    start("/authent", {
      "GET /users/token": () => ({ data: makeUser({ parentSid: "u-0" }) }),
      "GET /users/getAuthUserInfoById": () => ({ data: { ...noAuth, canSubmit: false } }),
    });
    expect(await screen.findByTestId("authent-read-only", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("authent-submit")).toBeNull();
  });
});

describe("verification review queue", () => {
  const detail: VerificationDetail = {
    id: "v-9",
    kind: "company",
    status: "authing",
    documentType: "idCard",
    details: {
      companyName: "星河计算有限公司",
      certificateType: "businessLicense",
      licenseNumber: "91350100M000100Y43",
    },
    files: [{ role: "license", id: "f-9", name: "licence.pdf", contentType: "application/pdf", size: 10 }],
    remark: null,
    submittedAt: "2026-11-20T02:00:00Z",
    reviewedAt: null,
    userSid: "u-9",
    account: "acme",
    email: "a@acme.example",
    mobile: "13900000000",
    orgSid: "org-9",
    orgName: "Acme",
    reviewer: null,
  };

  it("needs a remark to reject and sends the decision", async () => {
    let decision: unknown = null;
    const server = start("/sys/verifications", {
      "GET /users/token": () => ({
        data: makeUser({
          account: "ops",
          currentOrg: null,
          permissions: ["BA05"],
          routes: ["/sys/verifications"],
        }),
      }),
      "GET /ops/verifications": () => ({
        data: {
          list: [
            {
              id: "v-9",
              kind: "company",
              status: "authing",
              documentType: "idCard",
              account: "acme",
              orgName: "Acme",
              subject: "星河计算有限公司",
              submittedAt: "2026-11-20T02:00:00Z",
              reviewedAt: null,
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
        },
      }),
      "GET /ops/verifications/v-9": () => ({ data: detail }),
      "POST /ops/users/approve": ({ body }) => {
        decision = body;
        return { data: { ok: true } };
      },
    });
    const row = await screen.findByTestId("review-row-v-9", {}, WAIT);
    expect(row.textContent).toContain("星河计算有限公司");
    expect(server.calls.find((c) => c.path === "/ops/verifications")).toBeTruthy();
    fireEvent.click(within(row).getByTestId("review-open-v-9"));
    expect((await screen.findByTestId("review-document-f-9", {}, WAIT)).textContent).toContain("licence.pdf");
    expect(screen.getByText("Business licence")).toBeTruthy();
    fireEvent.click(screen.getByTestId("review-reject"));
    fireEvent.click(await screen.findByTestId("review-confirm", {}, WAIT));
    expect(await screen.findByText("Give a remark when rejecting", {}, WAIT)).toBeTruthy();
    expect(decision).toBeNull();
    fireEvent.change(screen.getByTestId("review-remark"), { target: { value: "营业执照不清晰" } });
    fireEvent.click(screen.getByTestId("review-confirm"));
    await waitFor(
      () => expect(decision).toEqual({ id: "v-9", approved: false, remark: "营业执照不清晰" }),
      WAIT,
    );
  });
});
