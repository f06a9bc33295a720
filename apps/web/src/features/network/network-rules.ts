// The form rules that look at the VPC's other objects, with the server's own messages (the error
// catalogue's text in the reader's language): a subnet inside its VPC overlapping no sibling, a
// gateway inside its subnet, a route conflicting with no route or subnet and going via a joined one.
import {
  errorText,
  gatewayFits,
  type Locale,
  nexthopJoined,
  parseCidr,
  routeConflict,
  subnetPlacementProblem,
} from "@skyledger/contracts";
import type { Rule } from "antd/es/form";

type Named = { name: string; cidr: string };
const fail = (text: string) => Promise.reject(new Error(text));

export const localeOf = (language: string): Locale => (language === "en-US" ? "en-US" : "zh-CN");

/** A subnet's CIDR against its VPC and the subnets already there. */
export function subnetPlacementRule(vpcCidr: string, siblings: Named[], locale: Locale): Rule {
  return {
    validator: async (_, value?: string) => {
      const cidr = value?.trim() ?? "";
      const problem = subnetPlacementProblem(cidr, vpcCidr, siblings);
      if (problem?.kind === "outside")
        return fail(errorText("SUBNET_OUTSIDE_VPC", locale, { cidr, vpcCidr }));
      if (problem?.kind === "overlap")
        return fail(errorText("SUBNET_OVERLAPS", locale, { cidr, name: problem.name, other: problem.cidr }));
    },
  };
}

/** An optional gateway: a host address of the subnet being written. */
export function gatewayRule(cidrOf: () => string | undefined, locale: Locale): Rule {
  return {
    validator: async (_, value?: string) => {
      const gateway = value?.trim();
      const cidr = cidrOf()?.trim() ?? "";
      if (!gateway || !parseCidr(cidr)) return;
      if (!gatewayFits(gateway, cidr))
        return fail(errorText("SUBNET_GATEWAY_INVALID", locale, { gateway, cidr }));
    },
  };
}

/** A route's destination against the router's routes and the VPC's subnets (spec §5). */
export function routeConflictRule(
  routes: { destination: string; nexthop: string }[],
  vpcSubnets: Named[],
  locale: Locale,
): Rule {
  return {
    validator: async (_, value?: string) => {
      const destination = value?.trim() ?? "";
      const problem = routeConflict(destination, routes, vpcSubnets);
      if (problem?.kind === "route")
        return fail(
          errorText("ROUTE_CONFLICTS_ROUTE", locale, {
            destination,
            other: problem.destination,
            nexthop: problem.nexthop,
          }),
        );
      if (problem?.kind === "subnet")
        return fail(
          errorText("ROUTE_CONFLICTS_SUBNET", locale, {
            destination,
            name: problem.name,
            cidr: problem.cidr,
          }),
        );
    },
  };
}

/** A next hop inside one of the joined subnets. */
export function nexthopRule(joinedCidrs: string[], locale: Locale): Rule {
  return {
    validator: async (_, value?: string) => {
      const nexthop = value?.trim() ?? "";
      if (!nexthop) return;
      if (!nexthopJoined(nexthop, joinedCidrs))
        return fail(errorText("ROUTE_NEXTHOP_NOT_JOINED", locale, { nexthop }));
    },
  };
}

/** DNS servers typed as one comma-separated line. */
export const dnsList = (text: string | undefined): string[] =>
  (text ?? "")
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
