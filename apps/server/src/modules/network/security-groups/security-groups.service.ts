// Security groups of the caller's organisation and their rules: list (the default group made the
// first time it is needed), read, create, delete (refused for the default group and for a group in
// use, saying which hosts or groups use it), add and delete rules (duplicates refused). Every change
// goes to the cloud through the network SPI between two transactions (cloud-change.ts).
import type {
  EndpointBody,
  EndpointQuery,
  endpoints,
  SecurityGroupDetail,
  SecurityGroupRecord,
  SecurityRuleRecord,
} from "@skyledger/contracts";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import type { NetworkCloud } from "../../../providers/network/network-cloud";
import { stuck } from "../stuck-rows";
import { runCloudChange } from "./cloud-change";
import { createDefaultGroupMaker } from "./default-group";
import {
  boundHostNames,
  countGroups,
  deleteGroupBindings,
  deleteGroupRow,
  deleteRuleRow,
  findGroup,
  findRule,
  findSameRule,
  type GroupListRow,
  groupNameTaken,
  insertGroup,
  insertRule,
  listGroups,
  listRules,
  lockGroup,
  moveGroup,
  moveRule,
  referencingGroupNames,
  releasedHostBindings,
  type SecurityRuleRow,
  visibleGroups,
} from "./security-groups.repo";
import { ruleSummary } from "./security-rule-text";

type Deps = { db: Db; clock: Clock; audit: Audit; cloud: NetworkCloud };

export function toGroupRecord(row: GroupListRow): SecurityGroupRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.isDefault,
    status: row.status,
    projectId: row.projectId,
    projectName: row.projectName,
    ruleCount: Number(row.ruleCount),
    hostCount: Number(row.hostCount),
    createdAt: row.createdAt.toISOString(),
  };
}

function toRuleRecord(rule: SecurityRuleRow, remoteGroupName: string | null): SecurityRuleRecord {
  return {
    id: rule.id,
    direction: rule.direction,
    protocol: rule.protocol,
    portStart: rule.portStart,
    portEnd: rule.portEnd,
    priority: rule.priority,
    remoteCidr: rule.remoteCidr,
    remoteGroupId: rule.remoteGroupId,
    remoteGroupName,
    status: rule.status,
    createdAt: rule.createdAt.toISOString(),
  };
}

export type SecurityGroupService = ReturnType<typeof createSecurityGroupService>;

export function createSecurityGroupService(deps: Deps) {
  const { db, clock, cloud } = deps;
  const defaults = createDefaultGroupMaker(deps);

  /** The caller's view of the organisation's groups. */
  async function visible(ctx: RequestContext) {
    const orgId = ctx.ownTenant();
    return { orgId, where: visibleGroups(orgId, await ctx.dataScope()) };
  }

  /** A group the caller may see (NOT_FOUND otherwise: another tenant's id answers as a missing one). */
  async function group(ctx: RequestContext, id: string) {
    const { orgId, where } = await visible(ctx);
    const row = await findGroup(db, where, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return { orgId, where, row };
  }

  const project = (orgId: string) => defaults.project(orgId);

  return {
    group,

    async list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.networkSecurity.list>) {
      const { orgId, where } = await visible(ctx);
      await defaults.ensure(ctx, orgId);
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listGroups(db, where, keyword, limit, offset),
        countGroups(db, where, keyword),
        toGroupRecord,
      );
    },

    async detail(ctx: RequestContext, id: string): Promise<SecurityGroupDetail> {
      const { row } = await group(ctx, id);
      const rules = await listRules(db, row.id);
      return { ...toGroupRecord(row), rules: rules.map((r) => toRuleRecord(r.rule, r.remoteGroupName)) };
    },

    async create(
      ctx: RequestContext,
      input: EndpointBody<typeof endpoints.networkSecurity.create>,
    ): Promise<SecurityGroupRecord> {
      const orgId = ctx.ownTenant();
      // The default group first: its name is the organisation's, never a tenant's own group's.
      await defaults.ensure(ctx, orgId);
      const id = newId();
      const projectId = await ctx.defaultProject();
      const projectRef = await project(orgId);
      await runCloudChange(deps, {
        async claim(tx) {
          if (await groupNameTaken(tx, orgId, input.name))
            throw new DomainError("NAME_EXISTS", { name: input.name });
          const row = await insertGroup(tx, {
            id,
            orgId,
            projectId,
            name: input.name,
            description: input.description ?? "",
            isDefault: false,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          if (!row) throw new DomainError("NAME_EXISTS", { name: input.name });
        },
        event: {
          action: "securityGroup.created",
          ...ctx.auditBy,
          target: id,
          detail: { name: input.name, description: input.description ?? "" },
        },
        failedAction: "securityGroup.createFailed",
        ask: () =>
          cloud.createSecurityGroup({
            clientToken: id,
            project: projectRef,
            name: input.name,
            description: input.description ?? "",
          }),
        record: async (tx, ref) =>
          void (await moveGroup(tx, id, "creating", { status: "active", cloudRef: ref })),
        undo: (tx) => deleteGroupRow(tx, id),
      });
      const { row } = await group(ctx, id);
      return toGroupRecord(row);
    },

    async remove(ctx: RequestContext, id: string) {
      const { orgId, row } = await group(ctx, id);
      if (row.isDefault) throw new DomainError("SECURITY_GROUP_DEFAULT");
      const projectRef = await project(orgId);
      // A group left `creating` by a stop between the claim and the record can go once it is
      // clearly not in flight: its create is asked again with the same client token, which finds
      // what the cloud made (or makes it), and that is deleted.
      const from = row.status === "creating" && stuck(row, clock.now()) ? "creating" : "active";
      await runCloudChange(deps, {
        async claim(tx) {
          await lockGroup(tx, id);
          const hosts = await boundHostNames(tx, id);
          if (hosts.length > 0) throw new DomainError("SECURITY_GROUP_BOUND", { hosts: hosts.join(", ") });
          const groups = await referencingGroupNames(tx, id);
          if (groups.length > 0)
            throw new DomainError("SECURITY_GROUP_REFERENCED", { groups: groups.join(", ") });
          if (!(await moveGroup(tx, id, from, { status: "deleting" })))
            throw new DomainError("SECURITY_GROUP_BUSY");
        },
        event: { action: "securityGroup.deleted", ...ctx.auditBy, target: id, detail: { name: row.name } },
        failedAction: "securityGroup.deleteFailed",
        async ask() {
          // A released host's ports are gone on Neutron; the simulator still lists its groups.
          // Telling the cloud it has none is a no-op on the one and a release on the other.
          for (const stale of await releasedHostBindings(db, id))
            if (stale.providerRef) await cloud.setHostSecurityGroups(projectRef, stale.providerRef, []);
          const ref =
            row.cloudRef ??
            (from === "creating"
              ? await cloud.createSecurityGroup({
                  clientToken: id,
                  project: projectRef,
                  name: row.name,
                  description: row.description,
                })
              : null);
          if (ref) await cloud.deleteSecurityGroup(projectRef, ref);
        },
        async record(tx) {
          await deleteGroupBindings(tx, id);
          await deleteGroupRow(tx, id);
        },
        undo: async (tx) => void (await moveGroup(tx, id, "deleting", { status: from })),
      });
      return { ok: true as const };
    },

    async addRule(
      ctx: RequestContext,
      id: string,
      input: EndpointBody<typeof endpoints.networkSecurity.addRule>,
    ): Promise<SecurityRuleRecord> {
      const { orgId, where, row } = await group(ctx, id);
      const rule = {
        direction: input.direction,
        protocol: input.protocol,
        portStart: input.portStart ?? null,
        portEnd: input.portEnd ?? null,
        remoteCidr: input.remoteType === "cidr" ? (input.remoteCidr ?? null) : null,
        remoteGroupId: input.remoteType === "group" ? (input.remoteGroupId ?? null) : null,
      };
      let remote: GroupListRow | undefined;
      if (rule.remoteGroupId) {
        remote = await findGroup(db, where, rule.remoteGroupId);
        if (!remote) throw new DomainError("SECURITY_RULE_REMOTE_GROUP");
        if (!remote.cloudRef || remote.status !== "active") throw new DomainError("SECURITY_GROUP_BUSY");
      }
      const projectRef = await project(orgId);
      const ruleId = newId();
      const text = ruleSummary({ ...rule, priority: input.priority }, remote?.name ?? null);
      const made = await runCloudChange(deps, {
        async claim(tx) {
          await lockGroup(tx, id);
          const same = await findSameRule(tx, id, rule);
          if (same) throw new DomainError("SECURITY_RULE_DUPLICATE", { priority: same.priority });
          const current = await findGroup(tx, where, id);
          if (!current?.cloudRef || current.status !== "active") throw new DomainError("SECURITY_GROUP_BUSY");
          await insertRule(tx, {
            id: ruleId,
            groupId: id,
            orgId,
            ...rule,
            priority: input.priority,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
        },
        event: {
          action: "securityGroup.ruleAdded",
          ...ctx.auditBy,
          target: id,
          detail: { name: row.name, securityRule: text },
        },
        failedAction: "securityGroup.ruleAddFailed",
        ask: () =>
          cloud.addSecurityRule({
            clientToken: ruleId,
            project: projectRef,
            groupRef: row.cloudRef as string,
            direction: rule.direction === "inbound" ? "ingress" : "egress",
            protocol: rule.protocol,
            portMin: rule.portStart,
            portMax: rule.portEnd,
            remoteCidr: rule.remoteCidr,
            remoteGroupRef: remote?.cloudRef ?? null,
          }),
        record: async (tx, ref) =>
          void (await moveRule(tx, ruleId, "creating", { status: "active", cloudRef: ref })),
        undo: (tx) => deleteRuleRow(tx, ruleId),
      });
      const saved = await findRule(db, id, ruleId);
      return toRuleRecord({ ...(saved as SecurityRuleRow), cloudRef: made }, remote?.name ?? null);
    },

    async removeRule(ctx: RequestContext, id: string, ruleId: string) {
      const { orgId, where, row } = await group(ctx, id);
      const rule = await findRule(db, id, ruleId);
      if (!rule) throw new DomainError("NOT_FOUND");
      const projectRef = await project(orgId);
      // As for a group: a rule left `creating` by a stop is asked for again, then deleted.
      const from = rule.status === "creating" && stuck(rule, clock.now()) ? "creating" : "active";
      const remoteRef = rule.remoteGroupId
        ? ((await findGroup(db, where, rule.remoteGroupId))?.cloudRef ?? null)
        : null;
      // A rule naming a group the cloud never made cannot have been made either.
      const remade = () =>
        row.cloudRef && (rule.remoteCidr || remoteRef)
          ? cloud.addSecurityRule({
              clientToken: ruleId,
              project: projectRef,
              groupRef: row.cloudRef,
              direction: rule.direction === "inbound" ? "ingress" : "egress",
              protocol: rule.protocol,
              portMin: rule.portStart,
              portMax: rule.portEnd,
              remoteCidr: rule.remoteCidr,
              remoteGroupRef: remoteRef,
            })
          : Promise.resolve(null);
      await runCloudChange(deps, {
        async claim(tx) {
          if (!(await moveRule(tx, ruleId, from, { status: "deleting" })))
            throw new DomainError("SECURITY_GROUP_BUSY");
        },
        event: {
          action: "securityGroup.ruleDeleted",
          ...ctx.auditBy,
          target: id,
          detail: { name: row.name, securityRule: ruleSummary(rule, null) },
        },
        failedAction: "securityGroup.ruleDeleteFailed",
        async ask() {
          const ref = rule.cloudRef ?? (from === "creating" ? await remade() : null);
          if (ref) await cloud.deleteSecurityRule(projectRef, ref);
        },
        record: (tx) => deleteRuleRow(tx, ruleId),
        undo: async (tx) => void (await moveRule(tx, ruleId, "deleting", { status: from })),
      });
      return { ok: true as const };
    },
  };
}
