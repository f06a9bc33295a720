// The user's own profile (spec §2 `info`): a new e-mail address takes effect once the link sent to
// it is opened; a new phone number once the code sent to it is entered; the real name directly.
import {
  EMAIL_CHANGE_LINK_HOURS,
  type EndpointBody,
  type endpoints,
  type Locale,
  type ProfileDetails,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { randomToken, sha256 } from "../../platform/ids";
import type { Messaging } from "../../platform/outbox/messaging";
import type { RequestContext } from "../../platform/request-context";
import { findUserById, spendResetTokensOf, type UserRow, updateUser } from "../auth/auth.repo";
import type { CodeService } from "../auth/codes.service";
import type { SessionService } from "../auth/sessions.service";
import type { ConfigService } from "../config/config.service";
import { valueInUse } from "../iam/users.repo";
import {
  confirmMobile,
  emailTakenByOther,
  insertEmailChange,
  isUniqueViolation,
  liveEmailChange,
  pendingEmailChange,
  retireEmailChanges,
  spendEmailChange,
} from "./profile.repo";

/** "ow***@example.com": enough for the owner to recognise, not enough to hand out the address. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}

export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

type Body<K extends keyof typeof endpoints.profile> = EndpointBody<(typeof endpoints.profile)[K]>;

const sameEmail = (a: string | null, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: {
  db: Db;
  clock: Clock;
  config: ConfigService;
  codes: CodeService;
  sessions: SessionService;
  messaging: Messaging;
  audit: Audit;
  publicUrl: string;
}) {
  const { db, clock, config, codes, sessions, messaging, audit } = deps;

  async function mustFind(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError("SESSION_EXPIRED");
    return user;
  }

  async function checkNewMobile(user: UserRow, mobile: string): Promise<void> {
    if (user.mobile === mobile) throw new DomainError("MOBILE_UNCHANGED");
    if (await valueInUse(db, "mobile", mobile)) throw new DomainError("MOBILE_EXISTS");
  }

  async function details(userId: string): Promise<ProfileDetails> {
    const user = await mustFind(userId);
    const pending = await pendingEmailChange(db, userId, clock.now());
    return {
      realName: user.realName,
      realNameLocked: user.certificationStatus === "authSucceed",
      email: user.email,
      pendingEmail: pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null,
      mobile: user.mobile,
      mobileVerified: !!user.mobile && !!user.mobileVerifiedAt,
    };
  }

  return {
    details: (ctx: RequestContext) => details(ctx.actor.userId),

    /** Changes the real name (unless verification fixed it) and answers the profile as it now is. */
    async updateRealName(ctx: RequestContext, { realName }: Body<"update">): Promise<ProfileDetails> {
      const user = await mustFind(ctx.actor.userId);
      // The verified identity keeps the name it was verified with.
      if (user.certificationStatus === "authSucceed") throw new DomainError("VERIFICATION_DONE");
      if (user.realName !== realName) {
        await db.transaction(async (tx) => {
          await updateUser(tx, user.id, { realName });
          await audit.record(tx, {
            action: "profile.updated",
            ...ctx.auditBy,
            target: user.id,
            detail: { realName: { from: user.realName, to: realName } },
          });
        });
        sessions.forgetUser(user.id);
      }
      return details(user.id);
    },

    async requestEmailChange(ctx: RequestContext, { email }: Body<"changeEmail">) {
      if (!(await config.flag("email.enable"))) throw new DomainError("MAIL_NOT_CONFIGURED");
      const user = await mustFind(ctx.actor.userId);
      const address = email.trim();
      if (sameEmail(user.email, address)) throw new DomainError("EMAIL_UNCHANGED");
      if (await emailTakenByOther(db, address, user.id)) throw new DomainError("EMAIL_EXISTS");
      const now = clock.now();
      const token = randomToken(32);
      const expiresAt = addMinutes(now, EMAIL_CHANGE_LINK_HOURS * 60);
      const link = `${deps.publicUrl}/edit/email?token=${token}`;
      const zh = ctx.locale === "zh-CN";
      await db.transaction(async (tx) => {
        await retireEmailChanges(tx, user.id, now);
        await insertEmailChange(tx, {
          tokenHash: sha256(token),
          userId: user.id,
          newEmail: address,
          createdAt: now,
          expiresAt,
        });
        await messaging.queueEmail(tx, {
          recipient: address,
          purpose: "email.change",
          subject: zh ? "Skyledger 邮箱变更确认" : "Confirm your new Skyledger e-mail address",
          body: zh
            ? `您好 ${user.account}：\n\n您申请将账号邮箱更换为 ${address}。请在${EMAIL_CHANGE_LINK_HOURS}小时内打开以下链接完成确认：\n${link}\n\n如非本人操作，请忽略本邮件，账号邮箱不会改变。`
            : `Hello ${user.account},\n\nYou asked to change the e-mail address of your account to ${address}. Open this link within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm it:\n${link}\n\nIf you did not ask for this, ignore this e-mail; the address of the account stays as it is.`,
        });
      });
      return { email: address, expiresAt: expiresAt.toISOString() };
    },

    /** Public: the token alone proves the new address belongs to the user who asked. */
    async confirmEmail(
      { token }: Body<"confirmEmail">,
      ip: string,
      locale: Locale,
    ): Promise<{ email: string }> {
      const now = clock.now();
      const hash = sha256(token);
      const row = await liveEmailChange(db, hash);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw new DomainError("VERIFY_LINK_INVALID");
      const user = await mustFind(row.userId);
      if (await emailTakenByOther(db, row.newEmail, user.id)) throw new DomainError("EMAIL_EXISTS");
      const zh = locale === "zh-CN";
      try {
        await db.transaction(async (tx) => {
          if (!(await spendEmailChange(tx, hash, now))) throw new DomainError("VERIFY_LINK_INVALID");
          await updateUser(tx, user.id, { email: row.newEmail });
          // Reset links mailed to the old address must not outlive it.
          await spendResetTokensOf(tx, user.id, now);
          await audit.record(tx, {
            action: "email.changed",
            actorId: user.id,
            orgId: user.orgId,
            target: user.id,
            ip,
            detail: { email: { from: user.email, to: row.newEmail } },
          });
          if (user.email) {
            await messaging.queueEmail(tx, {
              recipient: user.email,
              purpose: "email.changed",
              subject: zh
                ? "Skyledger 账号邮箱已变更"
                : "The e-mail address of your Skyledger account changed",
              body: zh
                ? `您好 ${user.account}：\n\n您账号的邮箱已更换为 ${maskEmail(row.newEmail)}，此地址将不再接收账号通知。\n\n如非本人操作，请立即联系管理员。`
                : `Hello ${user.account},\n\nThe e-mail address of your account was changed to ${maskEmail(row.newEmail)}; this address no longer receives the account's notices.\n\nIf this was not you, contact your administrator at once.`,
            });
          }
        });
      } catch (err) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(err)) throw new DomainError("EMAIL_EXISTS");
        throw err;
      }
      sessions.forgetUser(user.id);
      return { email: row.newEmail };
    },

    /** A code to the user's own unconfirmed phone (one an administrator typed in). */
    async sendVerifyCode(ctx: RequestContext) {
      const user = await mustFind(ctx.actor.userId);
      if (!user.mobile) throw new DomainError("PHONE_NOT_BOUND");
      if (user.mobileVerifiedAt) throw new DomainError("MOBILE_ALREADY_VERIFIED");
      return codes.sendSms(user.mobile, "verify", ctx.locale);
    },

    /** The user proves, on their own session, that the phone on file is theirs. */
    async verifyMobile(ctx: RequestContext, { smsCode }: Body<"verifyMobile">) {
      const user = await mustFind(ctx.actor.userId);
      if (!user.mobile) throw new DomainError("PHONE_NOT_BOUND");
      if (user.mobileVerifiedAt) throw new DomainError("MOBILE_ALREADY_VERIFIED");
      const mobile = user.mobile;
      // A wrong guess is counted outside the transaction, which a refusal rolls back.
      if (!(await codes.check(mobile, "verify", smsCode, false))) throw new DomainError("SMS_CODE_INVALID");
      await db.transaction(async (tx) => {
        await codes.requireCode(mobile, "verify", smsCode, tx);
        if (!(await confirmMobile(tx, user.id, mobile, clock.now())))
          throw new DomainError("SMS_CODE_INVALID");
        await audit.record(tx, {
          action: "mobile.verified",
          ...ctx.auditBy,
          target: user.id,
          detail: { mobile: maskPhone(mobile) },
        });
      });
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    async sendMobileCode(ctx: RequestContext, { mobile }: Body<"sendMobileChangeCode">) {
      await checkNewMobile(await mustFind(ctx.actor.userId), mobile);
      return codes.sendSms(mobile, "bind", ctx.locale);
    },

    async changeMobile(ctx: RequestContext, { mobile, smsCode }: Body<"changeMobile">) {
      const user = await mustFind(ctx.actor.userId);
      await checkNewMobile(user, mobile);
      // A wrong guess is counted outside the transaction, which a refusal rolls back.
      if (!(await codes.check(mobile, "bind", smsCode, false))) throw new DomainError("SMS_CODE_INVALID");
      try {
        await db.transaction(async (tx) => {
          await codes.requireCode(mobile, "bind", smsCode, tx);
          // The code just sent to the new number came back: it is confirmed.
          await updateUser(tx, user.id, { mobile, mobileVerifiedAt: clock.now() });
          await audit.record(tx, {
            action: "mobile.changed",
            ...ctx.auditBy,
            target: user.id,
            detail: { mobile: { from: user.mobile, to: mobile } },
          });
          if (user.mobile) {
            await messaging.queueSms(tx, {
              recipient: user.mobile,
              purpose: "mobile.changed",
              body:
                ctx.locale === "zh-CN"
                  ? `【Skyledger】您的账号 ${user.account} 已将手机号更换为 ${maskPhone(mobile)}。如非本人操作，请立即联系管理员。`
                  : `[Skyledger] The phone number of ${user.account} was changed to ${maskPhone(mobile)}. If this was not you, contact your administrator at once.`,
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError("MOBILE_EXISTS");
        throw err;
      }
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },
  };
}
