// A tenant's security settings (page `set`): its own password policy, lock-out policy, session
// lifetime and SMS step-up switch. Whatever a tenant has not set falls back to the platform's
// configuration entries, so operators keep the defaults and tenants only tighten what they choose.
import type { PasswordPolicy } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { ConfigService, LockoutPolicy } from "../config/config.service";
import { orgSecuritySettings } from "./iam.schema";

export type EffectiveSecurity = {
  passwordPolicy: PasswordPolicy;
  lockoutPolicy: LockoutPolicy;
  sessionTtlMinutes: number;
  stepUpEnabled: boolean;
};

export type SecuritySettings = ReturnType<typeof createSecuritySettings>;

export function createSecuritySettings(db: Db, config: ConfigService) {
  async function platform(): Promise<EffectiveSecurity> {
    const [passwordPolicy, lockoutPolicy, sessionTtlMinutes, stepUpEnabled] = await Promise.all([
      config.passwordPolicy(),
      config.lockoutPolicy(),
      config.sessionTtlMinutes(),
      config.flag("sms.stepup.enable"),
    ]);
    return { passwordPolicy, lockoutPolicy, sessionTtlMinutes, stepUpEnabled };
  }

  return {
    platform,
    /** The settings in force for users of `orgId`; platform accounts (no organisation) get the platform's. */
    async effectiveFor(orgId: string | null): Promise<EffectiveSecurity> {
      const base = await platform();
      if (!orgId) return base;
      const [own] = await db.select().from(orgSecuritySettings).where(eq(orgSecuritySettings.orgId, orgId));
      if (!own) return base;
      return {
        passwordPolicy: { ...base.passwordPolicy, ...(own.passwordPolicy as Partial<PasswordPolicy> | null) },
        lockoutPolicy: { ...base.lockoutPolicy, ...(own.lockoutPolicy as Partial<LockoutPolicy> | null) },
        sessionTtlMinutes: own.sessionTtlMinutes ?? base.sessionTtlMinutes,
        stepUpEnabled: own.stepUpEnabled ?? base.stepUpEnabled,
      };
    },
  };
}
