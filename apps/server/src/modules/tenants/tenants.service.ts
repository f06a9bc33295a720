// Operators' tenant management (issue 19 item 3, docs/operations/operators.md "Managing tenants"):
// the searchable tenant list, a tenant's card and users, and the account freeze. Routes are
// `/sys/tenants` and `/sys/tenants/:id` in the console: spec §2 puts operator pages under `/sys`
// and has no tenant page of its own; "tenants" is the name operators use (the finance accounts
// page, `/sys/finance/accounts`, stays the money view and is reused inside the tenant's page).
import { formatYuan } from "@skyledger/billing";
import type { TenantDetail, TenantFreezeChange, TenantQuery, TenantRow } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { Messaging } from "../../platform/outbox/messaging";
import type { RequestContext } from "../../platform/request-context";
import { setOrgFreeze } from "../iam/tenant-freeze.repo";
import {
  type TenantRecord,
  tenantById,
  tenantsCount,
  tenantsPage,
  tenantUsersCount,
  tenantUsersPage,
} from "./tenants.repo";

export type TenantsDeps = { db: Db; clock: Clock; audit: Audit; messaging: Messaging };

type CertificationStatus = TenantRow["certificationStatus"];

function toRow({ org, main, cash, arrears, creditLimit }: TenantRecord): TenantRow {
  return {
    orgId: org.id,
    name: org.name,
    account: main?.account ?? null,
    mobile: main?.mobile ?? null,
    email: main?.email ?? org.email,
    certificationStatus: (main?.certificationStatus ?? "noAuth") as CertificationStatus,
    frozen: org.frozenAt !== null,
    // A debt shows as a negative balance, as on the tenant's own account overview.
    balance: formatYuan(cash + arrears),
    arrears: formatYuan(-arrears),
    creditLimit: formatYuan(creditLimit),
    createdAt: org.createdAt.toISOString(),
  };
}

function toDetail(r: TenantRecord): TenantDetail {
  return {
    ...toRow(r),
    mainUserSid: r.main?.userId ?? null,
    realName: r.main?.realName ?? null,
    industry: r.org.industry,
    address: r.org.address,
    phone: r.org.phone,
    authType: r.main?.authType ?? null,
    authRemark: r.main?.authRemark ?? null,
    freezeReason: r.org.freezeReason,
    frozenAt: r.org.frozenAt?.toISOString() ?? null,
  };
}

/** The notice the tenant's main account receives, in both languages (the centre shows it as sent). */
function freezeNotice(frozen: boolean, reason: string) {
  return frozen
    ? {
        title: "【Skyledger】账号已冻结 / Your account is frozen",
        body:
          `平台已冻结您的账号：您仍可查看资源、账单并充值，但不能下单、续费或变更配置。原因：${reason}\n` +
          `The platform has frozen your account: you can still read your resources and bills and top up, but not order, renew or change resources. Reason: ${reason}`,
      }
    : {
        title: "【Skyledger】账号已解冻 / Your account is unfrozen",
        body:
          `平台已解冻您的账号，您可以正常下单、续费和变更配置。说明：${reason}\n` +
          `The platform has unfrozen your account: you can order, renew and change resources again. Note: ${reason}`,
      };
}

export type TenantsService = ReturnType<typeof createTenantsService>;

export function createTenantsService({ db, clock, audit, messaging }: TenantsDeps) {
  async function mustTenant(tx: Tx, orgId: string): Promise<TenantRecord> {
    const found = await tenantById(tx, orgId);
    if (!found) throw new DomainError("NOT_FOUND");
    return found;
  }

  /** Freezes (`frozen`) or unfreezes the tenant, audited and told to its main account in one transaction. */
  async function changeFreeze(ctx: RequestContext, orgId: string, body: TenantFreezeChange, frozen: boolean) {
    const reason = body.reason.trim();
    if (!reason) throw new DomainError("TENANT_FREEZE_REASON_REQUIRED");
    return db.transaction(async (tx) => {
      const before = await mustTenant(tx, orgId);
      if (frozen && before.org.frozenAt) throw new DomainError("TENANT_ALREADY_FROZEN");
      if (!frozen && !before.org.frozenAt) throw new DomainError("TENANT_NOT_FROZEN");
      await setOrgFreeze(tx, orgId, frozen ? { frozenAt: clock.now(), reason, by: ctx.actor.userId } : null);
      await audit.record(tx, {
        action: frozen ? "tenant.frozen" : "tenant.unfrozen",
        ...ctx.auditBy,
        orgId,
        target: orgId,
        detail: { reason },
      });
      const main = before.main;
      if (main) {
        await messaging.notify(tx, {
          to: { userId: main.userId, orgId, email: main.email, mobile: main.mobile },
          type: "system",
          purpose: frozen ? "tenant.frozen" : "tenant.unfrozen",
          ...freezeNotice(frozen, reason),
          channels: ["email", "sms"],
        });
      }
      return toDetail(await mustTenant(tx, orgId));
    });
  }

  return {
    list(query: TenantQuery) {
      const now = clock.now();
      return pageOf(
        query,
        (limit, offset) => tenantsPage(db, query, now, limit, offset),
        tenantsCount(db, query, now),
        toRow,
      );
    },

    async detail(orgId: string): Promise<TenantDetail> {
      return toDetail(await mustTenant(db, orgId));
    },

    async users(orgId: string, page: PageRequest) {
      await mustTenant(db, orgId);
      return pageOf(
        page,
        (limit, offset) => tenantUsersPage(db, orgId, limit, offset),
        tenantUsersCount(db, orgId),
        (u) => ({
          userSid: u.id,
          account: u.account,
          realName: u.realName,
          email: u.email,
          mobile: u.mobile,
          main: u.parentId === null,
          status: u.status,
          createdAt: u.createdAt.toISOString(),
          lastLoginTime: u.lastLoginTime?.toISOString() ?? null,
        }),
      );
    },

    freeze: (ctx: RequestContext, orgId: string, body: TenantFreezeChange) =>
      changeFreeze(ctx, orgId, body, true),
    unfreeze: (ctx: RequestContext, orgId: string, body: TenantFreezeChange) =>
      changeFreeze(ctx, orgId, body, false),
  };
}
