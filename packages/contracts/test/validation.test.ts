import { describe, expect, it } from "vitest";
import { ERRORS, errorText, pickLocale } from "../src/errors";
import { allowedRoutes, buildMenus, findRoute, mayAccess } from "../src/permissions";
import { checkPassword, v } from "../src/validation";

describe("spec §5 validation rules", () => {
  it("accepts phones of 11 digits starting 13 to 19 only", () => {
    expect(v.phone.safeParse("13800000000").success).toBe(true);
    expect(v.phone.safeParse("19912345678").success).toBe(true);
    expect(v.phone.safeParse("12800000000").error?.issues[0]?.message).toBe("validation.phone");
    expect(v.phone.safeParse("1380000000").success).toBe(false);
  });

  it("checks the password rule: 8–12, letter, digit, special, allowed characters, distinct", () => {
    expect(checkPassword("Abcdef@1")).toEqual([]);
    expect(checkPassword("Ab@1")).toEqual(["length"]);
    expect(checkPassword("Abcdefgh@1234")).toEqual(["length"]);
    expect(checkPassword("12345678@")).toEqual(["letter"]);
    expect(checkPassword("Abcdefg@")).toEqual(["digit"]);
    expect(checkPassword("Abcdefg1")).toEqual(["special"]);
    expect(checkPassword("Abcdef@1+")).toEqual(["charset"]);
    expect(checkPassword("aaaa@@11")).toEqual(["distinct"]);
  });

  it("rejects names with forbidden characters or an http scheme", () => {
    expect(v.formName.safeParse("数据平台_01").success).toBe(true);
    expect(v.formName.safeParse("a").error?.issues[0]?.message).toBe("validation.nameLength");
    expect(v.formName.safeParse("http:site").error?.issues[0]?.message).toBe("validation.nameUrl");
    expect(v.formName.safeParse("https-team").success).toBe(true);
    expect(v.formName.safeParse("bad/name").success).toBe(false);
    expect(v.companyName.safeParse("星河科技（北京）有限公司").success).toBe(true);
    expect(v.companyName.safeParse("星河&科技").success).toBe(false);
  });

  it("limits user names to 4–16 characters starting with a letter", () => {
    expect(v.username.safeParse("abcd").success).toBe(true);
    expect(v.username.safeParse("abc").success).toBe(false);
    expect(v.username.safeParse("a234567890123456").success).toBe(true);
    expect(v.username.safeParse("a2345678901234567").success).toBe(false);
    expect(v.username.safeParse("1abc").success).toBe(false);
  });

  it("accepts resource names of at most 24 characters not ending with a hyphen", () => {
    expect(v.resourceName.safeParse("web-01").success).toBe(true);
    expect(v.resourceName.safeParse("web-").success).toBe(false);
    expect(v.resourceName.safeParse("a".repeat(25)).success).toBe(false);
  });
});

describe("permission table", () => {
  it("denies a route unless one of its codes is held", () => {
    expect(mayAccess({ codes: ["CB1905", "CB2001"] }, ["CB2001"])).toBe(true);
    expect(mayAccess({ codes: ["CB1905"] }, ["CA"])).toBe(false);
    expect(mayAccess({ codes: [] }, [])).toBe(true);
  });

  it("matches parameterised routes", () => {
    expect(findRoute("/mgt/host/abc/detail")?.codes).toEqual(["CB01"]);
    expect(findRoute("/mgt/nowhere")).toBeUndefined();
  });

  it("builds menus only from ready routes the user may open", () => {
    const menus = buildMenus(["CA", "BA01"]);
    expect(menus.map((m) => m.key)).toEqual(["/mgt/dashboard", "operations"]);
    expect(menus[1]?.children?.map((c) => c.path)).toEqual(["/sys/config"]);
    expect(allowedRoutes(["CC03"])).toEqual(["/mgt/bill"]);
    // Platform accounts have no organisation: tenant pages, the tenant overview included, are not theirs.
    expect(allowedRoutes(["CA", "CC03", "BA01"], "platform")).toEqual(["/sys/config"]);
  });

  it("gives operators who work a queue their own overview, first in the menu, instead of the tenant's", () => {
    const menus = buildMenus(["CA", "BA01", "BA05"], "platform");
    expect(menus[0]).toEqual({ key: "/sys/overview", labelKey: "menu.opsOverview", path: "/sys/overview" });
    expect(menus.map((m) => m.key)).not.toContain("/mgt/dashboard");
    // Without a queue code there is nothing to summarise.
    expect(allowedRoutes(["CA", "BA01"], "platform")).toEqual(["/sys/config"]);
    // A tenant keeps the tenant overview.
    expect(buildMenus(["CA"]).map((m) => m.key)).toEqual(["/mgt/dashboard"]);
  });

  it("lists /mgt/hpc under cloud resources for tenants and under operations for operators", () => {
    const tenant = buildMenus(["CB17"]);
    expect(tenant).toEqual([
      {
        key: "cloudResources",
        labelKey: "menu.group.cloudResources",
        children: [
          { key: "/mgt/hpc", labelKey: "menu.hpc", path: "/mgt/hpc" },
          { key: "/hpcconsole", labelKey: "menu.hpcConsole", path: "/hpcconsole" },
        ],
      },
    ]);
    const operator = buildMenus(["BA10"], "platform");
    expect(operator).toEqual([
      {
        key: "operations",
        labelKey: "menu.group.operations",
        children: [{ key: "/mgt/hpc", labelKey: "menu.hpcClusters", path: "/mgt/hpc" }],
      },
    ]);
    // The pool detail, the order form, the job console and the terminal are tenant pages.
    expect(allowedRoutes(["BA10"], "platform")).toEqual(["/mgt/hpc"]);
    expect(allowedRoutes(["CB17"])).toEqual([
      "/mgt/hpc",
      "/mgt/hpc/:id",
      "/mgt/hpc/apply/:id",
      "/hpcconsole",
      "/hpcv1console",
    ]);
    // The AI development platform and its order page (enabling it) are the AI resource pool set's.
    expect(allowedRoutes(["CB19"])).toEqual(["/mgt/modelarts", "/mgt/modelarts/enable"]);
  });
});

describe("error catalogue", () => {
  it("gives every message in both languages and fills parameters", () => {
    for (const def of Object.values(ERRORS)) {
      expect(def.zh.length).toBeGreaterThan(0);
      expect(def.en.length).toBeGreaterThan(0);
    }
    expect(errorText("ACCOUNT_LOCKED", "en-US", { minutes: 30 })).toContain("30 minutes");
    expect(pickLocale("en-US,en;q=0.9")).toBe("en-US");
    expect(pickLocale(undefined)).toBe("zh-CN");
  });

  it("keeps body codes unique", () => {
    const business = Object.values(ERRORS)
      .map((e) => e.code)
      .filter((c) => c >= 20000);
    expect(new Set(business).size).toBe(business.length);
  });
});
