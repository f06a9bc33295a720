// Signing in as support (issue 19 item 3, decision 0031): an after-sales engineer or the platform
// administrator opens a short, read-only session as a tenant's main account to see what the tenant
// sees. The start is audited with the operator, the tenant and the reason, in the transaction that
// opens the session; the tenant reads it in its own audit log.
import { SUPPORT_REASON_LENGTH, type SupportSession, type SupportSignInBody } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { SessionService } from "../auth/sessions.service";
import { findUserById } from "../iam/users.repo";
import { tenantById } from "./tenants.repo";

export type SupportSignInDeps = { db: Db; audit: Audit; sessions: Pick<SessionService, "createSupport"> };

export function createSupportSignIn({ db, audit, sessions }: SupportSignInDeps) {
  return {
    async start(
      ctx: RequestContext,
      orgId: string,
      body: SupportSignInBody,
      userAgent: string | undefined,
    ): Promise<SupportSession> {
      const reason = body.reason.trim();
      if (reason.length < SUPPORT_REASON_LENGTH.min || reason.length > SUPPORT_REASON_LENGTH.max)
        throw new DomainError("SUPPORT_REASON_INVALID");
      return db.transaction(async (tx) => {
        const tenant = await tenantById(tx, orgId);
        if (!tenant) throw new DomainError("NOT_FOUND");
        const main = tenant.main ? await findUserById(tx, tenant.main.userId) : undefined;
        if (main?.status !== "enabled") throw new DomainError("SUPPORT_NO_MAIN_ACCOUNT");
        const session = await sessions.createSupport(tx, main.id, {
          operatorId: ctx.actor.userId,
          ip: ctx.ip,
          userAgent,
        });
        await audit.record(tx, {
          action: "tenant.supportStarted",
          ...ctx.auditBy,
          orgId,
          target: main.id,
          detail: { reason, expiresAt: session.expiresAt.toISOString() },
        });
        return {
          token: session.token,
          signSecret: session.signSecret,
          expiresAt: session.expiresAt.toISOString(),
        };
      });
    },
  };
}
