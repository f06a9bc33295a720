// A tenant's security settings (page `set`): its own password policy, lock-out policy, session
// lifetime and SMS step-up switch. Whatever a tenant has not set falls back to the platform's
// configuration entries, so operators keep the defaults and tenants only tighten what they choose.
import type { PasswordPolicy } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ConfigService, LockoutPolicy } from "../config/config.service";
import { type OrgSecurityRow, orgSecurityRow } from "./security-settings.repo";

export type EffectiveSecurity = {
  passwordPolicy: PasswordPolicy;
  lockoutPolicy: LockoutPolicy;
  sessionTtlMinutes: number;
  stepUpEnabled: boolean;
};

export type { OrgSecurityRow };

/** The settings in force: the tenant's own values over the platform's. */
export function effectiveOf(base: EffectiveSecurity, own: OrgSecurityRow | null): EffectiveSecurity {
  if (!own) return base;
  return {
    passwordPolicy: { ...base.passwordPolicy, ...(own.passwordPolicy as Partial<PasswordPolicy> | null) },
    lockoutPolicy: { ...base.lockoutPolicy, ...(own.lockoutPolicy as Partial<LockoutPolicy> | null) },
    sessionTtlMinutes: own.sessionTtlMinutes ?? base.sessionTtlMinutes,
    stepUpEnabled: own.stepUpEnabled ?? base.stepUpEnabled,
  };
}

// Read on every sign-in, session touch and step-up check. Like the configuration cache, a few
// seconds keep several instances consistent; this instance forgets an organisation's entry at once
// when its settings change (forget), so the `set` page takes effect on the next request.
const CACHE_MS = 5_000;

export type SecuritySettings = ReturnType<typeof createSecuritySettings>;

/** Without a clock nothing is cached (every call reads the row). */
export function createSecuritySettings(db: Db, config: ConfigService, clock?: Clock) {
  const cache = new Map<string, { row: OrgSecurityRow | null; at: number }>();

  async function platform(): Promise<EffectiveSecurity> {
    const [passwordPolicy, lockoutPolicy, sessionTtlMinutes, stepUpEnabled] = await Promise.all([
      config.passwordPolicy(),
      config.lockoutPolicy(),
      config.sessionTtlMinutes(),
      config.flag("sms.stepup.enable"),
    ]);
    return { passwordPolicy, lockoutPolicy, sessionTtlMinutes, stepUpEnabled };
  }

  async function ownRow(orgId: string): Promise<OrgSecurityRow | null> {
    const now = clock?.now().getTime();
    const hit = cache.get(orgId);
    if (hit && now !== undefined && now - hit.at < CACHE_MS && now >= hit.at) return hit.row;
    const row = await orgSecurityRow(db, orgId);
    if (now !== undefined) {
      if (cache.size > 10_000) cache.clear();
      cache.set(orgId, { row: row ?? null, at: now });
    }
    return row ?? null;
  }

  return {
    platform,
    /** The tenant's own row (null columns fall back to the platform), or null when it set nothing. */
    ownRow,
    /** The settings in force for users of `orgId`; platform accounts (no organisation) get the platform's. */
    async effectiveFor(orgId: string | null): Promise<EffectiveSecurity> {
      const [base, own] = await Promise.all([platform(), orgId ? ownRow(orgId) : null]);
      return effectiveOf(base, own);
    },
    /** Drops the cached row of an organisation whose settings were just changed. */
    forget(orgId: string): void {
      cache.delete(orgId);
    },
  };
}
