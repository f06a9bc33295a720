// /mgt/rds (issue 16 item 4) against a fake API: the list shows each database's engine, class,
// storage, status, connection string (a simulated one says so) and expiry; resetting the password
// asks first, then shows the new password once; a frozen database's detail says its login is
// locked; the menu offers the page only with CB04.
import { buildMenus, type RdsInstance } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const database = (patch: Partial<RdsInstance> = {}): RdsInstance => ({
  ...resourceRecord({
    id: "db-1",
    kind: "rds",
    name: "orders-db",
    status: "available",
    statusName: "Available",
    paymentType: "prepaid",
    periodMonths: 1,
    expiresAt: "2026-12-28T08:00:00.000Z",
  }),
  engine: "postgresql",
  className: "s2m4",
  vcpu: 2,
  memoryGb: 4,
  storageGb: 20,
  connection: {
    engine: "postgresql",
    host: "postgresql.rds.simulated.invalid",
    port: 5432,
    database: "rds_0123456789abcdef01234567",
    username: "rds_0123456789abcdef01234567",
    connectionString:
      "postgresql://rds_0123456789abcdef01234567@postgresql.rds.simulated.invalid:5432/rds_0123456789abcdef01234567",
    simulated: true,
    loginLocked: false,
  },
  ...patch,
});

const CODES = ["CA", "CB04", "CC01", "CC0801"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/rds", "/mgt/rds/create", "/mgt/rds/:id/detail"],
    certificationStatus: "authSucceed",
  });

describe("the database list", () => {
  it("shows engine, class, storage, status, the connection string said to be simulated", async () => {
    renderApp("/mgt/rds", { "GET /res/rds": () => page([database()]) }, { user: tenant() });
    const row = await screen.findByTestId("rds-row-orders-db", {}, WAIT);
    const text = row.textContent ?? "";
    expect(text).toContain("PostgreSQL");
    expect(text).toContain("2 vCPU / 4 GB");
    expect(text).toContain("20 GB");
    expect(text).toContain("Available");
    expect(within(row).getByTestId("rds-connection-orders-db").textContent).toContain(
      "postgresql://rds_0123456789abcdef01234567@postgresql.rds.simulated.invalid:5432/",
    );
    expect(text).toContain("Simulated");
    expect(within(row).getByTestId("rds-open-orders-db").getAttribute("href")).toBe("/mgt/rds/db-1/detail");
  });

  it("resets the password after a confirmation and shows the new one once", async () => {
    const server = renderApp(
      "/mgt/rds",
      {
        "GET /res/rds": () => page([database()]),
        "POST /res/rds/db-1/password": () => ({
          data: { username: "rds_0123456789abcdef01234567", password: "Xy7kPq2mRt9sVw3zAb5cDe8f" },
        }),
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("rds-reset-orders-db", {}, WAIT));
    fireEvent.click(await screen.findByTestId("rds-reset-orders-db-confirm", {}, WAIT));
    const password = await screen.findByTestId("rds-new-password", {}, WAIT);
    expect(password.textContent).toContain("Xy7kPq2mRt9sVw3zAb5cDe8f");
    expect(screen.getByText("Copy it now: it is shown this once and cannot be read again.")).toBeTruthy();
    expect(callsTo(server, "POST", "/res/rds/db-1/password")).toHaveLength(1);
  });

  it("cannot reset the password of a database still being made", async () => {
    renderApp(
      "/mgt/rds",
      {
        "GET /res/rds": () =>
          page([database({ status: "creating", statusName: "Creating", connection: null })]),
      },
      { user: tenant() },
    );
    const reset = await screen.findByTestId("rds-reset-orders-db", {}, WAIT);
    await waitFor(() => expect(reset.hasAttribute("disabled")).toBe(true));
  });
});

describe("the detail page", () => {
  it("says the login is locked while the database is frozen", async () => {
    const frozen = database({ status: "frozen", statusName: "Frozen" });
    renderApp(
      "/mgt/rds/db-1/detail",
      {
        "GET /res/rds/db-1": () => ({
          data: { ...frozen, connection: { ...frozen.connection!, loginLocked: true } },
        }),
      },
      { user: tenant() },
    );
    expect((await screen.findByTestId("rds-login-locked", {}, WAIT)).textContent).toContain(
      "its login is locked",
    );
  });

  it("shows no lock on an available database", async () => {
    renderApp(
      "/mgt/rds/db-1/detail",
      { "GET /res/rds/db-1": () => ({ data: database() }) },
      { user: tenant() },
    );
    await screen.findByTestId("rds-detail-username", {}, WAIT);
    expect(screen.queryByTestId("rds-login-locked")).toBeNull();
  });
});

describe("the menu", () => {
  it("offers relational databases with CB04 only", () => {
    const labels = (codes: string[]) =>
      buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(labels(CODES)).toContain("/mgt/rds");
    expect(labels(["CA", "CB01"])).not.toContain("/mgt/rds");
  });
});
