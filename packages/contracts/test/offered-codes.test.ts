// The permission-set picker offers only codes of services that exist (issue 13 §6).
import { describe, expect, it } from "vitest";
import { isOfferedCode, OFFERED_TENANT_CODES } from "../src/offered-codes";

describe("offered permission codes", () => {
  it("offers the codes of pages and endpoints that exist, management codes included", () => {
    for (const code of [
      "CA",
      "CB01",
      "CB0116",
      "CB02",
      "CB09",
      "CB17",
      "CB1701",
      // Dedicated pool applications (/mgt/innerservice) and, under them, resource pool renewal.
      "CB18",
      "CB1802",
      "CB19",
      "CB1905",
      "CB1907",
      // Relational databases (/mgt/rds).
      "CB04",
      // The cache service (/mgt/dcs).
      "CB13",
      // The message-queue service (/mgt/dms).
      "CB14",
      // Object storage (/api/res/obs, /api/obs/keys).
      "CB05",
      "CB0501",
      "CB0502",
      // File storage and the elastic file service (/api/res/shares, /api/res/scalable-files).
      "CB10",
      "CB1001",
      "CB20",
      "CB2001",
      "CB2002",
      "CB2003",
      // Bare-metal servers (/api/res/baremetal).
      "CB08",
      "CC0101",
      "CC0201",
      "CH0101",
      "CH06",
      "CH07",
    ])
      expect(isOfferedCode(code), code).toBe(true);
  });

  it("leaves out services without a page or an endpoint, and the codes under them", () => {
    // Cloud backup and the container engine have neither yet.
    for (const code of ["CB11", "CB12"]) expect(isOfferedCode(code), code).toBe(false);
    // Invoices, contracts, tickets and the message centre have their pages and endpoints (issue 17).
    for (const code of ["CC05", "CC0501", "CC06", "CD", "CD01", "CF", "CF01"])
      expect(isOfferedCode(code), code).toBe(true);
    expect(OFFERED_TENANT_CODES.every((code) => code.startsWith("C"))).toBe(true);
  });
});
