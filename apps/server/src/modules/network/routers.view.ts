// How a router reads in an answer.
import type { RouterSummary } from "@skyledger/contracts";
import type { RequestContext } from "../../platform/request-context";
import type { RouterListRow } from "./network.repo";
import { mayEdit } from "./network-access";

export function toRouterSummary(ctx: RequestContext, row: RouterListRow): RouterSummary {
  return {
    id: row.id,
    name: row.name,
    vpcId: row.vpcId,
    vpcName: row.vpcName,
    externalGateway: row.externalGateway,
    status: row.status,
    interfaceCount: row.interfaceCount,
    routeCount: row.routeCount,
    createdAt: row.createdAt.toISOString(),
    editable: mayEdit(ctx, { shared: row.vpcShared, createdBy: row.vpcCreatedBy }),
  };
}
