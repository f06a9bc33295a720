// The network rules shared by the forms and the server (spec §5, decision 0016): masks and private
// ranges, a subnet's place in its VPC, a gateway inside its subnet, and route conflicts named.
import { describe, expect, it } from "vitest";
import {
  gatewayFits,
  nexthopJoined,
  routeConflict,
  routeProblem,
  subnetCidr,
  subnetPlacementProblem,
  vpcCidr,
} from "../src/api/network";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe("CIDR fields", () => {
  it.each([
    ["10.0.0.0/16", null],
    ["192.168.10.0/28", null],
    ["10.0.0.0/15", "validation.vpcMask"],
    ["10.0.0.0/29", "validation.vpcMask"],
    ["100.64.0.0/16", "validation.cidrPrivate"],
    ["10.0.0.5/16", "validation.cidrFormat"],
    ["", "validation.required"],
  ])("a VPC of %s: %s", (text, key) => expect(firstMessage(vpcCidr.safeParse(text))).toBe(key));

  it.each([
    ["10.0.1.0/29", null],
    ["10.0.1.0/30", "validation.subnetMask"],
    ["172.31.255.0/24", null],
    ["172.32.0.0/24", "validation.cidrPrivate"],
  ])("a subnet of %s: %s", (text, key) => expect(firstMessage(subnetCidr.safeParse(text))).toBe(key));
});

describe("a subnet in its VPC", () => {
  const siblings = [{ name: "web", cidr: "10.0.1.0/24" }];
  it("is inside the VPC and overlaps no sibling, which is named", () => {
    expect(subnetPlacementProblem("10.0.2.0/24", "10.0.0.0/16", siblings)).toBeNull();
    expect(subnetPlacementProblem("10.1.0.0/24", "10.0.0.0/16", siblings)).toEqual({
      kind: "outside",
      vpcCidr: "10.0.0.0/16",
    });
    expect(subnetPlacementProblem("10.0.0.0/20", "10.0.0.0/16", siblings)).toEqual({
      kind: "overlap",
      name: "web",
      cidr: "10.0.1.0/24",
    });
  });

  it("takes a gateway that is a host address of the subnet", () => {
    expect(gatewayFits("10.0.1.1", "10.0.1.0/24")).toBe(true);
    expect(gatewayFits("10.0.1.0", "10.0.1.0/24")).toBe(false);
    expect(gatewayFits("10.0.1.255", "10.0.1.0/24")).toBe(false);
    expect(gatewayFits("10.0.2.1", "10.0.1.0/24")).toBe(false);
  });
});

describe("a static route", () => {
  const routes = [{ destination: "172.20.0.0/16", nexthop: "10.0.1.9" }];
  const subnets = [
    { name: "web", cidr: "10.0.1.0/24" },
    { name: "db", cidr: "10.0.2.0/24" },
  ];
  it("conflicts with a route or a subnet it shares an address with, naming it", () => {
    expect(routeConflict("172.20.1.0/24", routes, subnets)).toEqual({
      kind: "route",
      destination: "172.20.0.0/16",
      nexthop: "10.0.1.9",
    });
    expect(routeConflict("10.0.0.0/8", [], subnets)).toEqual({
      kind: "subnet",
      name: "web",
      cidr: "10.0.1.0/24",
    });
    expect(routeConflict("192.168.0.0/16", routes, subnets)).toBeNull();
  });

  it("goes via a joined subnet", () => {
    expect(nexthopJoined("10.0.1.20", ["10.0.1.0/24"])).toBe(true);
    expect(nexthopJoined("10.0.2.20", ["10.0.1.0/24"])).toBe(false);
    expect(
      routeProblem({ destination: "192.168.0.0/16", nexthop: "10.0.2.20" }, routes, subnets, ["10.0.1.0/24"]),
    ).toEqual({ kind: "nexthop" });
    expect(
      routeProblem({ destination: "192.168.0.0/16", nexthop: "10.0.1.20" }, routes, subnets, ["10.0.1.0/24"]),
    ).toBeNull();
  });
});
