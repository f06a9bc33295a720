// The audit log's detail column reads as "field: value" in both languages: every field the server
// can write has a label, every enumerated value a name, and ids or raw JSON never show.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_DETAIL_FIELDS, AUDIT_DETAIL_KEYS, type AuditLogRow } from "@skyledger/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { detailLines } from "../src/features/audit/audit-detail";
import { i18n, loadTexts, setLanguage } from "../src/i18n";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

resetAppBetweenTests();
beforeAll(() => loadTexts());
afterAll(() => setLanguage("en-US"));

const EVIDENCE_ID = "4bf7c0de-1111-4222-8333-944455556666";

const row = (
  id: string,
  action: string,
  detail: AuditLogRow["detail"],
  target: string | null = null,
): AuditLogRow => ({
  id,
  at: "2026-11-22T02:00:00Z",
  actorId: "u-1",
  actorAccount: "alice",
  actorName: "Alice Zhang",
  orgId: "org-1",
  orgName: "Acme AI Lab",
  action,
  target,
  targetAccount: null,
  targetName: null,
  ip: "10.0.0.8",
  detail,
});

const lines = (detail: AuditLogRow["detail"]) =>
  detailLines(detail, i18n.t.bind(i18n), i18n.language).map((l) => `${l.label}: ${l.text}`);

describe("labels", () => {
  for (const locale of ["en-US", "zh-CN"]) {
    const audit = JSON.parse(
      readFileSync(join(import.meta.dirname, `../src/i18n/${locale}/audit.json`), "utf8"),
    );

    it(`names every detail field the server can write in ${locale}`, () => {
      const missing = AUDIT_DETAIL_KEYS.filter((key) => typeof audit.field?.[key] !== "string");
      expect(missing).toEqual([]);
    });

    it(`names every enumerated value in ${locale}`, () => {
      const missing = Object.entries(AUDIT_DETAIL_FIELDS).flatMap(([key, kind]) =>
        typeof kind === "string"
          ? []
          : kind.filter((value) => typeof audit.value?.[key]?.[value] !== "string").map((v) => `${key}.${v}`),
      );
      expect(missing).toEqual([]);
    });
  }
});

describe("detail lines", () => {
  it("read as labelled values in English: money, yes/no, dates, enumerations, changes", async () => {
    await setLanguage("en-US");
    expect(lines({ amount: "500.00000", remark: "Bank slip 42", evidence: "slip.pdf" })).toEqual([
      "Amount: ¥500.00000",
      "Remark: Bank slip 42",
      "Evidence: slip.pdf",
    ]);
    expect(lines({ creditLimit: { from: "0.00000", to: "1000.00000" } })).toEqual([
      "Credit limit: ¥0.00000 → ¥1000.00000",
    ]);
    expect(
      lines({
        section: "security",
        stepUpEnabled: { from: true, to: false },
        lockMinutes: { from: 30, to: 20 },
      }),
    ).toEqual([
      "Settings: Login and session",
      "SMS code before sensitive actions: Yes → No",
      "Lock duration (minutes): 30 → 20",
    ]);
    expect(
      lines({ account: "bob", groups: { from: ["builtin-group:projectMember"], to: ["Data team"] } }),
    ).toEqual(["Account: bob", "User groups: Project members → Data team"]);
    expect(lines({ name: "Readers", codes: ["CA", "CH07"] })).toEqual([
      "Name: Readers",
      expect.stringMatching(/^Permissions: (?!CA)[^,]+, (?!CH07).+$/),
    ]);
    expect(lines({ channel: "alipay", refusal: "bad_signature", tradeNo: "2026112722001" })).toEqual([
      "Channel: Alipay",
      "Why refused: Invalid signature",
      "Payment no.: 2026112722001",
    ]);
    expect(lines({ limits: { vcpu: { from: null, to: 40 } }, overLimit: ["vcpu"] })).toEqual([
      "Limits: vCPUs No limit → 40",
      "Over the new limit: vCPUs",
    ]);
    expect(lines({ expiresAt: "2026-12-01T00:00:00Z" })[0]).toMatch(/^Expires: 2026-12-01 \d\d:00:00$/);
    // A catalogue entry's two names are one line in the reader's language.
    expect(lines({ code: "cloud-host", nameZh: "云主机", nameEn: "Cloud hosts" })).toEqual([
      "Code: cloud-host",
      "Name: Cloud hosts",
    ]);
  });

  it("read in Chinese with the same fields", async () => {
    await setLanguage("zh-CN");
    expect(lines({ amount: "500.00000", remark: "银行回单", autoRenew: true })).toEqual([
      "金额: ¥500.00000",
      "备注: 银行回单",
      "自动续费: 是",
    ]);
    expect(lines({ resourceKind: "disk", spec: { from: "100 GB", to: "160 GB" } })).toEqual([
      "资源类型: 云硬盘",
      "配置: 100 GB → 160 GB",
    ]);
    expect(lines({ code: "cloud-host", nameZh: "云主机", nameEn: "Cloud hosts" })).toEqual([
      "编码: cloud-host",
      "名称: 云主机",
    ]);
    await setLanguage("en-US");
  });

  it("name configuration entries as the configuration page does, in either language", async () => {
    const entries = [
      { configKey: "finance.max.topup", previousValue: "50000.00000", configValue: "80000.00000" },
      { configKey: "register.enable", previousValue: "true", configValue: "false" },
      {
        configKey: "password.policy",
        previousValue: '{"minLength":8,"maxLength":20}',
        configValue: '{"minLength":10,"maxLength":20}',
      },
      { configKey: "logo.small", previousValue: null, configValue: "data:image/png;base64,iVBORw0KGgo=" },
    ];
    await setLanguage("en-US");
    expect(lines({ entries, reason: "Season" })).toEqual([
      "Settings changed: Largest single top-up (yuan): ¥50000.00000 → ¥80000.00000; " +
        "Allow self-service sign-up: Yes → No; " +
        "Password policy: Minimum password length: 8; Maximum password length: 20 → " +
        "Minimum password length: 10; Maximum password length: 20; " +
        "Small logo (collapsed menu): - → (image)",
      "Reason: Season",
    ]);
    await setLanguage("zh-CN");
    const [zh] = lines({ entries });
    expect(zh).toMatch(/^[^:]+: 单笔充值上限（元）: ¥50000.00000 → ¥80000.00000; 开放自助注册: 是 → 否; /);
    expect(zh).not.toMatch(/finance\.|register\.|password\.|logo\.|true|false|\{/);
    await setLanguage("en-US");
  });

  it("leave ids out and read rows written before fields had labels", async () => {
    await setLanguage("en-US");
    expect(lines({ amount: "500.00000", remark: "slip", evidenceFileId: EVIDENCE_ID })).toEqual([
      "Amount: ¥500.00000",
      "Remark: slip",
    ]);
    expect(lines({ from: "a@example.com", to: "b@example.com" })).toEqual([
      "Value: a@example.com → b@example.com",
    ]);
    expect(
      lines({
        before: { name: "Vision", description: "" },
        after: { name: "Vision-2", description: "" },
      }),
    ).toEqual(["Name: Vision → Vision-2"]);
    expect(lines({ account: "bob", before: [EVIDENCE_ID], after: [] })).toEqual(["Account: bob"]);
    expect(lines({ kind: "personal", remark: "ok" })).toEqual(["Type: Personal", "Remark: ok"]);
    expect(lines({ added: { vcpu: 4 } })).toEqual(["Added: vcpu: 4"]);
    expect(
      lines({ projectId: null, projectName: "Lab", limits: { vcpu: 40 }, previous: { vcpu: null } }),
    ).toEqual(["Limits: vCPUs No limit → 40", "Project: Lab"]);
  });
});

describe("the audit log page", () => {
  const user = makeUser({ permissions: ["CA", "CH07"], routes: ["/mgt/dashboard", "/mgt/audit"] });
  const rows = [
    row(
      "1",
      "manualRecharge.requested",
      { amount: "500.00000", remark: "Bank slip", evidenceFileId: EVIDENCE_ID },
      EVIDENCE_ID,
    ),
    {
      ...row("2", "group.permissionsChanged", {
        name: "Data team",
        permissionSets: { from: [], to: ["builtin:iamReadOnly"] },
      }),
      target: "0f0e0d0c-1111-4222-8333-944455556666",
      targetName: "Data team",
    },
    {
      ...row("3", "user.created", { account: "bob", resetOnFirstLogin: true }),
      target: "u-2",
      targetAccount: "bob",
    },
  ];

  it("shows each detail as labelled values and names targets, never ids or JSON (English)", async () => {
    await setLanguage("en-US");
    renderApp("/mgt/audit", { "GET /audit_logs": () => page(rows) }, { user });
    const table = await screen.findByTestId("audit-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain("Amount: ¥500.00000"), WAIT);
    const text = table.textContent ?? "";
    expect(text).toContain("Remark: Bank slip");
    expect(text).toContain("Permission sets: - → Access control read-only");
    expect(text).toContain("Change password at first login: Yes");
    expect(text).not.toContain(EVIDENCE_ID);
    expect(text).not.toContain("0f0e0d0c");
    expect(text).not.toContain("{");
    const targets = within(table)
      .getAllByTestId("audit-target")
      .map((e) => e.textContent);
    expect(targets).toEqual(["-", "Data team", "bob"]);
    // What people typed is marked as their data (the browser language check skips only that); the
    // console's own words, a built-in set's name among them, are not.
    const typed = Array.from(table.querySelectorAll("[data-user-data]"))
      .map((e) => e.textContent)
      .join(" | ");
    for (const data of ["alice", "Alice Zhang", "Bank slip", "Data team", "bob"])
      expect(typed).toContain(data);
    expect(typed).not.toMatch(/Access control read-only|Amount|Yes/);
  });

  it("reads the same in Chinese", async () => {
    await setLanguage("zh-CN");
    renderApp("/mgt/audit", { "GET /audit_logs": () => page(rows) }, { user });
    const table = await screen.findByTestId("audit-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain("金额: ¥500.00000"), WAIT);
    const text = table.textContent ?? "";
    expect(text).toContain("权限集: - → 访问控制只读");
    expect(text).toContain("首次登录须修改密码: 是");
    expect(text).not.toContain(EVIDENCE_ID);
    await setLanguage("en-US");
  });
});
