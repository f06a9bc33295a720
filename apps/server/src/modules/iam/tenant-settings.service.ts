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
import { type Audit, changedFields } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { saveOrgSecurity } from "./security-settings.repo";
import {
  type EffectiveSecurity,
  effectiveOf,
  type OrgSecurityRow,
  type SecuritySettings,
} from "./security-settings.service";
import type { UserSessions } from "./user-sessions";
import { accountNamesOf, userIdsOfOrg } from "./users.repo";

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

/** The settings an audit row compares, flat: each one a field the console labels. */
const SETTING_FIELDS = [
  "minLength",
  "maxLength",
  "minDistinct",
  "expiryDays",
  "requireMixedCase",
  "maxFailures",
  "windowMinutes",
  "lockMinutes",
  "sessionTtlMinutes",
  "stepUpEnabled",
] as const;
type AuditedSettings = { [K in (typeof SETTING_FIELDS)[number]]?: unknown };

/** The login and session values, flat, as an audit row compares them. */
const auditedSecurity = (v: SecuritySettingsView): AuditedSettings => {
  const { lockoutPolicy, ...rest } = valuesOf(v);
  return { ...lockoutPolicy, ...rest };
};

type Section = "passwordPolicy" | "security";

export type TenantSettingsService = ReturnType<typeof createTenantSettingsService>;

export function createTenantSettingsService(deps: {
  db: Db;
  clock: Clock;
  security: SecuritySettings;
  sessions: UserSessions;
  audit: Audit;
}) {
  const { db, clock, security: settings, sessions, audit } = deps;

  /** What a view is made of: the platform's values and the tenant's own row (if any). */
  type Inputs = { base: EffectiveSecurity; row: OrgSecurityRow | null; updatedBy: string | null };

  async function inputs(orgId: string): Promise<Inputs> {
    const [base, row] = await Promise.all([settings.platform(), settings.ownRow(orgId)]);
    const updatedBy = row?.updatedBy
      ? ((await accountNamesOf(db, [row.updatedBy])).get(row.updatedBy) ?? null)
      : null;
    return { base, row, updatedBy };
  }

  function changeInfo({ row, updatedBy }: Inputs, custom: boolean) {
    if (!row || !custom) return { custom, updatedAt: null, updatedBy: null };
    return { custom, updatedAt: row.updatedAt.toISOString(), updatedBy };
  }

  function passwordPolicyOf(i: Inputs): PasswordPolicyView {
    return {
      policy: policyOf(effectiveOf(i.base, i.row).passwordPolicy),
      platform: policyOf(i.base.passwordPolicy),
      ...changeInfo(i, i.row?.passwordPolicy != null),
    };
  }

  function securityOfInputs(i: Inputs): SecuritySettingsView {
    const { row } = i;
    const custom =
      row !== null &&
      (row.lockoutPolicy != null || row.sessionTtlMinutes != null || row.stepUpEnabled != null);
    return {
      ...securityOf(effectiveOf(i.base, row)),
      platform: securityOf(i.base),
      ...changeInfo(i, custom),
    };
  }

  function refuse(problems: PolicyProblem[]): void {
    if (problems.length) throw new DomainError("POLICY_INVALID", { reason: policyProblemText(problems) });
  }

  /**
   * Saves the values and their audit row in one transaction; `view` makes the section's view of
   * the settings from its inputs, before and after. The platform's values are read before the
   * transaction (they do not change with it), the tenant's row and the changer's name in it.
   */
  async function change<V>(
    ctx: RequestContext,
    section: Section,
    values: Partial<
      Pick<OrgSecurityRow, "passwordPolicy" | "lockoutPolicy" | "sessionTtlMinutes" | "stepUpEnabled">
    >,
    view: (i: Inputs) => V,
    audited: (v: V) => AuditedSettings,
  ): Promise<V> {
    const orgId = ctx.ownTenant();
    const { userId } = ctx.actor;
    const before = await inputs(orgId);
    const actorName = (await accountNamesOf(db, [userId])).get(userId) ?? null;
    const after = await db.transaction(async (tx) => {
      const row = await saveOrgSecurity(tx, orgId, values, { updatedBy: userId, updatedAt: clock.now() });
      const after = view({ base: before.base, row, updatedBy: actorName });
      await audit.record(tx, {
        action: "settings.updated",
        ...ctx.auditBy,
        target: orgId,
        detail: { section, ...changedFields(audited(view(before)), audited(after), SETTING_FIELDS) },
      });
      return after;
    });
    settings.forget(orgId);
    // The password policy decides whether a principal must change an expired password, and the
    // current-user document shows its expiry: the organisation's cached principals are dropped.
    if (section === "passwordPolicy") for (const id of await userIdsOfOrg(db, orgId)) sessions.forgetUser(id);
    return after;
  }

  const policyOnly = (v: PasswordPolicyView): AuditedSettings => v.policy;

  return {
    passwordPolicyView: async (ctx: RequestContext) => passwordPolicyOf(await inputs(ctx.ownTenant())),
    securityView: async (ctx: RequestContext) => securityOfInputs(await inputs(ctx.ownTenant())),

    async updatePasswordPolicy(ctx: RequestContext, body: PasswordPolicyBody) {
      refuse(passwordPolicyProblems(body));
      return change(ctx, "passwordPolicy", { passwordPolicy: { ...body } }, passwordPolicyOf, policyOnly);
    },

    async updateSecurity(ctx: RequestContext, body: SecuritySettingsBody) {
      refuse(securitySettingsProblems(body));
      return change(
        ctx,
        "security",
        {
          lockoutPolicy: { ...body.lockoutPolicy },
          sessionTtlMinutes: body.sessionTtlMinutes,
          stepUpEnabled: body.stepUpEnabled,
        },
        securityOfInputs,
        auditedSecurity,
      );
    },

    /** Back to the platform's values for a section (the tenant's own values are dropped). */
    async restoreDefaults(ctx: RequestContext, section: Section) {
      if (section === "passwordPolicy") {
        await change(ctx, section, { passwordPolicy: null }, passwordPolicyOf, policyOnly);
      } else {
        const none = { lockoutPolicy: null, sessionTtlMinutes: null, stepUpEnabled: null };
        await change(ctx, section, none, securityOfInputs, auditedSecurity);
      }
      return { ok: true as const };
    },
  };
}
