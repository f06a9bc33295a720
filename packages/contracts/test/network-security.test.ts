// Spec §5's security rule checks, shared by the rule form and the server: a TCP or UDP rule needs a
// start port and an end port no smaller than it, both 1–65535; ICMP and all-protocol rules take no
// ports; the priority is 1–100; the authorised object is a CIDR block or a group, never both.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { securityRuleBody, securityRuleIssues } from "../src/api/network-security";

const cidrRule = { remoteType: "cidr" as const, remoteCidr: "0.0.0.0/0", remoteGroupId: null };

describe("security rule checks", () => {
  it("accept exactly the TCP and UDP port ranges with 1 ≤ start ≤ end ≤ 65535", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("tcp" as const, "udp" as const),
        fc.integer({ min: -5, max: 65540 }),
        fc.integer({ min: -5, max: 65540 }),
        (protocol, portStart, portEnd) => {
          const ok = portStart >= 1 && portEnd <= 65535 && portStart <= portEnd;
          const issues = securityRuleIssues({ protocol, portStart, portEnd, ...cidrRule });
          expect(issues.length === 0).toBe(ok);
          if (portStart >= 1 && portStart <= 65535 && portEnd < portStart)
            expect(issues).toContainEqual({ path: "portEnd", message: "validation.portRange" });
        },
      ),
    );
  });

  it("say an empty end port with the spec's message, and refuse ports on ICMP and all protocols", () => {
    expect(securityRuleIssues({ protocol: "tcp", portStart: 22, portEnd: null, ...cidrRule })).toEqual([
      { path: "portEnd", message: "validation.portRange" },
    ]);
    expect(securityRuleIssues({ protocol: "icmp", portStart: null, portEnd: null, ...cidrRule })).toEqual([]);
    expect(securityRuleIssues({ protocol: "any", portStart: 1, portEnd: 2, ...cidrRule })).toEqual([
      { path: "portStart", message: "validation.portsNotAllowed" },
    ]);
  });

  it("take a CIDR block or a group as the authorised object, not a host address and not both", () => {
    const base = { protocol: "icmp" as const, portStart: null, portEnd: null };
    expect(securityRuleIssues({ ...base, ...cidrRule, remoteCidr: "10.0.0.0/24" })).toEqual([]);
    expect(securityRuleIssues({ ...base, ...cidrRule, remoteCidr: "10.0.0.1/24" })).toEqual([
      { path: "remoteCidr", message: "validation.ruleCidr" },
    ]);
    expect(
      securityRuleIssues({ ...base, remoteType: "group", remoteCidr: null, remoteGroupId: "g-1" }),
    ).toEqual([]);
    expect(
      securityRuleIssues({ ...base, remoteType: "group", remoteCidr: "0.0.0.0/0", remoteGroupId: "g-1" }),
    ).toEqual([{ path: "remoteCidr", message: "validation.invalid" }]);
  });

  it("hold the priority to 1–100 in the request body", () => {
    const body = { direction: "inbound", protocol: "icmp", ...cidrRule };
    for (const [priority, ok] of [
      [0, false],
      [1, true],
      [100, true],
      [101, false],
      [1.5, false],
    ] as const)
      expect(securityRuleBody.safeParse({ ...body, priority }).success, String(priority)).toBe(ok);
  });
});
