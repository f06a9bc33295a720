// Issue 13 §7 in the browser, in English and in Chinese: the personal verification form offers the
// document type (resident ID card or passport) and checks the name and number by its rules before
// sending; the operator's review shows the document type and names the number and pages after it.
import type { AuthInfo, Locale, VerificationDetail } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jpegBytes } from "../../../packages/contracts/test/support/file-bytes";
import { setLanguage } from "../src/i18n";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const noAuth: AuthInfo = {
  certificationStatus: "noAuth",
  authentStatus: "noAuth",
  remark: null,
  type: null,
  canSubmit: true,
  latest: null,
};

const TEXTS: Record<
  Locale,
  {
    passport: string;
    number: string;
    photoPage: string;
    latinRule: string;
    numberRule: string;
    chineseRule: string;
    missingPage: string;
  }
> = {
  "en-US": {
    passport: "Passport (foreign nationals)",
    number: "Passport number",
    photoPage: "Passport, photo page",
    latinRule:
      "The passport name has 2 to 64 Latin letters, spaces, dots, hyphens or apostrophes, starting with a letter",
    numberRule: "The passport number has 5 to 20 letters or digits",
    chineseRule: "The name has at most 10 Chinese characters",
    missingPage: "Please upload the passport's photo page",
  },
  "zh-CN": {
    passport: "护照（外籍人士）",
    number: "护照号码",
    photoPage: "护照个人资料页",
    latinRule: "护照姓名为2到64个字符，由拉丁字母、空格、点、连字符或撇号组成，以字母开头",
    numberRule: "护照号码为5到20位字母或数字",
    chineseRule: "姓名最多10个汉字",
    missingPage: "护照个人资料页照片",
  },
};

resetAppBetweenTests();
beforeAll(() => {
  if (!URL.createObjectURL) URL.createObjectURL = () => "blob:preview";
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
});
afterAll(() => setLanguage("en-US"));

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

for (const locale of ["en-US", "zh-CN"] as const) {
  const text = TEXTS[locale];

  describe(`personal verification with a document type (${locale})`, () => {
    it("checks a passport's name and number by the passport's rules and sends its type", async () => {
      await setLanguage(locale);
      let submitted: unknown = null;
      const server = renderApp(
        "/authent",
        {
          "GET /users/getAuthUserInfoById": () => ({ data: noAuth }),
          "POST /files": ({ query }) => ({
            data: {
              id: `file-${query.get("name")}`,
              name: query.get("name"),
              contentType: "image/jpeg",
              size: 10,
            },
          }),
          "POST /users/submitAuth": ({ body }) => {
            submitted = body;
            return { data: { id: "v-1" } };
          },
        },
        { user: makeUser() },
      );
      await screen.findByTestId("authent-name", {}, WAIT);
      // An ID card first: a Latin-script name is refused by the Chinese-name rule.
      type("authent-name", "Anna Smith");
      expect(await screen.findByText(text.chineseRule, {}, WAIT)).toBeTruthy();

      fireEvent.click(screen.getByTestId("authent-document-passport"));
      expect(await screen.findByText(text.number, {}, WAIT)).toBeTruthy();
      expect(screen.getByText(text.photoPage)).toBeTruthy();
      // The name typed for the ID card is judged again by the passport's rules, and now passes.
      await waitFor(() => expect(screen.queryByText(text.chineseRule)).toBeNull(), WAIT);
      type("authent-name", "张三");
      expect(await screen.findByText(text.latinRule, {}, WAIT)).toBeTruthy();
      type("authent-id-number", "E12");
      expect(await screen.findByText(text.numberRule, {}, WAIT)).toBeTruthy();
      fireEvent.click(screen.getByTestId("authent-submit"));
      expect(await screen.findByText(new RegExp(text.missingPage), {}, WAIT)).toBeTruthy();
      expect(server.calls.some((c) => c.path === "/users/submitAuth")).toBe(false);

      type("authent-name", "Anna-Maria O'Neill");
      type("authent-id-number", "e12345678");
      fireEvent.change(screen.getByTestId("authent-portrait"), {
        target: { files: [new File([jpegBytes() as BlobPart], "photo-page.jpg")] },
      });
      fireEvent.change(screen.getByTestId("authent-emblem"), {
        target: { files: [new File([jpegBytes() as BlobPart], "visa.jpg")] },
      });
      await waitFor(
        () => expect(screen.getAllByTestId(/authent-(portrait|emblem)-file/)).toHaveLength(2),
        WAIT,
      );
      fireEvent.click(screen.getByTestId("authent-submit"));
      await waitFor(() => expect(submitted).not.toBeNull(), WAIT);
      expect(submitted).toEqual({
        documentType: "passport",
        realName: "Anna-Maria O'Neill",
        idNumber: "E12345678",
        portraitFileId: "file-photo-page.jpg",
        emblemFileId: "file-visa.jpg",
      });
    });

    it("shows the reviewer the document type and names the number and pages after it", async () => {
      await setLanguage(locale);
      const detail: VerificationDetail = {
        id: "v-7",
        kind: "personal",
        status: "authing",
        documentType: "passport",
        details: { realName: "Anna-Maria O'Neill", idNumber: "E12345678" },
        files: [{ role: "portrait", id: "f-7", name: "page.pdf", contentType: "application/pdf", size: 10 }],
        remark: null,
        submittedAt: "2026-11-20T02:00:00Z",
        reviewedAt: null,
        userSid: "u-7",
        account: "anna",
        email: null,
        mobile: null,
        orgSid: "org-7",
        orgName: "Acme",
        reviewer: null,
      };
      renderApp(
        "/sys/verifications",
        {
          "GET /ops/verifications": () => ({
            data: {
              list: [
                {
                  id: "v-7",
                  kind: "personal",
                  status: "authing",
                  documentType: "passport",
                  account: "anna",
                  orgName: "Acme",
                  subject: "Anna-Maria O'Neill",
                  submittedAt: "2026-11-20T02:00:00Z",
                  reviewedAt: null,
                },
              ],
              total: 1,
              pageNum: 1,
              pageSize: 20,
            },
          }),
          "GET /ops/verifications/v-7": () => ({ data: detail }),
        },
        {
          user: makeUser({
            account: "ops",
            currentOrg: null,
            permissions: ["BA05"],
            routes: ["/sys/verifications"],
          }),
        },
      );
      const row = await screen.findByTestId("review-row-v-7", {}, WAIT);
      expect(row.textContent).toContain(text.passport);
      fireEvent.click(within(row).getByTestId("review-open-v-7"));
      const type = await screen.findByTestId("review-document-type", {}, WAIT);
      expect(type.textContent).toBe(text.passport);
      const drawer = screen.getByTestId("review-drawer");
      expect(within(drawer).getByText(text.number)).toBeTruthy();
      expect(within(drawer).getByText("E12345678")).toBeTruthy();
      expect(within(drawer).getByText(text.photoPage)).toBeTruthy();
    });
  });
}
