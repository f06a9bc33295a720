// The organisation's default security group, as every cloud console has one: made the first time
// it is needed (the list, a new group, a binding), never deleted. It lets every host out and lets
// in what comes from the group's own members, as Neutron's own default group does. On the cloud it
// is named `skyledger-default`: Neutron keeps the name `default` for the group it makes itself.
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import type { NetworkCloud, SecurityRuleCreate } from "../../../providers/network/network-cloud";
import { runCloudChange } from "./cloud-change";
import {
  deleteGroupRow,
  findDefaultGroup,
  insertGroup,
  insertRule,
  moveGroup,
  moveRule,
  orgNameOf,
} from "./security-groups.repo";

export const DEFAULT_GROUP_NAME = "default";
const CLOUD_NAME = "skyledger-default";
/** Below every rule a tenant adds (1 is the highest): the defaults read last. */
const DEFAULT_RULE_PRIORITY = 100;

/** Another request made the default group first: nothing to do. */
class AlreadyMade extends Error {}

export function createDefaultGroupMaker(deps: { db: Db; clock: Clock; audit: Audit; cloud: NetworkCloud }) {
  const { db, clock, cloud } = deps;

  /** The organisation's project on the cloud (the same reference every time). */
  async function project(orgId: string): Promise<string> {
    return cloud.ensureProject({ orgId, name: await orgNameOf(db, orgId) });
  }

  async function ensure(ctx: RequestContext, orgId: string): Promise<void> {
    if (await findDefaultGroup(db, orgId)) return;
    const id = newId();
    const rules = [
      { id: newId(), direction: "outbound" as const, remoteCidr: "0.0.0.0/0", remoteGroupId: null },
      { id: newId(), direction: "inbound" as const, remoteCidr: null, remoteGroupId: id },
    ];
    const projectRef = await project(orgId);
    try {
      await runCloudChange(deps, {
        async claim(tx) {
          const row = await insertGroup(tx, {
            id,
            orgId,
            projectId: null,
            name: DEFAULT_GROUP_NAME,
            description: "",
            isDefault: true,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          if (!row) throw new AlreadyMade();
          for (const rule of rules) {
            await insertRule(tx, {
              ...rule,
              groupId: id,
              orgId,
              protocol: "any",
              portStart: null,
              portEnd: null,
              priority: DEFAULT_RULE_PRIORITY,
              status: "creating",
              createdBy: ctx.actor.userId,
              createdAt: clock.now(),
            });
          }
        },
        event: {
          action: "securityGroup.defaultCreated",
          ...ctx.auditBy,
          target: id,
          detail: { name: DEFAULT_GROUP_NAME },
        },
        failedAction: "securityGroup.createFailed",
        async ask() {
          const groupRef = await cloud.createSecurityGroup({
            clientToken: id,
            project: projectRef,
            name: CLOUD_NAME,
            description: "Skyledger default group",
          });
          try {
            const refs: string[] = [];
            for (const rule of rules) {
              const input: SecurityRuleCreate = {
                clientToken: rule.id,
                project: projectRef,
                groupRef,
                direction: rule.direction === "inbound" ? "ingress" : "egress",
                protocol: "any",
                portMin: null,
                portMax: null,
                remoteCidr: rule.remoteCidr,
                remoteGroupRef: rule.remoteGroupId ? groupRef : null,
              };
              refs.push(await cloud.addSecurityRule(input));
            }
            return { groupRef, refs };
          } catch (err) {
            // Half made: the group goes (its rules with it), so nothing is left on the cloud.
            await cloud.deleteSecurityGroup(projectRef, groupRef);
            throw err;
          }
        },
        async record(tx, made) {
          await moveGroup(tx, id, "creating", { status: "active", cloudRef: made.groupRef });
          for (const [i, rule] of rules.entries())
            await moveRule(tx, rule.id, "creating", { status: "active", cloudRef: made.refs[i] ?? null });
        },
        undo: (tx) => deleteGroupRow(tx, id),
      });
    } catch (err) {
      if (!(err instanceof AlreadyMade)) throw err;
    }
  }

  return { project, ensure };
}
