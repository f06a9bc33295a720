// The hosts bound to a security group (`security_group/instance/{id}`): list, the hosts that may be
// bound, bind and unbind. A host is one of the tenant's cloud hosts (modules/resources) in the
// caller's data scope, running or stopped; the cloud is told the host's whole set of groups
// (setHostSecurityGroups), which works on a running host.
import type { EndpointBody, EndpointQuery, endpoints, SecurityGroupHost } from "@skyledger/contracts";
import { HOST_AT_REST_STATUSES, isOneOf } from "@skyledger/contracts";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import type { NetworkCloud } from "../../../providers/network/network-cloud";
import { runCloudChange } from "./cloud-change";
import { createDefaultGroupMaker } from "./default-group";
import {
  bindableHosts,
  countBoundHosts,
  deleteBinding,
  findBinding,
  findGroup,
  findScopedHost,
  hostGroupRefs,
  insertBinding,
  listBoundHosts,
  lockGroup,
  moveBinding,
} from "./security-groups.repo";
import type { SecurityGroupService } from "./security-groups.service";

/** How many times the host's set is sent again when another binding changed it meanwhile. */
const SYNC_ROUNDS = 3;

export function createSecurityGroupHostService(
  deps: { db: Db; clock: Clock; audit: Audit; cloud: NetworkCloud },
  groups: SecurityGroupService,
) {
  const { db, clock, cloud } = deps;
  const defaults = createDefaultGroupMaker(deps);

  /**
   * Sends the host's groups as our rows say now. Two bindings of one host made at once each send
   * a set; whichever is sent last must hold both, so the set is read again after each call and
   * sent again until what was sent is what the rows say.
   */
  async function syncHost(projectRef: string, host: { id: string; providerRef: string | null }) {
    if (!host.providerRef) return;
    let sent: string[] | null = null;
    for (let round = 0; round < SYNC_ROUNDS; round++) {
      const wanted = await hostGroupRefs(db, host.id);
      if (sent && sent.join() === wanted.join()) return;
      await cloud.setHostSecurityGroups(projectRef, host.providerRef, wanted);
      sent = wanted;
    }
  }

  /** The host the caller may see and bind now; NOT_FOUND for another tenant's or an unseen one. */
  async function usableHost(ctx: RequestContext, orgId: string, hostId: string) {
    const host = await findScopedHost(db, orgId, await ctx.dataScope(), hostId);
    if (!host) throw new DomainError("NOT_FOUND");
    if (!isOneOf(HOST_AT_REST_STATUSES, host.status) || !host.providerRef)
      throw new DomainError("SECURITY_HOST_STATE", { name: host.name });
    return host;
  }

  const toHost = (row: {
    hostId: string;
    name: string;
    status: string;
    ipAddress: string | null;
    boundAt?: Date | null;
    bindingStatus?: SecurityGroupHost["bindingStatus"];
  }): SecurityGroupHost => ({
    hostId: row.hostId,
    name: row.name,
    status: row.status,
    ipAddress: row.ipAddress,
    boundAt: row.boundAt ? row.boundAt.toISOString() : null,
    bindingStatus: row.bindingStatus ?? null,
  });

  return {
    async list(
      ctx: RequestContext,
      id: string,
      query: EndpointQuery<typeof endpoints.networkSecurity.hosts>,
    ) {
      const { row } = await groups.group(ctx, id);
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listBoundHosts(db, row.id, keyword, limit, offset),
        countBoundHosts(db, row.id, keyword),
        toHost,
      );
    },

    async bindable(ctx: RequestContext, id: string) {
      const { orgId, row } = await groups.group(ctx, id);
      const rows = await bindableHosts(db, orgId, await ctx.dataScope(), row.id);
      return rows.map(toHost);
    },

    async bind(ctx: RequestContext, id: string, input: EndpointBody<typeof endpoints.networkSecurity.bind>) {
      const { orgId, where, row } = await groups.group(ctx, id);
      const host = await usableHost(ctx, orgId, input.hostId);
      const projectRef = await defaults.project(orgId);
      await runCloudChange(deps, {
        async claim(tx) {
          // Under the group's lock, as a delete checks its bindings: the group is still there and made.
          await lockGroup(tx, id);
          const current = await findGroup(tx, where, id);
          if (current?.status !== "active" || !current.cloudRef) throw new DomainError("SECURITY_GROUP_BUSY");
          const inserted = await insertBinding(tx, {
            groupId: id,
            hostId: host.id,
            orgId,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          if (!inserted) throw new DomainError("SECURITY_HOST_BOUND", { name: host.name });
        },
        event: {
          action: "securityGroup.hostBound",
          ...ctx.auditBy,
          target: id,
          detail: { name: row.name, host: host.name },
        },
        failedAction: "securityGroup.hostBindFailed",
        ask: () => syncHost(projectRef, host),
        record: async (tx) => void (await moveBinding(tx, id, host.id, "creating", "active")),
        undo: (tx) => deleteBinding(tx, id, host.id),
      });
      return { ok: true as const };
    },

    async unbind(ctx: RequestContext, id: string, hostId: string) {
      const { orgId, row } = await groups.group(ctx, id);
      const host = await usableHost(ctx, orgId, hostId);
      const projectRef = await defaults.project(orgId);
      await runCloudChange(deps, {
        async claim(tx) {
          const binding = await findBinding(tx, id, host.id);
          if (!binding) throw new DomainError("SECURITY_HOST_NOT_BOUND", { name: host.name });
          if (!(await moveBinding(tx, id, host.id, "active", "deleting")))
            throw new DomainError("SECURITY_GROUP_BUSY");
        },
        event: {
          action: "securityGroup.hostUnbound",
          ...ctx.auditBy,
          target: id,
          detail: { name: row.name, host: host.name },
        },
        failedAction: "securityGroup.hostUnbindFailed",
        ask: () => syncHost(projectRef, host),
        record: (tx) => deleteBinding(tx, id, host.id),
        undo: async (tx) => void (await moveBinding(tx, id, host.id, "deleting", "active")),
      });
      return { ok: true as const };
    },
  };
}
