// /mgt/obs (object storage, CB05) against a fake API: the bucket list shows each bucket's class,
// access, status, what it stores and this month's charge, and says the data is simulated; buying
// checks the S3 name as it is typed (a message for each naming rule), prices each storage class,
// orders postpaid with the bucket's spec and shows the server's refusal on the form; the detail
// page lists folders first, opens a folder and reads the next page; an upload reports its progress
// through XMLHttpRequest, signed like every call; a share link is made for the expiry chosen; a
// read-only user sees no button that changes anything; access keys show their secret once.
import { type Bucket, buildMenus, type ObjectListing } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();
afterEach(() => vi.unstubAllGlobals());

const ID = "0b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b";
const ENDPOINT = "http://s3.simulated.invalid";

const bucket = (patch: Partial<Bucket> = {}): Bucket => ({
  ...resourceRecord({
    id: ID,
    kind: "bucket",
    name: "team-assets",
    productCode: "obs-std",
    productName: "Object storage",
    status: "available",
    statusName: "Available",
    paymentType: "postpaid",
    periodMonths: null,
    monthlyPrice: "0.00000",
    expiresAt: null,
    spec: { bucketName: "team-assets", storageClass: "standard", acl: "private" },
    summary: "standard",
    createdAt: "2026-11-01T08:00:00.000Z",
  }),
  bucketName: "team-assets",
  storageClass: "standard",
  acl: "private",
  location: { endpoint: ENDPOINT, region: "cn-north-1", simulated: true },
  usage: {
    bytes: 1536 * 1024,
    objects: 3,
    requestsThisMonth: 120,
    chargedThisMonth: "0.01234",
    measuredAt: "2026-11-28T08:00:00.000Z",
  },
  ...patch,
});

const MANAGER = ["CA", "CB05", "CB0501", "CB0502", "CC01"];
const READER = ["CA", "CB05"];
const user = (codes = MANAGER) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/obs", "/mgt/obs/create", "/mgt/obs/detail/:id"],
    certificationStatus: "authSucceed",
  });

const entry = (key: string, size = 11) => ({
  key,
  name: key.split("/").pop()!,
  size,
  lastModified: "2026-11-28T09:00:00.000Z",
  etag: "e",
  contentType: "text/plain",
});
const listing = (prefix: string, patch: Partial<ObjectListing> = {}): { data: ObjectListing } => ({
  data: { prefix, folders: [], objects: [], nextMarker: null, ...patch },
});

const OBJECTS = `/res/obs/${ID}/objects`;
/** The queries of the listing calls, in order. */
const listed: Record<string, string>[] = [];
const detailRoutes = {
  [`GET /res/obs/${ID}`]: () => ({ data: bucket() }),
  [`GET ${OBJECTS}`]: ({ query }: { query: URLSearchParams }) => {
    listed.push(Object.fromEntries(query));
    const prefix = query.get("prefix") ?? "";
    if (prefix === "photos/")
      return query.get("marker")
        ? listing(prefix, { objects: [entry("photos/z.jpg")] })
        : listing(prefix, { objects: [entry("photos/a.jpg")], nextMarker: "photos/a.jpg" });
    return listing("", { folders: ["photos/"], objects: [entry("readme.txt")] });
  },
};

describe("the bucket list", () => {
  it("shows class, access, status, stored bytes, objects and this month's charge, and says it is simulated", async () => {
    renderApp("/mgt/obs", { "GET /res/obs": () => page([bucket()]) }, { user: user() });
    const row = await screen.findByTestId("obs-row-team-assets", {}, WAIT);
    const text = row.textContent ?? "";
    for (const shown of ["Standard", "Private", "Available", "1.5 MB", "3", "¥0.01234"])
      expect(text).toContain(shown);
    expect(within(row).getByTestId("obs-open-team-assets").getAttribute("href")).toBe(
      `/mgt/obs/detail/${ID}`,
    );
    expect(screen.getByTestId("obs-simulated").textContent).toContain("simulated");
    expect(screen.getByTestId("obs-buy")).toBeTruthy();
    expect(screen.getByTestId("obs-tab-keys")).toBeTruthy();
  });

  it("offers neither buying nor access keys to a read-only user", async () => {
    renderApp(
      "/mgt/obs",
      {
        "GET /res/obs": () =>
          page([bucket({ location: { endpoint: ENDPOINT, region: "r", simulated: false } })]),
      },
      { user: user(READER) },
    );
    await screen.findByTestId("obs-row-team-assets", {}, WAIT);
    expect(screen.queryByTestId("obs-buy")).toBeNull();
    expect(screen.queryByTestId("obs-tab-keys")).toBeNull();
    expect(screen.queryByTestId("obs-simulated")).toBeNull();
  });
});

describe("buying a bucket", () => {
  const product = {
    id: "p-obs",
    code: "obs-std",
    nameZh: "对象存储",
    nameEn: "Object storage",
    categoryCode: "storage",
    spec: { kind: "bucket", storageClasses: ["standard", "archive"] },
    prepaidPeriods: [],
    postpaid: true,
    approvalFlow: "none",
    manualActivation: false,
  };
  const price = (dimension: string, unitPrice: string) => ({
    productCode: "obs-std",
    dimension,
    model: "unit",
    unitPrice,
    basePrice: "0.00000",
    configurationFee: "0.00000",
    discount: null,
    hourlyUnitPrice: "0.00000",
  });
  const routes = {
    "GET /billing/products": () => page([product]),
    "GET /billing/price": () =>
      page([
        price("storage:standard", "0.12000"),
        price("storage:archive", "0.03300"),
        price("requests", "0.01000"),
      ]),
  };
  const typeName = (value: string) =>
    fireEvent.change(screen.getByTestId("obs-create-name"), { target: { value } });

  it("names each broken naming rule as the name is typed, in both languages", async () => {
    renderApp("/mgt/obs/create", routes, { user: user() });
    await screen.findByTestId("obs-create-name", {}, WAIT);
    const cases: [string, string][] = [
      ["ab", "3 to 63 characters"],
      ["Team", "only lowercase letters"],
      ["-team", "starts and ends with a lowercase letter or digit"],
      ["team..assets", "has no two dots"],
      ["192.168.5.4", "look like an IP address"],
      ["xn--team", "must not start with xn--"],
    ];
    for (const [name, message] of cases) {
      typeName(name);
      expect(await screen.findByText(new RegExp(message), {}, WAIT)).toBeTruthy();
    }
    await setLanguage("zh-CN");
    try {
      typeName("ab");
      expect(await screen.findByText("桶名称长度须为3到63个字符", {}, WAIT)).toBeTruthy();
    } finally {
      await setLanguage("en-US");
    }
  });

  it("prices each storage class, orders postpaid with the bucket's spec and shows a refusal on the form", async () => {
    const server = renderApp(
      "/mgt/obs/create",
      {
        ...routes,
        "POST /service/apply": () => ({
          status: 400,
          code: 29801,
          message: "The bucket name my.assets is taken",
        }),
      },
      { user: user() },
    );
    await waitFor(
      () =>
        expect(screen.getByTestId("obs-create-class-price-standard").textContent).toBe(
          "¥0.12000 per GB-month",
        ),
      WAIT,
    );
    expect(screen.getByTestId("obs-create-class-price-archive").textContent).toBe("¥0.03300 per GB-month");
    expect(screen.getByTestId("obs-create-prices").textContent).toContain("¥0.01000 per 10,000 requests");
    expect(screen.getByTestId("obs-create-billing").textContent).toContain("nothing is charged now");
    typeName("my.assets");
    fireEvent.click(screen.getByTestId("obs-create-class-archive"));
    fireEvent.click(screen.getByTestId("obs-create-acl-public-read"));
    expect(await screen.findByTestId("obs-create-public-warning", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("obs-create-submit"));
    expect((await screen.findByTestId("obs-create-refusal", {}, WAIT)).textContent).toContain(
      "my.assets is taken",
    );
    const apply = callsTo(server, "POST", "/service/apply")[0]!;
    expect(apply.body).toEqual({
      productCode: "obs-std",
      spec: { bucketName: "my.assets", storageClass: "archive", acl: "public-read" },
      name: "my-assets",
      quantity: 1,
      paymentType: "postpaid",
      keyPairId: null,
      projectId: null,
    });
    expect(apply.headers["Idempotency-Key"]).toBeTruthy();
  });
});

describe("the bucket detail", () => {
  it("shows the overview, then lists folders first, opens a folder and reads its next page", async () => {
    listed.length = 0;
    renderApp(`/mgt/obs/detail/${ID}`, detailRoutes, { user: user() });
    const detail = await screen.findByTestId("obs-detail-page", {}, WAIT);
    expect(screen.getByTestId("obs-detail-endpoint").textContent).toContain(ENDPOINT);
    expect(screen.getByTestId("obs-detail-bytes").textContent).toBe("1.5 MB");
    expect(detail.textContent).toContain("cn-north-1");
    expect(screen.getByTestId("obs-simulated")).toBeTruthy();
    fireEvent.click(screen.getByTestId("obs-tab-objects"));
    await screen.findByTestId("obs-entry-readme.txt", {}, WAIT);
    const rows = screen.getAllByTestId(/^obs-entry-/).map((r) => r.getAttribute("data-testid"));
    expect(rows).toEqual(["obs-entry-photos", "obs-entry-readme.txt"]);
    fireEvent.click(screen.getByTestId("obs-open-folder-photos"));
    await screen.findByTestId("obs-entry-a.jpg", {}, WAIT);
    expect(screen.getByTestId("obs-breadcrumb").textContent).toContain("team-assets/photos");
    fireEvent.click(screen.getByTestId("obs-objects-more"));
    await screen.findByTestId("obs-entry-z.jpg", {}, WAIT);
    expect(listed).toContainEqual({ prefix: "photos/", marker: "photos/a.jpg", pageSize: "100" });
    fireEvent.click(screen.getByTestId("obs-crumb-"));
    await screen.findByTestId("obs-entry-readme.txt", {}, WAIT);
  });

  it("uploads a file with its progress through XMLHttpRequest, signed, and lists it", async () => {
    const sent: { url: string; method: string; headers: Record<string, string>; size: number }[] = [];
    class FakeXhr {
      status = 0;
      responseText = "";
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      withCredentials = false;
      private request = { url: "", method: "", headers: {} as Record<string, string> };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      getAllResponseHeaders() {
        return "content-type: application/json\r\n";
      }
      abort() {}
      send(body: Uint8Array) {
        sent.push({ ...this.request, size: body.length });
        setTimeout(() => {
          this.upload.onprogress?.({ loaded: 6, total: 11, lengthComputable: true } as ProgressEvent);
        }, 0);
        // The upload ends when the test has seen its progress: a loaded machine may render slowly.
        finish = () => {
          this.status = 200;
          this.responseText = JSON.stringify({ code: 200, message: "", data: entry("notes.txt") });
          this.onload?.();
        };
      }
    }
    let finish = () => {};
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    let uploaded = false;
    renderApp(
      `/mgt/obs/detail/${ID}`,
      {
        ...detailRoutes,
        [`GET ${OBJECTS}`]: () =>
          listing("", {
            objects: uploaded ? [entry("readme.txt"), entry("notes.txt")] : [entry("readme.txt")],
          }),
      },
      { user: user() },
    );
    fireEvent.click(await screen.findByTestId("obs-tab-objects", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-upload", {}, WAIT));
    const file = new File(["hello world"], "notes.txt", { type: "text/plain" });
    fireEvent.change(await screen.findByTestId("obs-upload-input", {}, WAIT), { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url).toBe(
      `/api/res/obs/${ID}/objects?key=notes.txt&contentType=text%2Fplain&sha256=b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9`,
    );
    expect(sent[0]!.size).toBe(11);
    expect(sent[0]!.headers["x-sign"]).toMatch(/^[0-9a-f]{64}$/);
    expect(sent[0]!.headers["Content-Type"]).toBe("application/octet-stream");
    await waitFor(
      () => expect(screen.getByTestId("obs-upload-progress-notes.txt").textContent).toContain("54%"),
      WAIT,
    );
    uploaded = true;
    finish();
    await waitFor(
      () =>
        expect(screen.getByTestId("obs-upload-progress-notes.txt").className).toContain(
          "ant-progress-status-success",
        ),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("obs-upload-close"));
    expect(await screen.findByTestId("obs-entry-notes.txt", {}, WAIT)).toBeTruthy();
  });

  it("refuses a file over 100 MB before sending anything", async () => {
    const send = vi.fn();
    vi.stubGlobal(
      "XMLHttpRequest",
      class {
        send = send;
        open() {}
        setRequestHeader() {}
        upload = {};
      },
    );
    renderApp(`/mgt/obs/detail/${ID}`, detailRoutes, { user: user() });
    fireEvent.click(await screen.findByTestId("obs-tab-objects", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-upload", {}, WAIT));
    const big = new File(["x"], "huge.bin");
    Object.defineProperty(big, "size", { value: 100 * 1024 * 1024 + 1 });
    fireEvent.change(await screen.findByTestId("obs-upload-input", {}, WAIT), { target: { files: [big] } });
    expect((await screen.findByTestId("obs-upload-refused-huge.bin", {}, WAIT)).textContent).toContain(
      "Larger than 100 MB",
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("makes a share link for the expiry chosen and shows its URL", async () => {
    const server = renderApp(
      `/mgt/obs/detail/${ID}`,
      {
        ...detailRoutes,
        [`POST /res/obs/${ID}/share`]: () => ({
          data: { url: "http://console.invalid/api/obs/shared/tok-1", expiresAt: "2026-11-28T10:00:00.000Z" },
        }),
      },
      { user: user() },
    );
    fireEvent.click(await screen.findByTestId("obs-tab-objects", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-share-readme.txt", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-share-expiry-hour", {}, WAIT));
    fireEvent.click(screen.getByTestId("obs-share-ok"));
    expect((await screen.findByTestId("obs-share-url", {}, WAIT)).textContent).toContain(
      "/api/obs/shared/tok-1",
    );
    expect(callsTo(server, "POST", `/res/obs/${ID}/share`)[0]!.body).toEqual({
      key: "readme.txt",
      expiresSeconds: 3600,
    });
  });

  it("deletes a folder after a confirmation that says its contents go too", async () => {
    const server = renderApp(
      `/mgt/obs/detail/${ID}`,
      { ...detailRoutes, [`POST ${OBJECTS}/delete`]: () => ({ data: { deleted: 4 } }) },
      { user: user() },
    );
    fireEvent.click(await screen.findByTestId("obs-tab-objects", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-delete-photos", {}, WAIT));
    expect(await screen.findByText("Folders are deleted with everything in them.", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("obs-delete-confirm"));
    await waitFor(() => expect(callsTo(server, "POST", `${OBJECTS}/delete`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", `${OBJECTS}/delete`)[0]!.body).toEqual({ keys: ["photos/"] });
  });

  it("downloads an object with a signed GET and saves it under its name", async () => {
    const server = renderApp(`/mgt/obs/detail/${ID}`, detailRoutes, { user: user(READER) });
    const jsonFetch = server.fetch;
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const fileFetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).includes(`/res/obs/${ID}/object?`)) {
        asked.push({ url: String(input), headers: { ...(init.headers as Record<string, string>) } });
        return new Response("hello world", { status: 200, headers: { "content-type": "text/plain" } });
      }
      return jsonFetch(input, init);
    });
    api.configure({ fetch: fileFetch as unknown as typeof fetch });
    const created = vi.fn((_blob: Blob) => "blob:object");
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    fireEvent.click(await screen.findByTestId("obs-tab-objects", {}, WAIT));
    fireEvent.click(await screen.findByTestId("obs-download-readme.txt", {}, WAIT));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:object", download: "readme.txt" }]), WAIT);
    expect(created.mock.calls[0]![0].size).toBe(11);
    expect(asked[0]!.url).toBe(`/api/res/obs/${ID}/object?key=readme.txt`);
    expect(asked[0]!.headers["x-sign"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("makes the bucket public-read only after a confirmation that warns of it", async () => {
    const server = renderApp(
      `/mgt/obs/detail/${ID}`,
      { ...detailRoutes, [`PUT /res/obs/${ID}/acl`]: () => ({ data: bucket({ acl: "public-read" }) }) },
      { user: user() },
    );
    fireEvent.click(await screen.findByTestId("obs-acl-switch", {}, WAIT));
    expect(await screen.findByText(/anyone on the internet/, {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "PUT", `/res/obs/${ID}/acl`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId("obs-acl-confirm"));
    await waitFor(() => expect(callsTo(server, "PUT", `/res/obs/${ID}/acl`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "PUT", `/res/obs/${ID}/acl`)[0]!.body).toEqual({ acl: "public-read" });
    await waitFor(
      () => expect(screen.getByTestId("obs-acl-switch").getAttribute("aria-checked")).toBe("true"),
      WAIT,
    );
  });

  it("shows a read-only user no button that changes anything, but lets them download", async () => {
    renderApp(`/mgt/obs/detail/${ID}`, detailRoutes, { user: user(READER) });
    await screen.findByTestId("obs-detail-page", {}, WAIT);
    expect(screen.queryByTestId("obs-acl-switch")).toBeNull();
    expect(screen.queryByTestId("obs-unsubscribe-team-assets")).toBeNull();
    fireEvent.click(screen.getByTestId("obs-tab-objects"));
    expect(await screen.findByTestId("obs-download-readme.txt", {}, WAIT)).toBeTruthy();
    for (const id of [
      "obs-upload",
      "obs-new-folder",
      "obs-delete-selected",
      "obs-share-readme.txt",
      "obs-delete-readme.txt",
    ])
      expect(screen.queryByTestId(id), id).toBeNull();
  });
});

describe("access keys", () => {
  it("shows a new key's secret once, with the endpoint and an example command", async () => {
    let keys: unknown[] = [];
    const server = renderApp(
      "/mgt/obs",
      {
        "GET /res/obs": () => page([bucket()]),
        "GET /users/2FA/needed": () => ({ data: { needed: false } }),
        "GET /obs/keys": () => ({ data: keys }),
        "POST /obs/keys": ({ body }) => {
          const made = {
            accessKeyId: "AKOBS123",
            description: (body as { description: string }).description,
            createdAt: "2026-11-28T08:00:00.000Z",
            createdBy: "alice",
          };
          keys = [made];
          return { data: { ...made, secretAccessKey: "s3cr3t-shown-once" } };
        },
      },
      { user: user() },
    );
    fireEvent.click(await screen.findByTestId("obs-tab-keys", {}, WAIT));
    expect((await screen.findByTestId("obs-example", {}, WAIT)).textContent).toBe(
      `aws s3 ls s3://team-assets --endpoint-url ${ENDPOINT} --region cn-north-1`,
    );
    fireEvent.click(screen.getByTestId("obs-key-create"));
    fireEvent.change(await screen.findByTestId("obs-key-description", {}, WAIT), {
      target: { value: "backup job" },
    });
    fireEvent.click(screen.getByTestId("obs-key-create-ok"));
    expect((await screen.findByTestId("obs-key-secret-value", {}, WAIT)).textContent).toContain(
      "s3cr3t-shown-once",
    );
    expect(callsTo(server, "POST", "/obs/keys")[0]!.body).toEqual({ description: "backup job" });
    fireEvent.click(screen.getByTestId("obs-key-secret-close"));
    const row = await screen.findByTestId("obs-key-AKOBS123", {}, WAIT);
    expect(row.textContent).toContain("backup job");
    expect(screen.queryByText("s3cr3t-shown-once")).toBeNull();
  });
});

describe("the operator's product editor", () => {
  const catalogueProduct = (storageClasses: string[]) => ({
    id: "p-obs",
    code: "obs-std",
    nameZh: "对象存储",
    nameEn: "Object storage",
    categoryId: "cat-st",
    categoryCode: "storage",
    categoryNameZh: "存储",
    categoryNameEn: "Storage",
    provider: "simulator",
    spec: { kind: "bucket", storageClasses },
    prepaidPeriods: [],
    postpaid: true,
    approvalFlow: "none",
    manualActivation: false,
    billingPolicyIds: [],
    listingState: "listed",
    pricingConfigured: true,
    updatedAt: "2026-11-22T02:00:00Z",
  });
  const operator = makeUser({
    account: "admin",
    currentOrg: null,
    permissions: ["BB02"],
    routes: ["/mgt/productcategory"],
  });

  it("edits an object storage product's storage classes in fields", async () => {
    const product = catalogueProduct(["standard"]);
    const server = renderApp(
      "/mgt/productcategory",
      {
        "GET /ops/catalog/products": () => page([product]),
        "GET /ops/catalog/categories": () =>
          page([
            { id: "cat-st", code: "storage", nameZh: "存储", nameEn: "Storage", sort: 1, productCount: 1 },
          ]),
        "GET /ops/catalog/billing_policies": () => page([]),
        "PUT /ops/catalog/products/p-obs": () => ({ data: product }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("catalog-product-edit-obs-std", {}, WAIT));
    const classes = await screen.findByTestId("catalog-product-storage-classes", {}, WAIT);
    expect(classes.textContent).toBe("StandardInfrequent accessArchive");
    fireEvent.click(within(classes).getByText("Archive"));
    fireEvent.click(screen.getByTestId("catalog-product-submit"));
    await waitFor(() => expect(callsTo(server, "PUT", "/ops/catalog/products/p-obs")).toHaveLength(1), WAIT);
    expect(
      (callsTo(server, "PUT", "/ops/catalog/products/p-obs")[0]!.body as { spec: unknown }).spec,
    ).toEqual({
      kind: "bucket",
      storageClasses: ["standard", "archive"],
    });
  });
  it("names the bucket's pricing dimensions in the reader's language", async () => {
    const product = catalogueProduct(["standard", "archive"]);
    const row = (id: string, dimension: string, unitPrice: string) => ({
      id,
      dimension,
      model: "unit",
      unitPrice,
      basePrice: "0.00000",
      configurationFee: "0.00000",
      discount: null,
    });
    renderApp(
      "/mgt/productcategory",
      {
        "GET /ops/catalog/products": () => page([product]),
        "GET /ops/catalog/categories": () => page([]),
        "GET /ops/catalog/billing_policies": () => page([]),
        "GET /ops/catalog/products/p-obs/pricing": () => ({
          data: {
            productId: "p-obs",
            dimensions: ["storage:standard", "storage:archive", "requests"],
            missing: ["storage:archive"],
            configured: false,
            rows: [row("r1", "storage:standard", "0.12000"), row("r2", "requests", "0.01000")],
          },
        }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("catalog-product-pricing-obs-std", {}, WAIT));
    expect(
      (await screen.findByTestId("catalog-pricing-row-storage:standard", {}, WAIT)).textContent,
    ).toContain("Storage, Standard (per GB-month");
    expect(screen.getByTestId("catalog-pricing-row-requests").textContent).toContain("Requests (per 10,000)");
    expect(await screen.findByText(/Storage, Archive \(per GB-month/, {}, WAIT)).toBeTruthy();
  });
});

describe("the unsubscribe page", () => {
  it("names a bucket's storage class in the reader's language, not the server's code", async () => {
    await setLanguage("zh-CN");
    try {
      renderApp(
        "/unsubscribe",
        { "GET /service/unsubscribable": () => page([{ ...bucket(), summary: "team-assets · standard" }]) },
        {
          user: makeUser({
            permissions: ["CA", "CB05", "CB0501"],
            routes: ["/mgt/dashboard", "/unsubscribe"],
            certificationStatus: "authSucceed",
          }),
        },
      );
      const row = await screen.findByTestId("unsubscribable-row-team-assets", {}, WAIT);
      expect(row.textContent).toContain("team-assets · 标准存储");
      expect(row.textContent).not.toContain("standard");
    } finally {
      await setLanguage("en-US");
    }
  });
});

describe("the menu", () => {
  it("offers object storage with CB05 only", () => {
    const paths = (codes: string[]) => buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(paths(READER)).toContain("/mgt/obs");
    expect(paths(["CA", "CB10"])).not.toContain("/mgt/obs");
  });
});
