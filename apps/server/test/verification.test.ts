import type { AuthInfo, VerificationDetail, VerificationRecord, VerificationRow } from "@skyledger/contracts";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, oleBytes, pdfBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { users } from "../src/modules/iam/iam.schema";
import { assertVerified } from "../src/modules/verification/verification.gate";
import { verifications } from "../src/modules/verification/verification.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, type NewTenant, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { uploaded } from "./support/uploads";

const ID_NUMBER = "11010519491231002X";
const BAD_CHECK_DIGIT = "110105194912310021";
const CREDIT_CODE = "91350100M000100Y43";
const DEMO_ORG_ID = "00000000-0000-4000-8000-000000000001";

let t: TestApp;
let operator: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

async function newTenant(): Promise<{ client: TestClient; tenant: NewTenant; orgId: string }> {
  const client = new TestClient(t.app, t.clock);
  const tenant = await registerTenant(t, client);
  await client.login(tenant.account, tenant.password);
  const [row] = await t.database.db.select().from(users).where(eq(users.id, tenant.userSid));
  return { client, tenant, orgId: row!.orgId! };
}

async function idPhotos(client: TestClient) {
  return {
    portraitFileId: await uploaded(client, "idPhoto", "portrait.jpg", jpegBytes()),
    emblemFileId: await uploaded(client, "idPhoto", "emblem.png", pngBytes()),
  };
}

const info = async (client: TestClient) =>
  (await client.request<AuthInfo>("/api/users/getAuthUserInfoById")).body.data;

const submitPersonal = (client: TestClient, body: Record<string, unknown>) =>
  client.request<VerificationRecord>("/api/users/submitAuth", { method: "POST", body });

const decide = (id: string, approved: boolean, remark = "") =>
  operator.request("/api/ops/users/approve", { method: "POST", body: { id, approved, remark } });

async function companyForm(client: TestClient, overrides: Record<string, unknown> = {}) {
  return {
    certificateType: "businessLicense",
    companyName: "星河计算（上海）有限公司",
    licenseNumber: CREDIT_CODE,
    legalPerson: "王五",
    legalPersonIdNumber: ID_NUMBER,
    contactPerson: "Zhao Liu",
    contactPhone: "13912345678",
    licenseFileId: await uploaded(client, "verificationAttachment", "licence.pdf", pdfBytes()),
    attorneyFileIds: [await uploaded(client, "verificationAttachment", "attorney.doc", oleBytes())],
    ...overrides,
  };
}

describe("personal verification lifecycle", () => {
  it("goes noAuth → authing → authFiled (remark visible) → resubmit → authSucceed", async () => {
    const { client, tenant, orgId } = await newTenant();
    const start = await info(client);
    const submissionsBefore = await countRows(t, verifications);
    expect(start).toMatchObject({ certificationStatus: "noAuth", canSubmit: true, latest: null });

    const photos = await idPhotos(client);
    const missing = await submitPersonal(client, {
      realName: "张三",
      idNumber: ID_NUMBER,
      ...photos,
      emblemFileId: null,
    });
    expect(missing.body.code).toBe(24003);
    expect(missing.body.message).toContain("national-emblem side");
    const sameTwice = await submitPersonal(client, {
      realName: "张三",
      idNumber: ID_NUMBER,
      ...photos,
      emblemFileId: photos.portraitFileId,
    });
    expect(sameTwice.body.code).toBe(24003);
    const noPortrait = await submitPersonal(client, {
      realName: "张三",
      idNumber: ID_NUMBER,
      emblemFileId: photos.emblemFileId,
    });
    expect(noPortrait.body.message).toContain("portrait side");
    const badId = await submitPersonal(client, { realName: "张三", idNumber: BAD_CHECK_DIGIT, ...photos });
    expect(badId.body.code).toBe(24005);
    const badName = await submitPersonal(client, { realName: "Zhang San", idNumber: ID_NUMBER, ...photos });
    expect(badName.status).toBe(400);
    expect(badName.body.code).toBe(400);
    // An attachment is not an ID photo.
    const pdfId = await uploaded(client, "verificationAttachment", "scan.pdf", pdfBytes());
    expect(
      (
        await submitPersonal(client, {
          realName: "张三",
          idNumber: ID_NUMBER,
          ...photos,
          emblemFileId: pdfId,
        })
      ).body.code,
    ).toBe(24001);
    expect(await countRows(t, verifications)).toBe(submissionsBefore);
    expect((await info(client)).certificationStatus).toBe("noAuth");

    const first = await submitPersonal(client, {
      realName: "张三",
      idNumber: ID_NUMBER.toLowerCase(),
      ...photos,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: "personal", status: "authing" });
    expect(first.body.data.details.idNumber).toBe("110105********002X");
    expect(first.body.data.files.map((f) => f.role)).toEqual(["portrait", "emblem"]);

    const pending = await info(client);
    expect(pending).toMatchObject({ certificationStatus: "authing", type: "personal", canSubmit: false });
    expect(pending.latest?.id).toBe(first.body.data.id);
    expect(
      (await client.request<{ certificationStatus: string }>("/api/users/token")).body.data
        .certificationStatus,
    ).toBe("authing");
    const again = await submitPersonal(client, { realName: "张三", idNumber: ID_NUMBER, ...photos });
    expect(again.body.code).toBe(24006);
    expect(again.body.message).toContain("1 to 2 days");

    // The operator sees it in the queue, with the whole ID number and the photos.
    const queue = await operator.request<{ list: VerificationRow[]; total: number }>(
      "/api/ops/verifications",
      {
        query: { status: "authing", keyword: tenant.account },
      },
    );
    expect(queue.body.data.list.map((r) => r.id)).toEqual([first.body.data.id]);
    expect(queue.body.data.list[0]).toMatchObject({ subject: "张三", account: tenant.account });
    const detail = await operator.request<VerificationDetail>(`/api/ops/verifications/${first.body.data.id}`);
    expect(detail.body.data.details.idNumber).toBe(ID_NUMBER);
    expect(detail.body.data.files.map((f) => f.id)).toEqual([photos.portraitFileId, photos.emblemFileId]);

    const noRemark = await decide(first.body.data.id, false, "  ");
    expect(noRemark.body.code).toBe(24010);
    expect((await info(client)).certificationStatus).toBe("authing");
    expect((await decide(first.body.data.id, false, "人像面照片模糊")).status).toBe(200);

    const failed = await info(client);
    expect(failed).toMatchObject({
      certificationStatus: "authFiled",
      remark: "人像面照片模糊",
      canSubmit: true,
    });
    expect(failed.latest).toMatchObject({ status: "authFiled", remark: "人像面照片模糊" });
    const token = await client.request<{ certificationStatus: string; remark: string }>("/api/users/token");
    expect(token.body.data).toMatchObject({ certificationStatus: "authFiled", remark: "人像面照片模糊" });
    const [rejectedMail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, tenant.email), eq(outboxMessages.purpose, "verification.rejected")),
      );
    expect(rejectedMail?.channel).toBe("email");
    expect(rejectedMail?.body).toContain("人像面照片模糊");
    const [rejectedSms] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, tenant.mobile), eq(outboxMessages.purpose, "verification.rejected")),
      );
    expect(rejectedSms?.channel).toBe("sms");

    const second = await submitPersonal(client, {
      realName: "张三",
      idNumber: ID_NUMBER,
      ...(await idPhotos(client)),
    });
    expect(second.status).toBe(200);
    expect((await info(client)).remark).toBeNull();
    expect((await decide(second.body.data.id, true)).status).toBe(200);
    expect(await info(client)).toMatchObject({ certificationStatus: "authSucceed", canSubmit: false });
    const [verifiedUser] = await t.database.db.select().from(users).where(eq(users.id, tenant.userSid));
    expect(verifiedUser?.realName).toBe("张三");
    expect((await decide(second.body.data.id, true)).body.code).toBe(24008);
    expect((await decide(first.body.data.id, true)).body.code).toBe(24008);
    expect(
      (await submitPersonal(client, { realName: "张三", idNumber: ID_NUMBER, ...photos })).body.code,
    ).toBe(24007);

    // Both submissions are kept, each with its own decision.
    const history = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.orgId, orgId))
      .orderBy(asc(verifications.submittedAt));
    expect(history.map((v) => v.status)).toEqual(["authFiled", "authSucceed"]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), like(auditLogs.action, "verification.%")))
      .orderBy(asc(auditLogs.id));
    expect(audit.map((a) => a.action)).toEqual([
      "verification.submitted",
      "verification.rejected",
      "verification.submitted",
      "verification.approved",
    ]);
    expect(audit[1]?.target).toBe(first.body.data.id);
    const [approvedMail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, tenant.email), eq(outboxMessages.purpose, "verification.approved")),
      );
    expect(approvedMail?.subject).toContain("Verification approved");
  });

  it("lets only one of two simultaneous decisions win", async () => {
    const { client } = await newTenant();
    const submitted = await submitPersonal(client, {
      realName: "李四",
      idNumber: ID_NUMBER,
      ...(await idPhotos(client)),
    });
    const second = await signedIn(t.app, t.clock, DEMO.admin);
    const answers = await Promise.all([
      decide(submitted.body.data.id, true),
      second.request("/api/ops/users/approve", {
        method: "POST",
        body: { id: submitted.body.data.id, approved: false, remark: "重复" },
      }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 24008]);
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, submitted.body.data.id));
    const [user] = await t.database.db.select().from(users).where(eq(users.id, row!.userId));
    expect(user?.certificationStatus).toBe(row?.status);
  });
});

describe("enterprise verification", () => {
  it("checks the licence, the credit code, the attachments and their count, then opens a review", async () => {
    const { client } = await newTenant();
    const tooMany = [];
    for (let i = 0; i < 6; i++)
      tooMany.push(await uploaded(client, "verificationAttachment", `a${i}.pdf`, pdfBytes()));
    const submit = async (overrides: Record<string, unknown>) =>
      client.request<VerificationRecord>("/api/users/companyAuth", {
        method: "POST",
        body: await companyForm(client, overrides),
      });
    expect((await submit({ attorneyFileIds: tooMany })).body.code).toBe(24004);
    expect((await submit({ attorneyFileIds: [] })).body.code).toBe(24003);
    expect((await submit({ licenseFileId: "" })).body.message).toContain("business licence");
    expect((await submit({ licenseNumber: "91350100M000100Y44" })).body.code).toBe(24011);
    expect((await submit({ legalPersonIdNumber: BAD_CHECK_DIGIT })).body.code).toBe(24005);
    expect((await submit({ certificateType: "passport" })).status).toBe(400);
    const photo = await uploaded(client, "idPhoto", "photo.png", pngBytes());
    expect((await submit({ licenseFileId: photo })).body.code).toBe(24001);
    expect((await info(client)).certificationStatus).toBe("noAuth");

    const ok = await submit({ attorneyFileIds: tooMany.slice(0, 5) });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ kind: "company", status: "authing" });
    expect(ok.body.data.details).toMatchObject({
      licenseNumber: CREDIT_CODE,
      legalPersonIdNumber: "110105********002X",
    });
    expect(ok.body.data.files.filter((f) => f.role === "attorney")).toHaveLength(5);
    const read = await client.request<VerificationRecord>(
      `/api/users/getAuthCompanyInfoById/${ok.body.data.id}`,
    );
    expect(read.body.data.details.companyName).toBe("星河计算（上海）有限公司");
    expect((await info(client)).type).toBe("company");
    const queue = await operator.request<{ list: VerificationRow[] }>("/api/ops/verifications", {
      query: { kind: "company", keyword: "星河计算" },
    });
    expect(queue.body.data.list.map((r) => r.id)).toContain(ok.body.data.id);
  });
});

describe("who may submit, read and decide", () => {
  it("refuses sub-users, platform accounts and tenants on the operators' endpoints", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await submitPersonal(reader, { realName: "李四", idNumber: ID_NUMBER })).body.code).toBe(24009);
    expect((await submitPersonal(operator, { realName: "李四", idNumber: ID_NUMBER })).status).toBe(403);
    const { client } = await newTenant();
    expect((await client.request("/api/ops/verifications")).status).toBe(403);
    const submitted = await submitPersonal(client, {
      realName: "赵六",
      idNumber: ID_NUMBER,
      ...(await idPhotos(client)),
    });
    expect((await client.request(`/api/ops/verifications/${submitted.body.data.id}`)).status).toBe(403);
    const self = await client.request("/api/ops/users/approve", {
      method: "POST",
      body: { id: submitted.body.data.id, approved: true, remark: "" },
    });
    expect(self.status).toBe(403);
    expect((await info(client)).certificationStatus).toBe("authing");
  });

  it("keeps another tenant away from the submission and its files, and changes nothing", async () => {
    const owner = await newTenant();
    const photos = await idPhotos(owner.client);
    const submitted = await submitPersonal(owner.client, {
      realName: "钱七",
      idNumber: ID_NUMBER,
      ...photos,
    });
    const other = await newTenant();
    const id = submitted.body.data.id;
    expect((await other.client.request(`/api/users/getAuthCompanyInfoById/${id}`)).status).toBe(404);
    expect((await other.client.raw(`/api/files/${photos.portraitFileId}`)).statusCode).toBe(404);
    expect((await info(other.client)).latest).toBeNull();
    // Someone else's uploads cannot be submitted as one's own documents.
    const borrowed = await submitPersonal(other.client, { realName: "孙八", idNumber: ID_NUMBER, ...photos });
    expect(borrowed.status).toBe(404);
    expect((await info(other.client)).certificationStatus).toBe("noAuth");
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row?.status).toBe("authing");
  });
});

describe("sub-users and the verification gate", () => {
  it("counts sub-users of a verified tenant as verified", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const token = await reader.request<{ certificationStatus: string }>("/api/users/token");
    expect(token.body.data.certificationStatus).toBe("authSucceed");
    expect(await info(reader)).toMatchObject({ certificationStatus: "authSucceed", canSubmit: false });
    await expect(assertVerified(t.database.db, { orgId: DEMO_ORG_ID })).resolves.toBeUndefined();
  });

  it("refuses an unverified organisation with NOT_VERIFIED and lets it through once approved", async () => {
    const { client, orgId } = await newTenant();
    await expect(assertVerified(t.database.db, { orgId })).rejects.toMatchObject({ key: "NOT_VERIFIED" });
    await expect(assertVerified(t.database.db, { orgId: null })).rejects.toMatchObject({
      key: "NOT_VERIFIED",
    });
    const submitted = await submitPersonal(client, {
      realName: "周九",
      idNumber: ID_NUMBER,
      ...(await idPhotos(client)),
    });
    await expect(assertVerified(t.database.db, { orgId })).rejects.toMatchObject({ key: "NOT_VERIFIED" });
    await decide(submitted.body.data.id, true);
    await expect(assertVerified(t.database.db, { orgId })).resolves.toBeUndefined();
  });
});
