// What every managed service with a login (a cache or message-queue instance) shows after it is
// bought, tested once for each: a password reset asks for step-up, answers a new password once,
// seals it at rest and writes its audit row; another tenant sees none of it and can neither reset
// nor unsubscribe it; a postpaid instance is released and its login removed; a prepaid one refunds
// by the rules into the account it was paid from; a prepaid one frozen when its term ends has its
// login turned off and back on once renewed.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/platform/audit/audit.schema";
import { signedIn, type TestClient } from "./client";
import type { TestApp } from "./harness";
import { answerStepUps } from "./iam";
import { cashOf, idem, y } from "./money";
import { advance, unsubscribe, unsubscribeInquiry, verifiedTenant } from "./orders";

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
type Instance = { status: string; connection: { username: string } | null };
type Row = { passwordSealed: string; droppedAt: Date | null; enabled: boolean };

export type ManagedService = {
  /** Where its pages' calls are: `/api/res/dcs`. */
  base: string;
  auditAction: string;
  /** The code of "not ready" for a password reset. */
  notReadyCode: number;
  app(): TestApp;
  /** The owner (its client is replaced when it signs in again) and an operator who makes tenants. */
  owner(): Tenant;
  operator(): TestClient;
  /** A prepaid and a postpaid instance the owner bought. */
  ids(): { prepaid: string; postpaid: string };
  of(client: TestClient, id: string): Promise<Instance>;
  list(client: TestClient): Promise<{ body: { data: { list: unknown[] } } }>;
  reset(client: TestClient, id: string): Promise<{ username: string; password: string }>;
  row(id: string): Promise<Row>;
  /** Buys another prepaid instance of a larger plan, its month priced `monthly`: its id. */
  buyLarger(): Promise<{ id: string; monthly: string }>;
};

export function defineManagedServiceContract(s: ManagedService): void {
  describe("resetting the password", () => {
    it("asks for step-up first, then answers a new password once, sealed at rest and audited", async () => {
      const { prepaid } = s.ids();
      const owner = s.owner();
      const sealedBefore = (await s.row(prepaid)).passwordSealed;
      const refused = await owner.client.request(`${s.base}/${prepaid}/password`, { method: "POST" });
      expect(refused.status).toBe(406);
      expect((await s.row(prepaid)).passwordSealed).toBe(sealedBefore);

      answerStepUps(s.app(), owner.client, owner.tenant.mobile);
      const first = await s.reset(owner.client, prepaid);
      const second = await s.reset(owner.client, prepaid);
      expect(first.password).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(second.password).not.toBe(first.password);
      expect(second.username).toBe((await s.of(owner.client, prepaid)).connection!.username);
      const row = await s.row(prepaid);
      expect(row.passwordSealed.startsWith("v1:")).toBe(true);
      expect(row.passwordSealed).not.toContain(second.password);
      expect(JSON.stringify(await s.of(owner.client, prepaid))).not.toContain(second.password);
      const audits = await s
        .app()
        .database.db.select()
        .from(auditLogs)
        .where(eq(auditLogs.action, s.auditAction));
      expect(audits.filter((a) => a.orgId === owner.orgId)).toHaveLength(2);
      const text = JSON.stringify(audits, (_, v) => (typeof v === "bigint" ? String(v) : v));
      expect(text).not.toContain(second.password);
    });
  });

  describe("another tenant", () => {
    let other: Tenant;
    // A hook of its own: signing a tenant up takes seconds on a loaded machine.
    beforeAll(async () => {
      other = await verifiedTenant(s.app(), s.operator(), "1000");
    });

    it("sees none of the instances and can neither reset their passwords nor unsubscribe them", async () => {
      const { prepaid } = s.ids();
      answerStepUps(s.app(), other.client, other.tenant.mobile);
      const sealed = (await s.row(prepaid)).passwordSealed;
      expect((await s.list(other.client)).body.data.list).toEqual([]);
      expect([403, 404]).toContain((await other.client.request(`${s.base}/${prepaid}`)).status);
      const reset = await other.client.request(`${s.base}/${prepaid}/password`, { method: "POST" });
      expect([403, 404]).toContain(reset.status);
      expect((await s.row(prepaid)).passwordSealed).toBe(sealed);
      const gone = await other.client.request(`/api/service/unsubscribe/${prepaid}`, {
        method: "POST",
        headers: idem(),
      });
      expect([403, 404]).toContain(gone.status);
      expect((await s.of(s.owner().client, prepaid)).status).toBe("available");
    });
  });

  describe("unsubscribing", () => {
    it("postpaid: releases the instance and removes its login; a reset is refused", async () => {
      const { postpaid } = s.ids();
      const owner = s.owner();
      const res = await unsubscribe(owner.client, postpaid);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await advance(s.app(), 5);
      expect((await s.row(postpaid)).droppedAt).not.toBeNull();
      // A released instance is gone from the tenant's pages.
      expect((await owner.client.request(`${s.base}/${postpaid}`)).status).toBe(404);
      const reset = await owner.client.request(`${s.base}/${postpaid}/password`, { method: "POST" });
      expect(reset.status).not.toBe(200);
    });

    it("prepaid: refunds what the rules give back, into the account it was paid from", async () => {
      const owner = s.owner();
      const { id, monthly } = await s.buyLarger();
      const quote = await unsubscribeInquiry(owner.client, id);
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      const refund = y(quote.body.data.refund);
      expect(refund).toBeGreaterThan(0n);
      expect(refund).toBeLessThanOrEqual(y(monthly));
      const before = await cashOf(s.app().database.db, owner.orgId);
      const res = await unsubscribe(owner.client, id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await advance(s.app(), 5);
      expect(await cashOf(s.app().database.db, owner.orgId)).toBe(before + refund);
      expect((await s.row(id)).droppedAt).not.toBeNull();
    });
  });

  describe("freezing and thawing", () => {
    it("turns the login off when the term ends and back on once renewed", async () => {
      const { prepaid } = s.ids();
      const owner = s.owner();
      expect((await s.row(prepaid)).enabled).toBe(true);
      await advance(s.app(), 32 * 24 * 3600);
      // A month later the session has long expired: the owner signs in again.
      owner.client = answerStepUps(
        s.app(),
        await signedIn(s.app().app, s.app().clock, owner.tenant),
        owner.tenant.mobile,
      );
      expect((await s.of(owner.client, prepaid)).status).toBe("frozen");
      expect((await s.row(prepaid)).enabled).toBe(false);
      const reset = await owner.client.request(`${s.base}/${prepaid}/password`, { method: "POST" });
      expect(reset.body.code).toBe(s.notReadyCode);

      const renewed = await owner.client.request("/api/renew", {
        method: "POST",
        body: { resourceIds: [prepaid], periodMonths: 1, align: false },
        headers: idem(),
      });
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      await advance(s.app(), 1);
      expect((await s.of(owner.client, prepaid)).status).toBe("available");
      expect((await s.row(prepaid)).enabled).toBe(true);
    });
  });
}
