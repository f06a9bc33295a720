// Issue 13 §3 against a fake API, in English and in Chinese: a host, a disk and an elastic IP are
// renewed from their list rows ("more" menu) and their detail pages with renewal management's own
// dialog, auto-renew is switched there (off confirmed first), renewal management reaches every
// prepaid resource ("all"), and hosts show their IP addresses.
import type { Locale, RenewQuote, ResourceRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { type FakeServer, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });

const ROUTES = [
  "/mgt/dashboard",
  "/mgt/cloudhost",
  "/mgt/host/:id/detail",
  "/mgt/blockstorage",
  "/mgt/blockstorage/:id/detail",
  "/mgt/floatip",
  "/mgt/floatip/:id/detail",
  "/mgt/renew",
  "/mgt/renew/detail",
];
const renewer = makeUser({
  permissions: ["CA", "CB01", "CB02", "CB09", "CC01", "CC08", "CC0801"],
  routes: ROUTES,
});
const looker = makeUser({ permissions: ["CA", "CB01", "CB02", "CB09", "CC08"], routes: ROUTES });

const host = resourceRecord({ privateIp: "10.1.2.3", publicIp: "198.18.4.5" });
const disk = resourceRecord({
  id: "d-1",
  kind: "disk",
  name: "data-1",
  productCode: "evs-disk",
  productName: "Cloud disk",
  status: "available",
  statusName: "Available",
  summary: "SSD 100 GB",
  spec: { diskType: "ssd", sizeGb: 100 },
  autoRenew: true,
});
const ip = resourceRecord({
  id: "e-1",
  kind: "elasticIp",
  name: "ip-1",
  productCode: "eip",
  productName: "Elastic IP",
  status: "available",
  statusName: "Available",
  summary: "5 Mbps",
  spec: { bandwidthMbps: 5 },
  publicIp: "198.19.7.8",
});
const detail = (r: ResourceRecord) => ({
  data: { ...r, errorLog: null, externalRef: null, accessNote: null, attachments: [] },
});

const quote = (ids: string[], months: number): RenewQuote => ({
  items: ids.map((id) => ({
    resourceId: id,
    name: id,
    expiresAt: "2099-01-01T00:00:00Z",
    newExpiresAt: "2099-02-01T00:00:00Z",
    alignDays: 0,
    overdueDays: 0,
    amount: `${100 * months}.00000`,
  })),
  original: `${100 * months}.00000`,
  discount: "0.00000",
  contractDiscount: "0.00000",
  total: `${100 * months}.00000`,
  coupon: null,
  couponDeduction: "0.00000",
  payable: `${100 * months}.00000`,
  sufficient: true,
  shortfall: "0.00000",
  deduction: {
    sufficient: true,
    shortfall: "0.00000",
    allocations: [{ source: "cash", sourceId: null, amount: `${100 * months}.00000` }],
  },
});

const start = (path: string, user = renewer, routes: Record<string, Handler> = {}) =>
  renderApp(
    path,
    {
      "GET /res/hosts": () => page([host]),
      "GET /res/hosts/h-1": () => detail(host),
      "GET /res/volumes": () => page([disk]),
      "GET /res/volumes/d-1": () => detail(disk),
      "GET /res/floatingips": () => page([ip]),
      "GET /res/floatingips/e-1": () => detail(ip),
      "GET /renew": () => page([host, disk, ip]),
      "GET /coupons": () => page([]),
      "POST /billing/inquiry/renew": ({ body }) => {
        const b = body as { resourceIds: string[]; periodMonths: number };
        return { data: quote(b.resourceIds, b.periodMonths) };
      },
      "POST /renew": ({ body }) => {
        const b = body as { resourceIds: string[]; periodMonths: number };
        return { data: quote(b.resourceIds, b.periodMonths) };
      },
      "PUT /renew/h-1/auto": () => ({ data: { ok: true } }),
      "PUT /renew/d-1/auto": () => ({ data: { ok: true } }),
      ...routes,
    },
    { user },
  );

const sent = (server: FakeServer, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path);

/** Opens a row's "more" menu and returns one of its entries. */
async function menuEntry(prefix: string, name: string, action: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`${prefix}-more-${name}`, {}, WAIT));
  return screen.findByTestId(`${prefix}-${action}-${name}`, {}, WAIT);
}

/** Renews what the open dialog shows for three months and waits for the renewal to be sent. */
async function renewThreeMonths(server: FakeServer, label: string) {
  const dialog = await screen.findByTestId("renew-panel", {}, WAIT);
  await within(dialog).findByTestId("renew-payable", {}, WAIT);
  fireEvent.click(within(dialog).getByText(label));
  await waitFor(
    () => expect(within(dialog).getByTestId("renew-payable").textContent).toContain("¥300.00000"),
    WAIT,
  );
  fireEvent.click(within(dialog).getByTestId("renew-confirm"));
  await waitFor(() => expect(sent(server, "POST", "/renew")).toHaveLength(1), WAIT);
  await waitFor(() => expect(screen.queryByTestId("renew-panel")).toBeNull(), WAIT);
  return sent(server, "POST", "/renew")[0]!;
}

const TEXTS: Record<
  Locale,
  { threeMonths: string; renew: string; autoOn: string; autoOff: string; all: string }
> = {
  "en-US": {
    threeMonths: "3 months",
    renew: "Renew",
    autoOn: "Turn on auto-renew",
    autoOff: "Turn off auto-renew",
    all: "All prepaid resources",
  },
  "zh-CN": {
    threeMonths: "3个月",
    renew: "续订",
    autoOn: "开启自动续订",
    autoOff: "关闭自动续订",
    all: "全部包年包月资源",
  },
};

resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

for (const locale of ["en-US", "zh-CN"] as const) {
  const text = TEXTS[locale];
  describe(`renewing where the resource is (${locale})`, () => {
    it("renews a host from its row's menu with the renewal dialog, and shows its addresses", async () => {
      await setLanguage(locale);
      const server = start("/mgt/cloudhost");
      const ips = await screen.findByTestId("ip-web-1", {}, WAIT);
      expect(ips.textContent).toContain("10.1.2.3");
      expect(ips.textContent).toContain("198.18.4.5");
      const entry = await menuEntry("host", "web-1", "renew");
      expect(entry.textContent).toBe(text.renew);
      fireEvent.click(entry);
      const renewal = await renewThreeMonths(server, text.threeMonths);
      expect(renewal.body).toEqual({ resourceIds: ["h-1"], periodMonths: 3, align: false });
      expect(renewal.headers["Idempotency-Key"]).toBeTruthy();
    });

    it("turns a host's auto-renew on from its row's menu", async () => {
      await setLanguage(locale);
      const server = start("/mgt/cloudhost");
      const entry = await menuEntry("host", "web-1", "autoRenew");
      expect(entry.textContent).toBe(text.autoOn);
      fireEvent.click(entry);
      await waitFor(() => expect(sent(server, "PUT", "/renew/h-1/auto")).toHaveLength(1), WAIT);
      expect(sent(server, "PUT", "/renew/h-1/auto")[0]!.body).toEqual({ autoRenew: true });
    });

    it("renews a host from its page, which shows its addresses and its auto-renew switch", async () => {
      await setLanguage(locale);
      const server = start("/mgt/host/h-1/detail");
      expect((await screen.findByTestId("host-detail-private-ip", {}, WAIT)).textContent).toContain(
        "10.1.2.3",
      );
      expect(screen.getByTestId("host-detail-public-ip").textContent).toContain("198.18.4.5");
      fireEvent.click(screen.getByTestId("renew-auto-web-1"));
      await waitFor(() => expect(sent(server, "PUT", "/renew/h-1/auto")).toHaveLength(1), WAIT);
      fireEvent.click(screen.getByTestId("host-renew-web-1"));
      const renewal = await renewThreeMonths(server, text.threeMonths);
      expect(renewal.body).toEqual({ resourceIds: ["h-1"], periodMonths: 3, align: false });
    });

    it("turns a disk's auto-renew off from its row's menu after a confirmation, and renews it there", async () => {
      await setLanguage(locale);
      const server = start("/mgt/blockstorage");
      const off = await menuEntry("disk", "data-1", "autoRenew");
      expect(off.textContent).toBe(text.autoOff);
      fireEvent.click(off);
      expect(sent(server, "PUT", "/renew/d-1/auto")).toHaveLength(0);
      fireEvent.click(await screen.findByTestId("disk-autoRenew-data-1-confirm", {}, WAIT));
      await waitFor(() => expect(sent(server, "PUT", "/renew/d-1/auto")).toHaveLength(1), WAIT);
      expect(sent(server, "PUT", "/renew/d-1/auto")[0]!.body).toEqual({ autoRenew: false });
      fireEvent.click(await menuEntry("disk", "data-1", "renew"));
      const renewal = await renewThreeMonths(server, text.threeMonths);
      expect(renewal.body).toEqual({ resourceIds: ["d-1"], periodMonths: 3, align: false });
      expect(screen.getByTestId("disk-open-data-1").getAttribute("href")).toBe(
        "/mgt/blockstorage/d-1/detail",
      );
    });

    it("renews an elastic IP from its page, which shows its address", async () => {
      await setLanguage(locale);
      const server = start("/mgt/floatip/e-1/detail");
      expect((await screen.findByTestId("eip-detail-address", {}, WAIT)).textContent).toContain("198.19.7.8");
      expect(screen.getByTestId("eip-bind-ip-1")).toBeTruthy();
      fireEvent.click(screen.getByTestId("eip-renew-ip-1"));
      const renewal = await renewThreeMonths(server, text.threeMonths);
      expect(renewal.body).toEqual({ resourceIds: ["e-1"], periodMonths: 3, align: false });
    });

    it("lists every prepaid resource on renewal management when asked for all", async () => {
      await setLanguage(locale);
      const server = start("/mgt/renew");
      await screen.findByTestId("renew-row-web-1", {}, WAIT);
      const queries = () =>
        server.fetch.mock.calls
          .map(([url]) => new URL(String(url), "http://x"))
          .filter((u) => u.pathname.endsWith("/renew"));
      expect(queries()[0]!.searchParams.get("expiringWithinDays")).toBe("30");
      const range = screen.getByTestId("renew-range");
      fireEvent.mouseDown(range.querySelector(".ant-select-selector") ?? range);
      const options = await screen.findAllByTitle(text.all, {}, WAIT);
      fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
      await waitFor(() => expect(queries().at(-1)!.searchParams.has("expiringWithinDays")).toBe(false), WAIT);
      expect(screen.getByTestId("renew-open-ip-1").getAttribute("href")).toBe("/mgt/floatip/e-1/detail");
    });
  });
}

describe("without a renewal code", () => {
  it("offers no renewal on rows or pages, and the switch only shows", async () => {
    await setLanguage("en-US");
    start("/mgt/blockstorage", looker);
    fireEvent.click(await screen.findByTestId("disk-more-data-1", {}, WAIT));
    await screen.findByTestId("disk-detail-data-1", {}, WAIT);
    expect(screen.queryByTestId("disk-renew-data-1")).toBeNull();
    expect(screen.queryByTestId("disk-autoRenew-data-1")).toBeNull();
  });

  it("shows the host page's switch disabled and no renew button", async () => {
    await setLanguage("en-US");
    start("/mgt/host/h-1/detail", looker);
    const toggle = await screen.findByTestId("renew-auto-web-1", {}, WAIT);
    expect(toggle.className).toContain("disabled");
    expect(screen.queryByTestId("host-renew-web-1")).toBeNull();
  });
});
