// Password changes: forced first-login change, change with the old password, and the two
// forgotten-password paths (SMS code, e-mailed link). A new password must meet the password policy
// of the user's organisation (its own, else the platform's).
import {
  checkPassword,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  type Locale,
  type PasswordPolicy,
  passwordProblemText,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { randomToken, sha256 } from "../../platform/ids";
import type { Messaging } from "../../platform/outbox/messaging";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import type { RequestContext } from "../../platform/request-context";
import type { ConfigService } from "../config/config.service";
import type { SecuritySettings } from "../iam/security-settings.service";
import {
  findUserByEmail,
  findUserById,
  findUserByMobile,
  insertResetToken,
  spendResetToken,
  spendResetTokensOf,
  type UserRow,
  unusedResetToken,
  updateUser,
} from "./auth.repo";
import type { CodeService } from "./codes.service";
import { passwordExpired } from "./password-expiry";
import type { SessionService } from "./sessions.service";

const RESET_LINK_MINUTES = 30;

type Body<K extends keyof typeof endpoints.auth> = EndpointBody<(typeof endpoints.auth)[K]>;
type Query<K extends keyof typeof endpoints.auth> = EndpointQuery<(typeof endpoints.auth)[K]>;

export function createPasswordService(deps: {
  db: Db;
  clock: Clock;
  config: ConfigService;
  security: Pick<SecuritySettings, "effectiveFor">;
  codes: CodeService;
  sessions: SessionService;
  messaging: Messaging;
  audit: Audit;
  publicUrl: string;
}) {
  const { db, clock, config, security, codes, sessions, messaging, audit } = deps;
  const policyFor = async (orgId: string | null) => (await security.effectiveFor(orgId)).passwordPolicy;

  async function validateNew(user: UserRow, newPassword: string, confirm: string): Promise<string> {
    if (newPassword !== confirm) throw new DomainError("PASSWORD_CONFIRM_MISMATCH");
    const policy = await policyFor(user.orgId);
    const problems = checkPassword(newPassword, policy);
    if (problems.length)
      throw new DomainError("PASSWORD_POLICY", { reason: passwordProblemText(problems, policy) });
    if (await verifyPassword(user.passwordHash, newPassword)) throw new DomainError("PASSWORD_SAME_AS_OLD");
    return hashPassword(newPassword);
  }

  /**
   * The new password, the end of the user's older reset links, of their sessions (but `keep`) and
   * the audit row, all in `tx`: the caller's transaction commits them together.
   */
  async function setPassword(
    tx: Tx,
    user: UserRow,
    passwordHash: string,
    action: string,
    ip: string,
    sessionsToEnd: { keep?: string } | "none",
  ) {
    await updateUser(tx, user.id, {
      passwordHash,
      pwdChangedAt: clock.now(),
      loginNotFirst: true,
      failedLogins: 0,
      firstFailedAt: null,
      lockedUntil: null,
    });
    // Reset links sent before this change must not set the password again.
    await spendResetTokensOf(tx, user.id, clock.now());
    if (sessionsToEnd !== "none") await sessions.revokeAllOf(tx, user.id, sessionsToEnd.keep);
    await audit.record(tx, { action, actorId: user.id, orgId: user.orgId, target: user.id, ip });
  }

  async function mustFind(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError("SESSION_EXPIRED");
    return user;
  }

  return {
    /** Checks a candidate against the policy of the caller's organisation. */
    async check(ctx: RequestContext, { password }: Body<"checkPassword">) {
      const policy = await policyFor(ctx.tenantId);
      const problems = checkPassword(password, policy);
      return { valid: problems.length === 0, problems, policy };
    },

    async firstLogin(ctx: RequestContext, body: Body<"setFirstPassword">) {
      const user = await mustFind(ctx.actor.userId);
      const policy = await policyFor(user.orgId);
      if (user.loginNotFirst && !passwordExpired(user, policy.expiryDays, clock.now())) {
        throw new DomainError("FIRST_LOGIN_DONE");
      }
      const hash = await validateNew(user, body.newPassword, body.confirmPassword);
      await db.transaction((tx) => setPassword(tx, user, hash, "password.firstLogin", ctx.ip, "none"));
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    async change(ctx: RequestContext, body: Body<"changePassword">) {
      const user = await mustFind(ctx.actor.userId);
      if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
        throw new DomainError("OLD_PASSWORD_WRONG");
      const hash = await validateNew(user, body.newPassword, body.confirmPassword);
      // Other sessions of the account end; the one that changed the password goes on.
      const keep = { keep: ctx.actor.sessionId };
      await db.transaction((tx) => setPassword(tx, user, hash, "password.change", ctx.ip, keep));
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    /** Public: the SMS code sent to the account's confirmed phone proves the caller owns it. */
    async resetBySms(body: Body<"forgotPasswordBySms">, ip: string) {
      const { phone, smsCode } = body;
      const user = await findUserByMobile(db, phone);
      // Reset codes are sent only to confirmed phones (codes.service.ts); an unconfirmed one resets nothing.
      if (!user?.mobileVerifiedAt) throw new DomainError("SMS_CODE_INVALID");
      // The code is checked before the new password: validateNew says whether it equals the current
      // one, which must not answer callers who only know the phone number. It is spent only once
      // the new password is accepted, so a policy mistake does not cost the user a new code.
      if (!(await codes.check(phone, "reset", smsCode, false))) throw new DomainError("SMS_CODE_INVALID");
      const hash = await validateNew(user, body.newPassword, body.confirmPassword);
      await db.transaction(async (tx) => {
        await codes.requireCode(phone, "reset", smsCode, tx);
        await setPassword(tx, user, hash, "password.reset.sms", ip, {});
      });
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    async sendResetLink({ email }: Body<"forgotPasswordByEmail">, locale: Locale) {
      if (!(await config.flag("email.enable"))) throw new DomainError("MAIL_NOT_CONFIGURED");
      const user = await findUserByEmail(db, email);
      // Same answer whether or not the address is known, so the form cannot probe for accounts.
      if (!user?.email) return { ok: true as const };
      const token = randomToken(32);
      const now = clock.now();
      const link = `${deps.publicUrl}/reset/password?token=${token}`;
      const zh = locale === "zh-CN";
      const recipient = user.email;
      await db.transaction(async (tx) => {
        await insertResetToken(tx, {
          tokenHash: sha256(token),
          userId: user.id,
          createdAt: now,
          expiresAt: addMinutes(now, RESET_LINK_MINUTES),
        });
        await messaging.queueEmail(tx, {
          recipient,
          purpose: "password.reset",
          subject: zh ? "Skyledger 重置密码" : "Reset your Skyledger password",
          body: zh
            ? `您好 ${user.account}：\n\n请在${RESET_LINK_MINUTES}分钟内打开以下链接重置密码：\n${link}\n\n如非本人操作，请忽略本邮件。`
            : `Hello ${user.account},\n\nOpen this link within ${RESET_LINK_MINUTES} minutes to reset your password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        });
      });
      return { ok: true as const };
    },

    /** Whether a reset link still works, and then the password policy of its account. */
    async checkResetLink({
      token,
    }: Query<"checkResetLink">): Promise<{ valid: boolean; policy: PasswordPolicy | null }> {
      const row = await unusedResetToken(db, sha256(token));
      const user =
        row && row.expiresAt.getTime() > clock.now().getTime() && (await findUserById(db, row.userId));
      return user ? { valid: true, policy: await policyFor(user.orgId) } : { valid: false, policy: null };
    },

    /**
     * Whether an SMS code is right (without spending it). A right reset code proves the phone, so
     * the answer carries the password policy of the phone's account for the reset form.
     */
    async checkSmsCode(
      query: Query<"checkSmsCode">,
    ): Promise<{ valid: boolean; policy: PasswordPolicy | null }> {
      const { phone, purpose } = query;
      const valid = await codes.check(phone, purpose, query.smsCode, false);
      const user = valid && purpose === "reset" ? await findUserByMobile(db, phone) : undefined;
      return { valid, policy: user ? await policyFor(user.orgId) : null };
    },

    async resetByLink(body: Body<"resetPassword">, ip: string) {
      const now = clock.now();
      const row = await unusedResetToken(db, sha256(body.token));
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw new DomainError("VERIFY_LINK_INVALID");
      const user = await mustFind(row.userId);
      const hash = await validateNew(user, body.newPassword, body.confirmPassword);
      await db.transaction(async (tx) => {
        if (!(await spendResetToken(tx, row.tokenHash, now))) throw new DomainError("VERIFY_LINK_INVALID");
        await setPassword(tx, user, hash, "password.reset.email", ip, {});
      });
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },
  };
}
