// Contracts (issue 17 item 2, decision 0029, docs/billing/contracts.md): an operator holding BI
// creates a tenant's contract with its signed PDF; while it is in execution its discount is its own
// line of every price inquiry and order, and its credit counts towards the tenant's credit; at its
// end (the lifecycle step, the clock moved) it expires and credit in use becomes debt; an operator
// may terminate it early with a reason. Bad input is refused in both languages, nothing stored.
import type { AccountOverview, ContractDetail, ContractRecord, PriceQuote } from "@skyledger/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { contracts } from "../src/modules/contracts/contracts.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { contractBody, createContract, postContract } from "./support/contracts";
import { countRows } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, creditUsedOf, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";
import { upload } from "./support/uploads";

const DAY = 86_400;
let t: TestApp;
let operator: TestClient;

beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterEach(() => t.close());

const quote = async (client: TestClient, body: Record<string, unknown>) =>
  (await client.request<PriceQuote>("/api/billing/inquiry/price", { method: "POST", body })).body.data;
const account = async (client: TestClient) =>
  (await client.request<AccountOverview>("/api/billing_account")).body.data;
const terminate = (id: string, reason = "Customer asked to end it", locale: "zh-CN" | "en-US" = "en-US") =>
  operator.request<ContractDetail>(`/api/ops/contracts/${id}/terminate`, {
    method: "POST",
    body: { reason },
    headers: idem(),
    locale,
  });

describe("discounts", () => {
  it("are their own line of a host's quote and the order is charged the discounted price", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "1000");
    const before = await quote(tenant.client, applyBody(product));
    expect(before).toMatchObject({ contractDiscount: "0.00000", amount: "310.00000" });
    await createContract(t, operator, tenant.orgId, {
      discounts: [{ target: "product", code: product, discount: "0.85" }],
    });
    // 310 × 0.85 = 263.50000: 46.50000 off, shown apart from the product's own discount.
    expect(await quote(tenant.client, applyBody(product))).toMatchObject({
      original: "310.00000",
      discount: "0.00000",
      contractDiscount: "46.50000",
      amount: "263.50000",
      payable: "263.50000",
    });
    // Postpaid too: one hour of 310 a month (310 / 720 = 0.43056) × 0.85 = 0.36598.
    expect(
      await quote(tenant.client, applyBody(product, { paymentType: "postpaid", periodMonths: undefined })),
    ).toMatchObject({ contractDiscount: "0.06458", amount: "0.36598" });
    const res = await apply(tenant.client, applyBody(product));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe("263.50000");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000") - y("263.5"));
    // A category rule reaches another product of the category (the demo host, 150 a month).
    await createContract(t, operator, tenant.orgId, {
      discounts: [{ target: "category", code: "cloud-host", discount: "0.5" }],
    });
    expect(await quote(tenant.client, applyBody("ecs-standard"))).toMatchObject({
      contractDiscount: "75.00000",
      amount: "75.00000",
    });
    // The product's own rule still beats its category's.
    expect((await quote(tenant.client, applyBody(product))).contractDiscount).toBe("46.50000");
  });

  it("stop at the end date and at an early termination", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "0");
    const made = await createContract(t, operator, tenant.orgId, {
      discounts: [{ target: "product", code: product, discount: "0.80" }],
    });
    expect((await quote(tenant.client, applyBody(product))).contractDiscount).toBe("62.00000");
    const ended = await terminate(made.id);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data).toMatchObject({
      status: "terminated",
      terminationReason: "Customer asked to end it",
    });
    expect((await quote(tenant.client, applyBody(product))).contractDiscount).toBe("0.00000");
    // The tenant reads the state, the reason, the discounts and the file.
    const seen = await tenant.client.request<ContractDetail>(`/api/contracts/${made.id}`);
    expect(seen.body.data).toMatchObject({
      status: "terminated",
      terminationReason: "Customer asked to end it",
      discounts: [{ target: "product", code: product, discount: "0.80" }],
      file: { name: "contract.pdf", contentType: "application/pdf" },
    });
    const file = await tenant.client.raw(`/api/files/${made.file!.id}`);
    expect(file.statusCode).toBe(200);
  });
});

describe("credit", () => {
  it("is usable while in execution and withdrawn at expiry, credit in use becoming debt", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "0");
    expect(await account(tenant.client)).toMatchObject({ creditLimit: "0.00000" });
    const made = await createContract(t, operator, tenant.orgId, {
      creditLimit: "5000",
      endsAt: new Date(t.clock.now().getTime() + 2 * DAY * 1000).toISOString(),
    });
    expect(made.status).toBe("executing");
    expect(await account(tenant.client)).toMatchObject({
      creditLimit: "5000.00000",
      availableCredit: "5000.00000",
    });
    // No cash: the order is paid on the contract's credit, last in the deduction order.
    const res = await apply(tenant.client, applyBody(product));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await creditUsedOf(t.database.db, tenant.orgId)).toBe(y("310"));
    await advance(t, 3 * DAY);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const after = await tenant.client.request<ContractRecord>(`/api/contracts/${made.id}`);
    expect(after.body.data.status).toBe("expired");
    expect(await account(tenant.client)).toMatchObject({
      creditLimit: "0.00000",
      creditUsed: "0.00000",
      arrears: "310.00000",
    });
    // Running the step again changes nothing more.
    await advance(t, 60);
    expect((await account(tenant.client)).arrears).toBe("310.00000");
  });

  it("combines with the operator's limit as the larger of the two", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    const set = await operator.request(`/api/ops/orgs/${tenant.orgId}/credit_limit`, {
      method: "PUT",
      body: { creditLimit: "8000" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const made = await createContract(t, operator, tenant.orgId, { creditLimit: "5000" });
    expect((await account(tenant.client)).creditLimit).toBe("8000.00000");
    await createContract(t, operator, tenant.orgId, { creditLimit: "12000" });
    expect((await account(tenant.client)).creditLimit).toBe("12000.00000");
    expect((await terminate(made.id)).status).toBe(200);
    expect((await account(tenant.client)).creditLimit).toBe("12000.00000");
  });

  it("of a contract starting later is given by the step at its start", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    const now = t.clock.now().getTime();
    const made = await createContract(t, operator, tenant.orgId, {
      creditLimit: "3000",
      startsAt: new Date(now + DAY * 1000).toISOString(),
      endsAt: new Date(now + 10 * DAY * 1000).toISOString(),
    });
    expect(made.status).toBe("notStarted");
    expect((await account(tenant.client)).creditLimit).toBe("0.00000");
    await advance(t, DAY + 60);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect((await account(tenant.client)).creditLimit).toBe("3000.00000");
  });
});

describe("bad input", () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      "an end before the start",
      { startsAt: "2026-06-01T00:00:00.000Z", endsAt: "2026-05-31T00:00:00.000Z" },
      "The end time cannot be earlier than the start time",
      "结束时间不能早于开始时间",
    ],
    [
      "a discount above 1",
      { discounts: [{ target: "category", code: "cloud-host", discount: "1.5" }] },
      "The discount is between 0 and 1 with at most 2 decimals",
      "折扣须在0到1之间，最多2位小数",
    ],
    [
      "a discount with 3 decimals",
      { discounts: [{ target: "category", code: "cloud-host", discount: "0.855" }] },
      "The discount is between 0 and 1 with at most 2 decimals",
      "折扣须在0到1之间，最多2位小数",
    ],
    [
      "a negative discount",
      { discounts: [{ target: "category", code: "cloud-host", discount: "-0.1" }] },
      "The discount is between 0 and 1 with at most 2 decimals",
      "折扣须在0到1之间，最多2位小数",
    ],
    [
      "a negative credit limit",
      { creditLimit: "-1" },
      "The credit limit cannot be negative",
      "信用额度不能为负数",
    ],
    [
      "an unknown discount target",
      { discounts: [{ target: "product", code: "no-such-product", discount: "0.9" }] },
      "The discount target no-such-product is not an existing product or product category",
      "折扣对象“no-such-product”不是已有的产品或产品分类",
    ],
  ];

  it.each(refusals)("refuses %s in both languages and stores nothing", async (_, overrides, en, zh) => {
    const tenant = await verifiedTenant(t, operator, "0");
    for (const [locale, text] of [
      ["en-US", en],
      ["zh-CN", zh],
    ] as const) {
      const res = await postContract(
        operator,
        await contractBody(t, operator, tenant.orgId, overrides),
        locale,
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    expect(await countRows(t, contracts)).toBe(0);
    expect((await account(tenant.client)).creditLimit).toBe("0.00000");
  });

  it("refuses a file that is not a PDF, a duplicate number and terminating an ended contract", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    const png = await upload(operator, "contractFile", "contract.pdf", pngBytes());
    expect(png.status).toBe(400);
    expect(png.body.message).toContain("pdf");
    const made = await createContract(t, operator, tenant.orgId);
    for (const [locale, text] of [
      ["en-US", `Contract number ${made.contractNo} already exists`],
      ["zh-CN", `合同编号“${made.contractNo}”已存在`],
    ] as const) {
      const body = await contractBody(t, operator, tenant.orgId, { contractNo: made.contractNo });
      const dup = await postContract(operator, body, locale);
      expect(dup.body.message).toBe(text);
    }
    expect(await countRows(t, contracts)).toBe(1);
    expect((await terminate(made.id)).status).toBe(200);
    const again = await terminate(made.id, "twice", "zh-CN");
    expect(again.body.message).toBe("合同已到期或已终止，不能再终止");
    const expired = await createContract(t, operator, tenant.orgId, {
      endsAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    await advance(t, 120);
    const late = await terminate(expired.id);
    expect(late.body.message).toBe(
      "The contract has already expired or been terminated and cannot be terminated",
    );
    const read = await operator.request<ContractDetail>(`/api/ops/contracts/${expired.id}`);
    expect(read.body.data).toMatchObject({ status: "expired", terminationReason: null });
  });
});

describe("who may", () => {
  it("tenants read only their own contracts and files; only BI operators write", async () => {
    const owner = await verifiedTenant(t, operator, "0");
    const other = await verifiedTenant(t, operator, "0");
    const made = await createContract(t, operator, owner.orgId);
    expect((await owner.client.request<{ total: number }>("/api/contracts")).body.data.total).toBe(1);
    expect((await other.client.request<{ total: number }>("/api/contracts")).body.data.total).toBe(0);
    expect((await other.client.request(`/api/contracts/${made.id}`)).status).toBe(404);
    expect((await other.client.raw(`/api/files/${made.file!.id}`)).statusCode).toBe(404);
    // A tenant calls no operator endpoint, nor uploads a contract file.
    expect((await owner.client.request("/api/ops/contracts")).status).toBe(403);
    expect((await postContract(owner.client, await contractBody(t, operator, owner.orgId))).status).toBe(403);
    expect((await upload(owner.client, "contractFile", "c.pdf", pngBytes())).status).toBe(403);
    // An operator's upload given to one tenant's contract is not reused for another's.
    const reuse = await postContract(operator, {
      ...(await contractBody(t, operator, other.orgId)),
      fileId: made.file!.id,
    });
    expect(reuse.body.message).toBe("Upload the signed contract file (PDF)");
    // A platform account has no organisation of its own.
    expect((await operator.request("/api/contracts")).status).toBe(403);
  });
});
