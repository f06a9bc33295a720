// Permission sets (page `strategy`, spec §3 permission, §6): the built-in sets a tenant may hand
// out, read-only, and the tenant's custom sets built from the permission-code catalogue. A custom
// set marked shared may be used by every administrator of the tenant but changed only by its creator.
import {
  type EndpointBody,
  type endpoints,
  PERMISSION_CODE_NAMES_ZH,
  PERMISSION_CODES,
  type PermissionCatalogueItem,
  type PermissionSetRow,
  permissionCategory,
  TENANT_PERMISSION_CODES,
} from "@skyledger/contracts";
import { changedFields } from "../../platform/audit/audit";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { type AccessControlDeps, type Actor, actorOf, recorder } from "./access-control";
import { createGrantLimits } from "./grant-limits";
import { assertMayChange, assertMayShare, mayChange } from "./ownership";
import {
  deleteSet,
  findVisibleSet,
  holdersOfSet,
  insertSet,
  listSets,
  type PermissionSetRecord,
  type SetFilter,
  setNameTaken,
  updateSet,
} from "./permission-sets.repo";

export type PermissionSetsService = ReturnType<typeof createPermissionSetsService>;

type Body<K extends keyof typeof endpoints.permissionSets> = EndpointBody<
  (typeof endpoints.permissionSets)[K]
>;

const ok = { ok: true } as const;

// Codes are kept in catalogue order (the menu's order), whatever order the client sent.
const ORDER = new Map<string, number>(TENANT_PERMISSION_CODES.map((code, i) => [code, i]));
const ordered = (codes: readonly string[]) =>
  [...new Set(codes)].sort((a, b) => (ORDER.get(a) ?? 999) - (ORDER.get(b) ?? 999));

const CATALOGUE: PermissionCatalogueItem[] = TENANT_PERMISSION_CODES.map((code) => ({
  code,
  descriptionZh: PERMISSION_CODE_NAMES_ZH[code],
  descriptionEn: PERMISSION_CODES[code],
  category: permissionCategory(code),
  source: "builtIn",
}));

export function createPermissionSetsService(deps: AccessControlDeps) {
  const { db, clock, sessions } = deps;
  const record = recorder(deps.audit);
  const limits = createGrantLimits(db);

  async function mustFind(actor: Actor, setId: string): Promise<PermissionSetRecord> {
    const set = await findVisibleSet(db, actor.orgId, setId);
    if (!set) throw new DomainError("NOT_FOUND");
    return set;
  }

  async function checkName(actor: Actor, name: string, exceptId?: string) {
    if (await setNameTaken(db, actor.orgId, name, exceptId)) throw new DomainError("NAME_EXISTS", { name });
  }

  async function forgetHolders(actor: Actor, setId: string) {
    for (const id of await holdersOfSet(db, actor.orgId, setId)) sessions.forgetUser(id);
  }

  return {
    catalogue: (): PermissionCatalogueItem[] => CATALOGUE,

    async list(ctx: RequestContext, filter: SetFilter) {
      const page = await listSets(db, ctx.ownTenant(), filter);
      return {
        ...page,
        list: page.list.map(
          ({ set, creator, groupCount, userCount }): PermissionSetRow => ({
            id: set.id,
            name: set.name,
            key: set.key,
            builtIn: set.builtIn,
            description: set.description ?? "",
            source: set.builtIn ? "builtIn" : "custom",
            codes: ordered(set.codes),
            shared: set.shared,
            createdBy: set.createdBy,
            createdByAccount: creator,
            mayChange: mayChange(set, ctx.actor),
            groupCount: Number(groupCount),
            userCount: Number(userCount),
            createdAt: set.createdAt.toISOString(),
          }),
        ),
      };
    },

    async create(ctx: RequestContext, body: Body<"create">): Promise<{ id: string }> {
      const actor = actorOf(ctx);
      await checkName(actor, body.name);
      const id = newId();
      await db.transaction(async (tx) => {
        await insertSet(tx, {
          id,
          name: body.name,
          description: body.description || null,
          orgId: actor.orgId,
          builtIn: false,
          codes: ordered(body.codes),
          shared: body.shared,
          createdBy: actor.userId,
          createdAt: clock.now(),
        });
        await record(tx, actor, "permissionSet.created", id, {
          name: body.name,
          codes: ordered(body.codes),
          shared: body.shared,
        });
      });
      return { id };
    },

    async update(ctx: RequestContext, setId: string, body: Body<"update">) {
      const actor = actorOf(ctx);
      const set = await mustFind(actor, setId);
      assertMayChange(set, actor);
      assertMayShare(set, actor, body.shared);
      await checkName(actor, body.name, set.id);
      await limits.assertMayAddCodesToSet(
        actor,
        set.id,
        body.codes.filter((code) => !set.codes.includes(code)),
      );
      await db.transaction(async (tx) => {
        await updateSet(tx, set.id, {
          name: body.name,
          description: body.description || null,
          codes: ordered(body.codes),
          shared: body.shared,
        });
        const before = {
          name: set.name,
          description: set.description ?? "",
          codes: ordered(set.codes),
          shared: set.shared,
        };
        const after = {
          name: body.name,
          description: body.description ?? "",
          codes: ordered(body.codes),
          shared: body.shared,
        };
        await record(tx, actor, "permissionSet.updated", set.id, {
          name: set.name,
          ...changedFields(before, after, ["name", "description", "codes", "shared"]),
        });
      });
      await forgetHolders(actor, set.id);
      return ok;
    },

    async remove(ctx: RequestContext, setId: string) {
      const actor = actorOf(ctx);
      const set = await mustFind(actor, setId);
      assertMayChange(set, actor);
      const holders = await holdersOfSet(db, actor.orgId, set.id);
      // Grants to groups and users go with the set (foreign keys cascade).
      await db.transaction(async (tx) => {
        await deleteSet(tx, set.id);
        await record(tx, actor, "permissionSet.deleted", set.id, {
          name: set.name,
          codes: set.codes,
          holderCount: holders.length,
        });
      });
      for (const id of holders) sessions.forgetUser(id);
      return ok;
    },
  };
}
