// Contracts (issue 17 item 2) against a fake API: the tenant's list shows each contract's state
// and links its detail, which shows the discounts, the termination's reason and the signed file;
// the operator's form refuses a discount outside 0–1 (or with 3 decimals) before sending; the
// operator terminates with a reason and an idempotency key; the menus offer each page only with
// its code.
import { buildMenus, type ContractDetail, type ContractRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "5b2f6c1e-8a7d-4c3b-9e21-0d4f3a6b7c88";
const record = (patch: Partial<ContractRecord> = {}): ContractRecord => ({
  id: ID,
  orgId: "o-1",
  orgName: "Acme Ltd",
  name: "Annual compute agreement",
  contractNo: "HT-2026-001",
  amount: "100000.00000",
  creditLimit: "5000.00000",
  signedOn: "2026-01-01",
  startsAt: "2026-01-01T00:00:00.000Z",
  endsAt: "2027-01-01T00:00:00.000Z",
  status: "executing",
  discounts: [{ target: "product", code: "ecs-standard", discount: "0.85" }],
  terminatedAt: null,
  terminationReason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...patch,
});
const detail = (patch: Partial<ContractDetail> = {}): ContractDetail => ({
  ...record(),
  file: { id: "f-1", name: "contract.pdf", contentType: "application/pdf", size: 1000 },
  ...patch,
});

const tenantUser = (codes: string[]) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/contract", "/mgt/contracts/detail/:id"],
    certificationStatus: "authSucceed",
  });
const operator = makeUser({
  userSid: "op-1",
  roleType: "platform",
  moduleType: "sys",
  permissions: ["BI"],
  menus: buildMenus(["BI"], "platform"),
  routes: ["/sys/contracts"],
});
const paths = (codes: string[], kind?: "platform") =>
  buildMenus(codes, kind).flatMap((m) => m.children?.map((c) => c.path) ?? [m.path]);

describe("the tenant's contracts", () => {
  it("lists each contract with its state and link; the menu offers it with CC06 only", async () => {
    renderApp(
      "/mgt/contract",
      { "GET /contracts": () => page([record()]) },
      { user: tenantUser(["CA", "CC06"]) },
    );
    const row = await screen.findByTestId("contract-row-HT-2026-001", {}, WAIT);
    expect(within(row).getByTestId("contract-status-executing").textContent).toBe("In execution");
    expect(within(row).getByTestId("contract-link-HT-2026-001").getAttribute("href")).toBe(
      `/mgt/contracts/detail/${ID}`,
    );
    expect(paths(["CA", "CC06"])).toContain("/mgt/contract");
    expect(paths(["CA"])).not.toContain("/mgt/contract");
    expect(paths(["BI"], "platform")).toContain("/sys/contracts");
  });

  it("shows a terminated contract's reason, its discounts and the signed file", async () => {
    renderApp(
      `/mgt/contracts/detail/${ID}`,
      {
        [`GET /contracts/${ID}`]: () => ({
          data: detail({
            status: "terminated",
            terminatedAt: "2026-06-01T00:00:00.000Z",
            terminationReason: "Customer asked to end it",
          }),
        }),
      },
      { user: tenantUser(["CA", "CC06"]) },
    );
    expect((await screen.findByTestId("contract-reason", {}, WAIT)).textContent).toBe(
      "Customer asked to end it",
    );
    expect(screen.getByTestId("contract-status-terminated").textContent).toBe("Terminated");
    const discounts = screen.getByTestId("contract-discounts");
    expect(discounts.textContent).toContain("ecs-standard");
    expect(discounts.textContent).toContain("0.85 (pay 85 %)");
    expect(screen.getByTestId("contract-file").textContent).toContain("contract.pdf");
  });
});

describe("the operators' contracts", () => {
  it("refuses a discount outside 0–1 or with 3 decimals before sending anything", async () => {
    const server = renderApp(
      "/sys/contracts",
      {
        "GET /ops/contracts": () => page([]),
        "GET /ops/orgs": () => page([]),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("contract-new", {}, WAIT));
    fireEvent.click(await screen.findByTestId("contract-discount-add", {}, WAIT));
    const rate = await screen.findByTestId("contract-discount-rate-0", {}, WAIT);
    for (const bad of ["1.5", "0.855"]) {
      fireEvent.change(rate, { target: { value: bad } });
      expect(
        await screen.findByText("The discount is between 0 and 1 with at most 2 decimals", {}, WAIT),
      ).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId("contract-create-submit"));
    expect((await screen.findAllByText("Upload the signed contract file (PDF)", {}, WAIT)).length).toBe(1);
    expect(callsTo(server, "POST", "/ops/contracts")).toHaveLength(0);
  });

  it("terminates a contract with a reason and an idempotency key", async () => {
    const server = renderApp(
      "/sys/contracts",
      {
        "GET /ops/contracts": () => page([record()]),
        "GET /ops/orgs": () => page([]),
        [`POST /ops/contracts/${ID}/terminate`]: () => ({ data: detail({ status: "terminated" }) }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("contract-terminate-HT-2026-001", {}, WAIT));
    fireEvent.click(await screen.findByTestId("contract-terminate-submit", {}, WAIT));
    expect(await screen.findByText("This field is required", {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId("contract-terminate-reason"), { target: { value: "Ended early" } });
    fireEvent.click(screen.getByTestId("contract-terminate-submit"));
    await waitFor(
      () => expect(callsTo(server, "POST", `/ops/contracts/${ID}/terminate`)).toHaveLength(1),
      WAIT,
    );
    const call = callsTo(server, "POST", `/ops/contracts/${ID}/terminate`)[0]!;
    expect(call.body).toEqual({ reason: "Ended early" });
    expect(call.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
