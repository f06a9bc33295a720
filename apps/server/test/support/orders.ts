// Helpers of the ordering tests: a priced host product with a chosen approval flow and manual
// activation or not, a verified tenant with money, and the lifecycle step run after moving the clock.
import type { OrderDetail, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq, like } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../src/modules/iam/iam.schema";
import { outboxMessages } from "../../src/platform/outbox/outbox.schema";
import { signedIn, type TestClient } from "./client";
import { registerTenant, unique } from "./flows";
import type { TestApp } from "./harness";
import { orgIdOf } from "./iam";
import { fundCash, idem, y } from "./money";

export async function hostProduct(
  operator: TestClient,
  opts: {
    approvalFlow?: "none" | "oneLevel" | "twoLevels";
    manualActivation?: boolean;
    provider?: "simulator" | "thirdParty";
    monthly?: string;
    discount?: string;
  } = {},
): Promise<string> {
  const cats = await operator.request<{ list: { id: string; code: string }[] }>(
    "/api/ops/catalog/categories",
    {
      query: { pageSize: 100 },
    },
  );
  const code = `host-${unique()}`;
  const made = await operator.request<{ id: string }>("/api/ops/catalog/products", {
    method: "POST",
    body: {
      code,
      nameZh: "测试云主机",
      nameEn: "Test host",
      categoryId: cats.body.data.list.find((c) => c.code === "cloud-host")!.id,
      spec: {
        kind: "host",
        flavors: [
          { id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0 },
          { id: "c4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8, gpuCount: 0 },
        ],
        images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
        systemDiskGb: 50,
      },
      prepaidPeriods: [1, 3, 6, 12],
      postpaid: true,
      approvalFlow: opts.approvalFlow ?? "none",
      manualActivation: opts.manualActivation ?? false,
      provider: opts.provider ?? "simulator",
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.data.id;
  const priced = await operator.request(`/api/ops/catalog/products/${id}/pricing`, {
    method: "POST",
    body: {
      rows: [
        {
          dimension: "flavor:c2m4",
          model: "unit",
          unitPrice: opts.monthly ?? "310",
          ...(opts.discount ? { discount: opts.discount } : {}),
        },
        { dimension: "flavor:c4m8", model: "unit", unitPrice: "620" },
      ],
    },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const listed = await operator.request(`/api/ops/catalog/products/${id}/listing`, {
    method: "PUT",
    body: { listingState: "listed" },
  });
  expect(listed.status).toBe(200);
  return code;
}

/** A new tenant, verified (as an approved review leaves it), with `cash` yuan. */
export async function verifiedTenant(t: TestApp, operator: TestClient, cash = "1000") {
  const tenant = await registerTenant(t, operator);
  await t.database.db
    .update(users)
    .set({ certificationStatus: "authSucceed" })
    .where(eq(users.id, tenant.userSid));
  const orgId = await orgIdOf(t, tenant.userSid);
  if (y(cash) > 0n) await fundCash(t.database.db, orgId, y(cash), t.clock.now());
  const client = await signedIn(t.app, t.clock, tenant);
  return { tenant, orgId, client };
}

export function applyBody(productCode: string, overrides: Record<string, unknown> = {}) {
  return {
    productCode,
    spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
    name: `web-${unique().slice(-6)}`,
    quantity: 1,
    paymentType: "prepaid",
    periodMonths: 1,
    ...overrides,
  };
}

export async function apply(client: TestClient, body: Record<string, unknown>, key?: string) {
  return client.request<OrderDetail>("/api/service/apply", { method: "POST", body, headers: idem(key) });
}

/** Lets background provisioning finish, moves the clock and runs the lifecycle step. */
export async function advance(t: TestApp, seconds: number): Promise<void> {
  await t.app.services.idle();
  t.clock.advance(seconds * 1000);
  await t.app.services.tick();
  await t.app.services.idle();
}

/**
 * Issues one coupon to an organisation, valid from an hour ago for `days` days: ten yuan off
 * unless `body` says otherwise. Its id.
 */
export async function issueCoupon(
  t: TestApp,
  operator: TestClient,
  orgId: string,
  body: Record<string, unknown> = {},
  days = 30,
): Promise<string> {
  const now = t.clock.now().getTime();
  const issued = await operator.request<{ id: string }[]>("/api/ops/coupons", {
    method: "POST",
    body: {
      name: "Ten off",
      benefitKind: "value",
      value: "10",
      count: 1,
      orgId,
      validFrom: new Date(now - 3_600_000).toISOString(),
      validUntil: new Date(now + days * 86_400_000).toISOString(),
      ...body,
    },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.data[0]!.id;
}

/** The e-mails of one purpose that name an order. */
export const mailsAbout = (t: TestApp, purpose: string, orderNo: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.purpose, purpose),
        eq(outboxMessages.channel, "email"),
        like(outboxMessages.body, `%${orderNo}%`),
      ),
    );

/** The unsubscribe quote of a resource (spec §8's blockers included), in `lang`. */
export const unsubscribeInquiry = (client: TestClient, id: string, lang = "en-US") =>
  client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`, {
    headers: { "accept-language": lang },
  });

/** Unsubscribes a resource, once per call (a fresh Idempotency-Key), in `lang`. */
export const unsubscribe = (client: TestClient, id: string, lang = "en-US") =>
  client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, {
    method: "POST",
    headers: { ...idem(), "accept-language": lang },
  });
