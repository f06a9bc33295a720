// The current-user document of spec §3 returned by GET /users/token.
import { allowedRoutes, buildMenus, type CurrentUser, LOCALES, roleName } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { ConfigService } from "../config/config.service";
import { maxDataScopeOf } from "../iam/data-scope";
import { ROLE } from "../iam/iam.repo";
import type { SecuritySettings } from "../iam/security-settings.service";
import { isOrgFrozen } from "../iam/tenant-freeze.repo";
import { orgCertification } from "../verification/verification.repo";
import { findUserById, updateUser, userWithRoleAndOrg } from "./auth.repo";
import { passwordExpired } from "./password-expiry";
import { AUTH_CACHE_MS, type SessionService } from "./sessions.service";

/** Spec §4: 0 never agreed, 1 up to date, 2 privacy statement changed, 3 agreement changed, 4 both. */
export function policyAgreeSign(
  agreed: { agreement: number; privacy: number },
  current: { agreement: number; privacy: number },
): number {
  if (agreed.agreement === 0 && agreed.privacy === 0) return 0;
  const agreementChanged = agreed.agreement < current.agreement;
  const privacyChanged = agreed.privacy < current.privacy;
  if (agreementChanged && privacyChanged) return 4;
  if (agreementChanged) return 3;
  if (privacyChanged) return 2;
  return 1;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

type Profile = NonNullable<Awaited<ReturnType<typeof userWithRoleAndOrg>>>;

export function createCurrentUserService(deps: {
  db: Db;
  clock: Clock;
  config: ConfigService;
  security: Pick<SecuritySettings, "effectiveFor">;
  sessions: SessionService;
}) {
  const { db, clock, config, security, sessions } = deps;
  // The console asks for the current user on every page load; the profile is reused as long as
  // a principal is, and forgotten with it whenever the user's data changes.
  const profiles = new Map<string, { profile: Profile; at: number }>();
  sessions.onForgetUser((userId) => profiles.delete(userId));

  async function profileOf(userId: string): Promise<Profile | undefined> {
    const now = clock.now().getTime();
    const hit = profiles.get(userId);
    if (hit && now - hit.at < AUTH_CACHE_MS && now >= hit.at) return hit.profile;
    const profile = await userWithRoleAndOrg(db, userId);
    if (profile) {
      if (profiles.size > 10_000) profiles.clear();
      profiles.set(userId, { profile, at: now });
    }
    return profile;
  }

  // The whole document is reused for as long as a principal is (AUTH_CACHE_MS), per user and
  // language: the console reads it on every page load, and assembling it (menus, routes, the
  // organisation's verification for sub-users) is most of the call's cost. Only the session's
  // expiry and whether it is a support view differ between sessions and are filled in per call.
  type Document = Omit<CurrentUser, "sessionExpiresAt" | "support">;
  // Per document, the finished answer of each session (the document and that session's expiry):
  // the same object is returned until either changes, so the route sends its serialised form
  // again (reuseSerialized) instead of serialising 3 KB per call.
  type Entry = {
    doc: Document;
    at: number;
    versions: string;
    answers: Map<string, { expiresAt: number; answer: CurrentUser }>;
  };
  const documents = new Map<string, Entry>();
  sessions.onForgetUser((userId) => {
    for (const locale of LOCALES) documents.delete(`${userId}:${locale}`);
  });

  async function assemble(ctx: RequestContext): Promise<Document> {
    const { actor: principal, locale } = ctx;
    const [found, versions, settings, industries, scope, projectId] = await Promise.all([
      profileOf(principal.userId),
      config.policyVersions(),
      security.effectiveFor(principal.orgId),
      config.dictionary("INDUSTRY_TYPE"),
      ctx.dataScope(),
      ctx.defaultProject(),
    ]);
    const policy = settings.passwordPolicy;
    if (!found) throw new DomainError("SESSION_EXPIRED");
    const { user, role, org } = found;
    // Sub-users are verified through their organisation, i.e. its tenant administrator.
    const certification =
      org && user.roleId !== ROLE.tenantAdmin ? await orgCertification(db, org.id) : undefined;
    const cert = certification ?? {
      status: user.certificationStatus,
      remark: user.authRemark,
      type: user.authType,
    };
    const permissions = [...principal.permissions].sort();
    const industry = industries.find((d) => d.code === org?.industry);
    const pwdEnd =
      policy.expiryDays > 0 ? new Date(user.pwdChangedAt.getTime() + policy.expiryDays * 86_400_000) : null;
    return {
      userSid: user.id,
      account: user.account,
      industryName: industry ? (locale === "zh-CN" ? industry.labelZh : industry.labelEn) : null,
      realName: user.realName,
      sexName: user.sex,
      mobile: user.mobile,
      parentSid: user.parentId,
      email: user.email,
      lastLoginIp: user.lastLoginIp,
      lastLoginTime: iso(user.lastLoginTime),
      roleName: role ? roleName(role.key, role.name, locale) : "",
      roleType: role?.key ?? "",
      moduleType: role?.moduleType ?? "console",
      // Role 301 is flagged; an operator holding the billing administrator role (BI) is one too.
      billingAdmin: (role?.billingAdmin ?? false) || (!org && principal.permissions.has("BI")),
      limitDate: null,
      pwdEndTime: iso(pwdEnd),
      openId: null,
      wechatName: null,
      avatarUrl: user.avatarUrl,
      certificationStatus: cert.status,
      authentStatus: cert.status,
      remark: cert.remark,
      type: cert.type,
      maxDataScope: maxDataScopeOf(scope),
      projectId,
      permissions,
      menus: buildMenus(permissions, org ? "tenant" : "platform"),
      routes: allowedRoutes(permissions, org ? "tenant" : "platform"),
      currentOrg: org ? { orgSid: org.id, orgName: org.name } : null,
      // The user's own freeze or an operator's freeze of the whole tenant account.
      freezeStatus: user.freeze || Boolean(org?.frozenAt),
      loginNotFirstFlag: user.loginNotFirst && !passwordExpired(user, policy.expiryDays, clock.now()),
      policyAgreeSign: policyAgreeSign(
        { agreement: user.agreedAgreementVersion, privacy: user.agreedPrivacyVersion },
        versions,
      ),
      landing: role?.landing ?? "/mgt/dashboard",
    };
  }

  return {
    async get(ctx: RequestContext): Promise<CurrentUser> {
      const { actor: principal, locale } = ctx;
      const key = `${principal.userId}:${locale}`;
      const now = clock.now().getTime();
      // A newly published agreement must show at once (policyAgreeSign), so the versions are part
      // of what a kept document must match.
      const current = await config.policyVersions();
      const versions = `${current.agreement}.${current.privacy}`;
      const hit = documents.get(key);
      const fresh = hit && now - hit.at < AUTH_CACHE_MS && now >= hit.at && hit.versions === versions;
      let entry = fresh ? hit : undefined;
      if (!entry) {
        const doc = await assemble(ctx);
        if (documents.size > 10_000) documents.clear();
        entry = { doc, at: now, versions, answers: new Map() };
        documents.set(key, entry);
      }
      const expiresAt = principal.sessionExpiresAt.getTime();
      const kept = entry.answers.get(principal.sessionId);
      if (kept && kept.expiresAt === expiresAt) return kept.answer;
      const { support } = principal;
      const answer = {
        ...entry.doc,
        sessionExpiresAt: principal.sessionExpiresAt.toISOString(),
        support: support
          ? {
              operatorAccount: support.operatorAccount,
              operatorName: support.operatorName,
              orgName: entry.doc.currentOrg?.orgName ?? "",
            }
          : null,
      };
      if (entry.answers.size > 100) entry.answers.clear();
      entry.answers.set(principal.sessionId, { expiresAt, answer });
      return answer;
    },

    async agreePolicy({ actor }: RequestContext): Promise<{ ok: true }> {
      const versions = await config.policyVersions();
      await updateUser(db, actor.userId, {
        agreedAgreementVersion: versions.agreement,
        agreedPrivacyVersion: versions.privacy,
      });
      sessions.forgetUser(actor.userId);
      return { ok: true };
    },

    async accountFrozen({ actor }: RequestContext): Promise<{ freezeStatus: boolean }> {
      const user = await findUserById(db, actor.userId);
      return { freezeStatus: (user?.freeze ?? false) || (await isOrgFrozen(db, user?.orgId ?? null)) };
    },
  };
}
