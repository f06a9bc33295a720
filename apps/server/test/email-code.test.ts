import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function lastMailTo(address: string) {
  const [row] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, address))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

describe("e-mail codes under /common", () => {
  it("records the code in the outbox without SMTP and checks it without spending it", async () => {
    const client = new TestClient(t.app, t.clock);
    const sent = await client.request("/api/common/email/send_code", {
      method: "POST",
      body: { email: "Someone@Example.com", purpose: "verify" },
    });
    expect(sent.status).toBe(200);
    // The delivery worker runs after the answer; run its pass so the final state is there to read.
    await t.app.outbox.deliverDue();
    const mail = await lastMailTo("someone@example.com");
    expect(mail?.status).toBe("recorded");
    const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const query = { email: "someone@example.com", code: code!, purpose: "verify" };
    const ok = await client.request<{ valid: boolean }>("/api/common/email/check_code", { query });
    expect(ok.body.data.valid).toBe(true);
    const again = await client.request<{ valid: boolean }>("/api/common/email/check_code", { query });
    expect(again.body.data.valid).toBe(true);
    const wrong = await client.request<{ valid: boolean }>("/api/common/email/check_code", {
      query: { ...query, code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.body.data.valid).toBe(false);
  });

  it("refuses a resend within 59 seconds and a bad address", async () => {
    const client = new TestClient(t.app, t.clock);
    const body = { email: "twice@example.com", purpose: "verify" };
    expect((await client.request("/api/common/email/send_code", { method: "POST", body })).status).toBe(200);
    const soon = await client.request("/api/common/email/send_code", { method: "POST", body });
    expect(soon.body.code).toBe(20011);
    t.clock.advance(59_000);
    expect((await client.request("/api/common/email/send_code", { method: "POST", body })).status).toBe(200);
    const bad = await client.request("/api/common/email/send_code", {
      method: "POST",
      body: { email: "not-an-address", purpose: "verify" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The e-mail format is invalid");
  });

  it("is refused when e-mail is switched off", async () => {
    const admin = new TestClient(t.app, t.clock);
    await admin.login("admin", "Admin@2026");
    await admin.request("/api/configs", {
      method: "PUT",
      body: { entries: [{ configKey: "email.enable", configValue: "false" }] },
    });
    const client = new TestClient(t.app, t.clock);
    const res = await client.request("/api/common/email/send_code", {
      method: "POST",
      body: { email: "off@example.com", purpose: "verify" },
      locale: "zh-CN",
    });
    expect(res.body.code).toBe(20005);
    expect(res.body.message).toBe("管理员未配置邮箱，无法使用邮件重置");
    expect(await lastMailTo("off@example.com")).toBeUndefined();
  });
});
