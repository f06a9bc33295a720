// File shares (`/mgt/share`, CB10) and elastic files (`/mgt/scalableFile`, CB20): the caller's
// shares with their protocol, capacity, used capacity and mount address, and their access rules.
// A share is made, resized and released by the simulator provider like a disk (decision 0025);
// its capacity changes through the configuration change path and the one storage rule set.
// A rule's client network must be an IPv4 network with zero host bits that overlaps no other rule
// of the share, its priority a whole number 0–100 (0 the highest); each refusal has its message.
// Each change of a rule is one transaction with its audit row, the share's row locked.
import type { FileRule, FileRuleInput, FileShare, ResourceRecord } from "@skyledger/contracts";
import { FILE_RULE_PRIORITY_MAX, FILE_RULE_PRIORITY_MIN, FILE_RULES_MAX } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { Provider } from "../../providers/provider";
import type { ResourcesService } from "../resources/resources.service";
import { cidrsOverlap, parseCidr } from "./cidr";
import {
  deleteRule,
  insertRule,
  lockShare,
  ruleCounts,
  rulesOf,
  shareBackends,
  updateRule,
} from "./fileshares.repo";
import type { FileShareRuleRow } from "./fileshares.schema";

export type FileKind = "share" | "scalableFile";

/** The limits the forms show: the caller passes what the change path applies (storage-rules.ts). */
export type FileLimitsOf = (r: ResourceRecord) => Promise<FileShare["limits"]>;

const LIVE = new Set(["available", "using", "modifying"]);

/** Where a share is mounted: `host:/path` over NFS, `\\host\name` over CIFS. */
export function mountAddressOf(kind: FileKind, id: string, host: string, protocol: string): string {
  const name = `${kind === "share" ? "share" : "sfs"}-${id.replace(/-/g, "").slice(0, 12)}`;
  return protocol === "CIFS" ? `\\\\${host}\\${name}` : `${host}:/${name}`;
}

const ruleView = (row: FileShareRuleRow): FileRule => ({
  id: row.id,
  cidr: row.cidr,
  access: row.access,
  priority: row.priority,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createFileSharesService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  provider: Provider;
  resources: ResourcesService;
  limitsOf: FileLimitsOf;
}) {
  const { db, clock, resources } = deps;

  async function view(kind: FileKind, r: ResourceRecord, rules: number, withLimits: boolean) {
    const spec = r.spec as { protocol?: "NFS" | "CIFS"; sizeGb?: number };
    const row = (await shareBackends(db, [r.id])).get(r.id);
    const live = LIVE.has(r.status) || r.status === "frozen";
    const instance = live && row?.providerRef ? await deps.provider.get(row.providerRef) : null;
    const host = instance?.address ?? row?.ipAddress ?? null;
    const share: FileShare = {
      ...r,
      protocol: spec.protocol ?? null,
      sizeGb: spec.sizeGb ?? null,
      usedGb: instance ? (instance.usedGb ?? 0) : null,
      mountAddress:
        instance && host && spec.protocol ? mountAddressOf(kind, r.id, host, spec.protocol) : null,
      // File shares have only the simulator so far (decision 0025).
      simulated: true,
      ruleCount: rules,
      limits: withLimits ? await deps.limitsOf(r) : null,
    };
    return share;
  }

  /** The rule as typed, checked: its canonical network and priority, or the refusal. */
  function checked(body: FileRuleInput) {
    const cidr = parseCidr(body.cidr);
    if (!cidr) throw new DomainError("FILE_RULE_CIDR_INVALID");
    if (
      !Number.isInteger(body.priority) ||
      body.priority < FILE_RULE_PRIORITY_MIN ||
      body.priority > FILE_RULE_PRIORITY_MAX
    ) {
      throw new DomainError("FILE_RULE_PRIORITY_INVALID");
    }
    return { cidr, access: body.access, priority: body.priority };
  }

  /** A share whose rules may change now: the caller's, of this kind, and live. */
  async function changeable(ctx: RequestContext, kind: FileKind, id: string) {
    const { r } = await resources.visible(ctx, id, kind);
    if (!LIVE.has(r.status)) {
      throw new DomainError("FILE_SHARE_NOT_READY", { status: (await resources.detail(ctx, id)).statusName });
    }
    return r;
  }

  /** Refuses a network overlapping another rule of the share (`except`: the rule being changed). */
  function assertNoOverlap(
    rows: FileShareRuleRow[],
    cidr: NonNullable<ReturnType<typeof parseCidr>>,
    except?: string,
  ) {
    for (const other of rows) {
      if (other.id === except) continue;
      const o = parseCidr(other.cidr);
      if (o && cidrsOverlap(o, cidr)) throw new DomainError("FILE_RULE_CIDR_OVERLAP", { cidr: other.cidr });
    }
  }

  return {
    async list(kind: FileKind, ctx: RequestContext, q: Parameters<ResourcesService["list"]>[1]) {
      const page = await resources.list(ctx, q, kind);
      const counts = await ruleCounts(
        db,
        page.list.map((r) => r.id),
      );
      const list: FileShare[] = [];
      for (const r of page.list) list.push(await view(kind, r, counts.get(r.id) ?? 0, false));
      return { ...page, list };
    },

    async detail(kind: FileKind, ctx: RequestContext, id: string): Promise<FileShare> {
      const r = await resources.detail(ctx, id, kind);
      const counts = await ruleCounts(db, [id]);
      return view(kind, r, counts.get(id) ?? 0, true);
    },

    async rules(kind: FileKind, ctx: RequestContext, id: string): Promise<FileRule[]> {
      await resources.visible(ctx, id, kind);
      return (await rulesOf(db, id)).map(ruleView);
    },

    async addRule(kind: FileKind, ctx: RequestContext, id: string, body: FileRuleInput): Promise<FileRule> {
      const rule = checked(body);
      const r = await changeable(ctx, kind, id);
      return db.transaction(async (tx) => {
        await lockShare(tx, id);
        const rows = await rulesOf(tx, id);
        if (rows.length >= FILE_RULES_MAX) throw new DomainError("FILE_RULES_FULL", { max: FILE_RULES_MAX });
        assertNoOverlap(rows, rule.cidr);
        const now = clock.now();
        const row: FileShareRuleRow = {
          id: newId(),
          resourceId: id,
          cidr: rule.cidr.text,
          access: rule.access,
          priority: rule.priority,
          createdAt: now,
          updatedAt: now,
        };
        await insertRule(tx, row);
        await deps.audit.record(tx, {
          action: "fileShare.ruleAdded",
          ...ctx.auditBy,
          orgId: r.orgId,
          target: r.name,
          detail: { resourceKind: kind, cidr: row.cidr, ruleAccess: row.access, rulePriority: row.priority },
        });
        return ruleView(row);
      });
    },

    async updateRule(
      kind: FileKind,
      ctx: RequestContext,
      id: string,
      ruleId: string,
      body: FileRuleInput,
    ): Promise<FileRule> {
      const rule = checked(body);
      const r = await changeable(ctx, kind, id);
      return db.transaction(async (tx) => {
        await lockShare(tx, id);
        const rows = await rulesOf(tx, id);
        const before = rows.find((x) => x.id === ruleId);
        if (!before) throw new DomainError("FILE_RULE_NOT_FOUND");
        assertNoOverlap(rows, rule.cidr, ruleId);
        const row = await updateRule(tx, ruleId, {
          cidr: rule.cidr.text,
          access: rule.access,
          priority: rule.priority,
          updatedAt: clock.now(),
        });
        await deps.audit.record(tx, {
          action: "fileShare.ruleUpdated",
          ...ctx.auditBy,
          orgId: r.orgId,
          target: r.name,
          detail: {
            resourceKind: kind,
            cidr: { from: before.cidr, to: row!.cidr },
            ruleAccess: { from: before.access, to: row!.access },
            rulePriority: { from: before.priority, to: row!.priority },
          },
        });
        return ruleView(row!);
      });
    },

    async deleteRule(kind: FileKind, ctx: RequestContext, id: string, ruleId: string): Promise<FileRule> {
      const r = await changeable(ctx, kind, id);
      return db.transaction(async (tx) => {
        await lockShare(tx, id);
        const row = (await rulesOf(tx, id)).find((x) => x.id === ruleId);
        if (!row) throw new DomainError("FILE_RULE_NOT_FOUND");
        await deleteRule(tx, ruleId);
        await deps.audit.record(tx, {
          action: "fileShare.ruleRemoved",
          ...ctx.auditBy,
          orgId: r.orgId,
          target: r.name,
          detail: { resourceKind: kind, cidr: row.cidr, ruleAccess: row.access, rulePriority: row.priority },
        });
        return ruleView(row);
      });
    },
  };
}
export type FileSharesService = ReturnType<typeof createFileSharesService>;
