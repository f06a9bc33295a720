// Multi-step flows the integration tests share: reading codes from the outbox, signing up a fresh
// tenant, counting rows, and finding a demo user's id.
import { and, count, desc, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { users } from "../../src/modules/iam/iam.schema";
import { outboxMessages } from "../../src/platform/outbox/outbox.schema";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";

let serial = 0;

/** A value unique within this test process (phones, accounts and e-mails must not collide). */
export function unique(): string {
  serial += 1;
  return `${process.pid % 10_000}`.padStart(4, "0") + String(serial).padStart(4, "0");
}

/** A phone number of spec §5 (11 digits, 13–19 prefix) that no other test of this file uses. */
export const uniquePhone = (): string => `139${unique()}`;

/** The 6-digit code of the latest SMS of `purpose` sent to `phone` (SMS codes are only in the outbox). */
export async function smsCodeFor(
  t: TestApp,
  phone: string,
  purpose: "register" | "reset" | "stepup" | "verify" | "bind",
): Promise<string> {
  const [row] = await t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.purpose, `code:${purpose}`)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`no ${purpose} code was sent to ${phone}`);
  return code;
}

export async function countRows(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

export async function userIdOf(t: TestApp, account: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
  if (!row) throw new Error(`no user ${account}`);
  return row.id;
}

export type NewTenant = {
  account: string;
  password: string;
  email: string;
  mobile: string;
  companyName: string;
  userSid: string;
};

/** A valid sign-up form; tests override one field at a time to see it refused. */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    account: `t${id}`,
    companyName: `Acme Compute ${id}`,
    email: `owner${id}@acme.example`,
    mobile: uniquePhone(),
    smsCode: "000000",
    industry: "ai",
    applicationScenario: "model_training",
    personnelSize: "21-100",
    invitationCode: "SKY-DEMO-2026",
    address: "Shanghai Pudong",
    password: "Acme@2026x",
    confirmPassword: "Acme@2026x",
    agreement: true,
    ...overrides,
  };
}

/** Full sign-up through the API: send the SMS code, read it from the outbox, register. */
export async function registerTenant(
  t: TestApp,
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<NewTenant> {
  const form = registrationForm(overrides);
  const sent = await client.request("/api/common/sms/send_code", {
    method: "POST",
    body: { phone: form.mobile, purpose: "register" },
  });
  if (sent.status !== 200) throw new Error(`send_code failed: ${JSON.stringify(sent.body)}`);
  form.smsCode = await smsCodeFor(t, form.mobile, "register");
  const res = await client.request<{ userSid: string }>("/api/users/register", {
    method: "POST",
    body: form,
  });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return {
    account: form.account,
    password: form.password,
    email: form.email,
    mobile: form.mobile,
    companyName: form.companyName,
    userSid: res.body.data.userSid,
  };
}
