// Issue 13 §4: the demo shows the product. Right after a fresh start the README's journeys can be
// tried: a product with a one-level and one with a two-level approval flow (the second level given
// by the demo's second administrator), listed discount and resource package offers on the public
// package page, and the simulator's fault switches on an operator page of their own. Seeding again
// changes nothing, and never brings back what an operator changed.
import type { CurrentUser, MenuItem, OrderDetail, PackageOffer, Product } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../src/seed";
import { type TestClient as Client, DEMO, signedIn, TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let admin: Client;
let approver: Client;

const APPROVER = { account: "approver", password: "Approver@2026" };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  approver = await signedIn(t.app, t.clock, APPROVER);
});
afterAll(() => t.close());

const onSale = async (client: Client, locale?: "zh-CN") =>
  (
    await client.request<{ list: Product[] }>("/api/billing/products", {
      query: { pageSize: 200 },
      ...(locale ? { locale } : {}),
    })
  ).body.data.list;

const publicOffers = async () =>
  (
    await new TestClient(t.app, t.clock).request<{ list: PackageOffer[] }>("/api/bag/offers/nonAuth", {
      query: { pageSize: 100 },
    })
  ).body.data.list;

const decide = (client: Client, id: string, locale?: "zh-CN") =>
  client.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision: "approve" },
    ...(locale ? { locale } : {}),
  });

describe("the demo catalogue", () => {
  it("lists a product of each approval flow, named in both languages", async () => {
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    const products = await onSale(tenant);
    const flows = Object.fromEntries(products.map((p) => [p.code, p.approvalFlow]));
    expect(flows).toMatchObject({
      "ecs-standard": "none",
      "gpu-a100": "oneLevel",
      "gpu-a100x4": "twoLevels",
    });
    const oneLevel = products.find((p) => p.code === "gpu-a100")!;
    expect(oneLevel).toMatchObject({
      nameZh: "GPU云主机（一级审批）",
      nameEn: "GPU cloud host (one-level approval)",
    });
  });

  it("holds a one-level order for the operator, then provisions it", async () => {
    const { client } = await verifiedTenant(t, admin, "20000");
    const placed = await apply(
      client,
      applyBody("gpu-a100", { spec: { flavorId: "g8m64-a100", imageId: "ubuntu-22.04-cuda" } }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({
      status: "approving",
      approvalFlow: "oneLevel",
      amount: "5800.00000",
    });
    const approved = await decide(admin, placed.body.data.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).not.toBe("approving");
  });

  it("needs a second administrator for the two-level product's final word, in both languages", async () => {
    const { client } = await verifiedTenant(t, admin, "30000");
    const placed = await apply(
      client,
      applyBody("gpu-a100x4", { spec: { flavorId: "g32m256-a100x4", imageId: "ubuntu-22.04-cuda" } }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.data.id;
    const first = await decide(admin, id);
    expect(first.body.data).toMatchObject({ status: "approving", approvalLevel: "lev1_passed" });
    const again = await decide(admin, id);
    expect(again.status).toBe(400);
    const againZh = await decide(admin, id, "zh-CN");
    expect(againZh.body.code).toBe(again.body.code);
    expect(againZh.body.message).not.toBe(again.body.message);
    const final = await decide(approver, id);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.data.approvalLevel).toBe("audited");
  });
});

describe("the demo package offers", () => {
  it("shows a discount and resource packages to anyone on the public package page", async () => {
    const offers = await publicOffers();
    const byCode = Object.fromEntries(offers.map((o) => [o.code, o]));
    expect(byCode["demo-compute-discount"]).toMatchObject({
      kind: "discount",
      discount: "0.80",
      productCodes: ["ecs-standard", "evs-disk"],
      listingState: "listed",
      nameZh: "算力折扣包（云主机与云硬盘8折）",
      nameEn: "Compute discount package (20 % off hosts and disks)",
    });
    expect(byCode["demo-host-hours"]).toMatchObject({
      kind: "resource",
      productCode: "ecs-standard",
      unitHours: 720,
    });
    expect(byCode["demo-ssd-hours"]).toMatchObject({
      kind: "resource",
      dimension: "diskType:ssd",
      unitHours: 72_000,
    });
  });

  it("are seeded once: seeding again adds nothing and leaves an operator's change", async () => {
    const offers = await admin.request<{ list: PackageOffer[] }>("/api/ops/bag/offers", {
      query: { pageSize: 100 },
    });
    const discount = offers.body.data.list.find((o) => o.code === "demo-compute-discount")!;
    const delisted = await admin.request(`/api/ops/bag/offers/${discount.id}/listing`, {
      method: "PUT",
      body: { listingState: "delisted" },
    });
    expect(delisted.status).toBe(200);
    await seed(t.database.db, t.clock, { sessionTtlMinutes: 60, demo: true });
    const after = await admin.request<{ list: PackageOffer[]; total: number }>("/api/ops/bag/offers", {
      query: { pageSize: 100 },
    });
    expect(after.body.data.total).toBe(offers.body.data.list.length);
    expect(after.body.data.list.find((o) => o.code === "demo-compute-discount")!.listingState).toBe(
      "delisted",
    );
    expect((await publicOffers()).map((o) => o.code)).not.toContain("demo-compute-discount");
  });
});

describe("the simulator page", () => {
  it("is an operations entry of its own for order approvers, beside (not inside) order approval", async () => {
    for (const client of [admin, approver]) {
      const me = (await client.request<CurrentUser>("/api/users/token")).body.data;
      expect(me.routes).toContain("/sys/simulator");
      const operations = me.menus.find((m) => m.key === "operations")!;
      const children = operations.children as MenuItem[];
      const paths = children.map((c) => c.path);
      expect(paths.indexOf("/sys/simulator")).toBe(paths.indexOf("/sys/approvals") + 1);
      expect(children.find((c) => c.path === "/sys/simulator")!.labelKey).toBe("menu.simulator");
    }
    const tenant = (
      await (await signedIn(t.app, t.clock, DEMO.tenant)).request<CurrentUser>("/api/users/token")
    ).body.data;
    expect(tenant.routes).not.toContain("/sys/simulator");
  });
});
