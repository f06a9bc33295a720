// Issue 13 §7: personal verification accepts names as the spec says — a Chinese name of at most 10
// characters on a resident ID card — and, as a second document type, a foreign national's passport:
// a Latin-script name (letters, spaces, dots, hyphens, apostrophes; 2 to 64 characters) and a number
// of 5 to 20 letters and digits instead of the 18-digit ID rule. The document type is stored with
// the submission (ID card when a client does not say, as every earlier submission was) and shown to
// the reviewer. Refusals in both languages.
import type { VerificationDetail, VerificationRecord, VerificationRow } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { users } from "../src/modules/iam/iam.schema";
import { verifications } from "../src/modules/verification/verification.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { uploaded } from "./support/uploads";

const ID_NUMBER = "11010519491231002X";

let t: TestApp;
let operator: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

async function newTenant() {
  const client = new TestClient(t.app, t.clock);
  const tenant = await registerTenant(t, client);
  await client.login(tenant.account, tenant.password);
  const photos = {
    portraitFileId: await uploaded(client, "idPhoto", "page-1.jpg", jpegBytes()),
    emblemFileId: await uploaded(client, "idPhoto", "page-2.png", pngBytes()),
  };
  return { client, userId: tenant.userSid, photos };
}

const submit = (client: TestClient, body: Record<string, unknown>, locale?: "zh-CN" | "en-US") =>
  client.request<VerificationRecord>("/api/users/submitAuth", {
    method: "POST",
    body,
    ...(locale ? { locale } : {}),
  });

type Refusal = { fields: { path: string; message: string }[] };

/** The refusal's message for one field, in the language asked. */
async function fieldMessage(
  client: TestClient,
  body: Record<string, unknown>,
  field: string,
  locale: "zh-CN" | "en-US",
): Promise<string | undefined> {
  const res = await submit(client, body, locale);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.data as unknown as Refusal).fields.find((f) => f.path === field)?.message;
}

describe("a passport for a foreign national", () => {
  it("is accepted with a Latin-script name and a passport number, stored and shown as a passport", async () => {
    const { client, userId, photos } = await newTenant();
    const res = await submit(client, {
      documentType: "passport",
      realName: "  Anna-Maria O'Neill Jr.  ",
      idNumber: "e1234567",
      ...photos,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The tenant reads its own number masked: the last three characters only.
    expect(res.body.data).toMatchObject({
      documentType: "passport",
      details: { realName: "Anna-Maria O'Neill Jr.", idNumber: "*****567" },
    });
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, res.body.data.id));
    expect(row).toMatchObject({ documentType: "passport", details: { idNumber: "E1234567" } });

    const queue = await operator.request<{ list: VerificationRow[] }>("/api/ops/verifications", {
      query: { status: "authing", pageSize: 200 },
    });
    expect(queue.body.data.list.find((r) => r.id === res.body.data.id)).toMatchObject({
      documentType: "passport",
      subject: "Anna-Maria O'Neill Jr.",
    });
    const detail = await operator.request<VerificationDetail>(`/api/ops/verifications/${res.body.data.id}`);
    expect(detail.body.data).toMatchObject({ documentType: "passport", details: { idNumber: "E1234567" } });

    const approved = await operator.request("/api/ops/users/approve", {
      method: "POST",
      body: { id: res.body.data.id, approved: true, remark: "" },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ certificationStatus: "authSucceed", realName: "Anna-Maria O'Neill Jr." });
  });

  it("accepts accented Latin letters and refuses Chinese characters, digits and a lone letter", async () => {
    const { client, photos } = await newTenant();
    const base = { documentType: "passport", idNumber: "P1234567", ...photos };
    for (const realName of ["张三", "John Smith 3", "J", "-John", "John@Smith", "A".repeat(65)]) {
      expect(await fieldMessage(client, { ...base, realName }, "realName", "en-US"), realName).toBe(
        "The passport name has 2 to 64 Latin letters, spaces, dots, hyphens or apostrophes, starting with a letter",
      );
    }
    expect(await fieldMessage(client, { ...base, realName: "张三" }, "realName", "zh-CN")).toBe(
      "护照姓名为2到64个字符，由拉丁字母、空格、点、连字符或撇号组成，以字母开头",
    );
    const accented = await submit(client, { ...base, realName: "José Müller-Łukasz" });
    expect(accented.status, JSON.stringify(accented.body)).toBe(200);
  });

  it("follows passport rules for the number, not the ID card's", async () => {
    const { client, photos } = await newTenant();
    const base = { documentType: "passport", realName: "John Smith", ...photos };
    for (const idNumber of ["E123", "E1234-567", "E".repeat(21), "护照12345"]) {
      expect(await fieldMessage(client, { ...base, idNumber }, "idNumber", "en-US"), idNumber).toBe(
        "The passport number has 5 to 20 letters or digits",
      );
    }
    expect(await fieldMessage(client, { ...base, idNumber: "E123" }, "idNumber", "zh-CN")).toBe(
      "护照号码为5到20位字母或数字",
    );
    // A passport number has no check digit: "110105194912310021" would be a bad ID card, not a bad passport.
    const ok = await submit(client, { ...base, idNumber: "110105194912310021" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("asks for the passport's pages by their names", async () => {
    const { client, photos } = await newTenant();
    const body = { documentType: "passport", realName: "John Smith", idNumber: "P1234567", ...photos };
    const en = await submit(client, { ...body, portraitFileId: null });
    expect(en.body.message).toContain("the passport's photo page");
    const zh = await submit(client, { ...body, emblemFileId: null }, "zh-CN");
    expect(zh.body.message).toContain("签证或居留许可页照片");
  });
});

describe("a resident ID card", () => {
  it("is what a submission without a document type is, as every earlier one was", async () => {
    const { client, photos } = await newTenant();
    const res = await submit(client, { realName: "张三", idNumber: ID_NUMBER, ...photos });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.documentType).toBe("idCard");
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, res.body.data.id));
    expect(row!.documentType).toBe("idCard");
  });

  it("takes a Chinese name of up to 10 characters, rare characters and a middle dot included", async () => {
    for (const realName of ["阿卜杜热合曼·买买提", "刘䶮", "欧阳娜娜"]) {
      const { client, photos } = await newTenant();
      const res = await submit(client, { documentType: "idCard", realName, idNumber: ID_NUMBER, ...photos });
      expect(res.status, `${realName} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("refuses a Latin-script name, more than 10 characters and stray dots, in both languages", async () => {
    const { client, photos } = await newTenant();
    const base = { documentType: "idCard", idNumber: ID_NUMBER, ...photos };
    for (const realName of ["John Smith", "阿卜杜热合曼·买买提江", "·张三", "张三·", "张··三"]) {
      expect(await fieldMessage(client, { ...base, realName }, "realName", "en-US"), realName).toBe(
        "The name has at most 10 Chinese characters",
      );
    }
    expect(await fieldMessage(client, { ...base, realName: "John Smith" }, "realName", "zh-CN")).toBe(
      "姓名最多10个汉字",
    );
    // The ID card's number keeps its check digit.
    const bad = await submit(client, { ...base, realName: "张三", idNumber: "110105194912310021" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ID/);
  });
});
