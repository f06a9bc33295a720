import { describe, expect, it } from "vitest";
import { decideAccess, isConsolePath } from "../src/app/guard";

const operator = { routes: ["/mgt/dashboard", "/sys/config", "/sys/invitation"] };
const tenant = { routes: ["/mgt/dashboard"] };

describe("console guard", () => {
  it("allows routes the server listed for the user", () => {
    expect(decideAccess("/mgt/dashboard", tenant)).toBe("allow");
    expect(decideAccess("/sys/config", operator)).toBe("allow");
    expect(decideAccess("/sys/config/", operator)).toBe("allow");
  });

  it("refuses table routes missing from the user's routes (403)", () => {
    expect(decideAccess("/sys/config", tenant)).toBe("forbidden");
    expect(decideAccess("/sys/users", operator)).toBe("forbidden");
    expect(decideAccess("/mgt/cloudhost", tenant)).toBe("forbidden");
  });

  it("matches parameterised routes against the table's patterns", () => {
    expect(decideAccess("/mgt/ssh/deatil/42", tenant)).toBe("forbidden");
    expect(decideAccess("/mgt/ssh/deatil/42", { routes: ["/mgt/ssh/deatil/:id"] })).toBe("allow");
  });

  it("lets any logged-in user open the open routes and /", () => {
    expect(decideAccess("/info", { routes: [] })).toBe("allow");
    expect(decideAccess("/authent/company", { routes: [] })).toBe("allow");
    expect(decideAccess("/", { routes: [] })).toBe("allow");
  });

  it("sends unknown paths to 404", () => {
    expect(decideAccess("/nowhere", operator)).toBe("notFound");
    expect(decideAccess("/mgt/dashboard/extra", operator)).toBe("notFound");
  });

  it("knows which paths belong to the console", () => {
    expect(isConsolePath("/mgt/dashboard")).toBe(true);
    expect(isConsolePath("/info")).toBe(true);
    expect(isConsolePath("/")).toBe(true);
    expect(isConsolePath("/nowhere")).toBe(false);
  });
});
