// The `set` page: a tenant administrator reads and changes the organisation's password policy,
// lock-out policy, session lifetime and SMS step-up switch, or returns to the platform's values.
import {
  type PasswordPolicy,
  type PasswordPolicyBody,
  type PasswordPolicyView,
  type PolicyProblem,
  passwordPolicyProblems,
  policyProblemText,
  type SecuritySettingsBody,
  type SecuritySettingsView,
  securitySettingsProblems,
} from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { SessionService } from "../auth/sessions.service";
import type { Actor } from "./access-control";
import { orgSecuritySettings, users } from "./iam.schema";
import type { EffectiveSecurity, OrgSecurityRow, SecuritySettings } from "./security-settings.service";

const policyOf = (p: PasswordPolicy): PasswordPolicyBody => ({
  minLength: p.minLength,
  maxLength: p.maxLength,
  minDistinct: p.minDistinct,
  expiryDays: p.expiryDays,
  requireMixedCase: p.requireMixedCase ?? false,
});

const securityOf = (s: EffectiveSecurity): SecuritySettingsBody => ({
  lockoutPolicy: { ...s.lockoutPolicy },
  sessionTtlMinutes: s.sessionTtlMinutes,
  stepUpEnabled: s.stepUpEnabled,
});

/** The values of a view without its platform defaults and change information, for the audit trail. */
const valuesOf = (v: SecuritySettingsView): SecuritySettingsBody => ({
  lockoutPolicy: v.lockoutPolicy,
  sessionTtlMinutes: v.sessionTtlMinutes,
  stepUpEnabled: v.stepUpEnabled,
});

type Section = "passwordPolicy" | "security";

export type TenantSettingsService = ReturnType<typeof createTenantSettingsService>;

export function createTenantSettingsService(deps: {
  db: Db;
  clock: Clock;
  security: SecuritySettings;
  sessions: SessionService;
  audit: Audit;
}) {
  const { db, clock, security: settings, sessions, audit } = deps;

  async function changeInfo(row: OrgSecurityRow | null, custom: boolean) {
    if (!row || !custom) return { custom, updatedAt: null, updatedBy: null };
    const [by] = row.updatedBy
      ? await db.select({ account: users.account }).from(users).where(eq(users.id, row.updatedBy))
      : [];
    return { custom, updatedAt: row.updatedAt.toISOString(), updatedBy: by?.account ?? null };
  }

  async function passwordPolicyView(orgId: string): Promise<PasswordPolicyView> {
    const [effective, base, row] = await Promise.all([
      settings.effectiveFor(orgId),
      settings.platform(),
      settings.ownRow(orgId),
    ]);
    return {
      policy: policyOf(effective.passwordPolicy),
      platform: policyOf(base.passwordPolicy),
      ...(await changeInfo(row, row?.passwordPolicy != null)),
    };
  }

  async function securityView(orgId: string): Promise<SecuritySettingsView> {
    const [effective, base, row] = await Promise.all([
      settings.effectiveFor(orgId),
      settings.platform(),
      settings.ownRow(orgId),
    ]);
    const custom =
      row !== null &&
      (row.lockoutPolicy != null || row.sessionTtlMinutes != null || row.stepUpEnabled != null);
    return { ...securityOf(effective), platform: securityOf(base), ...(await changeInfo(row, custom)) };
  }

  function refuse(problems: PolicyProblem[]): void {
    if (problems.length) throw new DomainError("POLICY_INVALID", { reason: policyProblemText(problems) });
  }

  async function save(
    actor: Actor,
    values: Partial<
      Pick<OrgSecurityRow, "passwordPolicy" | "lockoutPolicy" | "sessionTtlMinutes" | "stepUpEnabled">
    >,
  ) {
    const { orgId } = actor;
    const stamp = { updatedBy: actor.userId, updatedAt: clock.now() };
    await db
      .insert(orgSecuritySettings)
      .values({ orgId, ...values, ...stamp })
      .onConflictDoUpdate({ target: orgSecuritySettings.orgId, set: { ...values, ...stamp } });
    settings.forget(orgId);
  }

  async function record(actor: Actor, section: Section, before: unknown, after: unknown) {
    await audit.record(db, {
      action: "settings.updated",
      actorId: actor.userId,
      orgId: actor.orgId,
      target: actor.orgId,
      ip: actor.ip,
      detail: { section, before, after },
    });
  }

  // The password policy decides whether a principal must change an expired password, and the
  // current-user document shows its expiry: the organisation's cached principals are dropped.
  async function forgetMembers(orgId: string) {
    const members = await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId));
    for (const m of members) sessions.forgetUser(m.id);
  }

  return {
    passwordPolicyView,
    securityView,

    async updatePasswordPolicy(actor: Actor, body: PasswordPolicyBody) {
      const { orgId } = actor;
      refuse(passwordPolicyProblems(body));
      const before = await passwordPolicyView(orgId);
      await save(actor, { passwordPolicy: { ...body } });
      await forgetMembers(orgId);
      const after = await passwordPolicyView(orgId);
      await record(actor, "passwordPolicy", before.policy, after.policy);
      return after;
    },

    async updateSecurity(actor: Actor, body: SecuritySettingsBody) {
      const { orgId } = actor;
      refuse(securitySettingsProblems(body));
      const before = await securityView(orgId);
      await save(actor, {
        lockoutPolicy: { ...body.lockoutPolicy },
        sessionTtlMinutes: body.sessionTtlMinutes,
        stepUpEnabled: body.stepUpEnabled,
      });
      const after = await securityView(orgId);
      await record(actor, "security", valuesOf(before), valuesOf(after));
      return after;
    },

    /** Back to the platform's values for a section (the tenant's own values are dropped). */
    async restoreDefaults(actor: Actor, section: Section) {
      const { orgId } = actor;
      if (section === "passwordPolicy") {
        const before = await passwordPolicyView(orgId);
        await save(actor, { passwordPolicy: null });
        await forgetMembers(orgId);
        const after = await passwordPolicyView(orgId);
        await record(actor, section, before.policy, after.policy);
        return;
      }
      const before = await securityView(orgId);
      await save(actor, { lockoutPolicy: null, sessionTtlMinutes: null, stepUpEnabled: null });
      const after = await securityView(orgId);
      await record(actor, section, valuesOf(before), valuesOf(after));
    },
  };
}
