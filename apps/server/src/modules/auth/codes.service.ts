// One-time codes sent by SMS or e-mail (6 digits, resend after 59 s, 5 minutes, 5 attempts) and
// the picture captcha that guards sending, and the sign-up form's uniqueness look-ups, when
// "captcha open" is on.
import type { Locale, SmsPurpose } from "@skyledger/contracts";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId, randomDigits, sha256 } from "../../platform/ids";
import type { Messaging } from "../../platform/outbox/messaging";
import { countCaptchaLookup, insertCaptcha, spendCaptcha } from "./auth.repo";
import { verificationCodes } from "./auth.schema";
import { captchaSvg, captchaText } from "./captcha";

export const RESEND_SECONDS = 59;
export const CODE_TTL_MINUTES = 5;
export const MAX_ATTEMPTS = 5;
/** Uniqueness look-ups one rightly answered captcha opens (the sign-up form checks three fields). */
export const LOOKUPS_PER_CAPTCHA = 10;

/**
 * The public send_code purposes, plus "bind": the code sent to a new number before it replaces the
 * old one, and "verify": the code that confirms the phone an administrator gave the user.
 */
export type CodePurpose = SmsPurpose | "bind" | "verify";

const PURPOSE_WORDS: Record<CodePurpose, { zh: string; en: string }> = {
  register: { zh: "注册", en: "sign-up" },
  reset: { zh: "找回密码", en: "password reset" },
  stepup: { zh: "身份验证", en: "verification" },
  bind: { zh: "更换手机号", en: "phone number change" },
  verify: { zh: "手机号验证", en: "phone number verification" },
};

const SMS_TEXT: Record<Locale, (code: string, purpose: CodePurpose) => string> = {
  "zh-CN": (code, purpose) =>
    `【Skyledger】您的${PURPOSE_WORDS[purpose].zh}验证码为 ${code}，${CODE_TTL_MINUTES}分钟内有效，请勿泄露给他人。`,
  "en-US": (code, purpose) =>
    `[Skyledger] Your ${PURPOSE_WORDS[purpose].en} code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes; do not share it.`,
};

export type CodeService = ReturnType<typeof createCodeService>;

export function createCodeService(db: Db, clock: Clock, messaging: Messaging) {
  async function issue(channel: "sms" | "email", target: string, purpose: string): Promise<string> {
    const now = clock.now();
    const [last] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last) {
      const elapsed = Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
      if (elapsed < RESEND_SECONDS)
        throw new DomainError("SMS_TOO_SOON", { seconds: RESEND_SECONDS - elapsed });
    }
    const code = randomDigits(6);
    await db.insert(verificationCodes).values({
      id: newId(),
      channel,
      target,
      purpose,
      codeHash: sha256(`${target}:${purpose}:${code}`),
      createdAt: now,
      expiresAt: addMinutes(now, CODE_TTL_MINUTES),
    });
    return code;
  }

  return {
    async sendSms(phone: string, purpose: CodePurpose, locale: Locale): Promise<void> {
      const code = await issue("sms", phone, purpose);
      await messaging.queueSms(db, {
        recipient: phone,
        body: SMS_TEXT[locale](code, purpose),
        purpose: `code:${purpose}`,
      });
    },

    async sendEmail(email: string, purpose: "verify" | "reset", locale: Locale): Promise<void> {
      const target = email.trim().toLowerCase();
      const code = await issue("email", target, `email:${purpose}`);
      const zh = locale === "zh-CN";
      await messaging.queueEmail(db, {
        recipient: target,
        purpose: `code:email:${purpose}`,
        subject: zh ? "Skyledger 邮箱验证码" : "Your Skyledger e-mail code",
        body: zh
          ? `您的邮箱验证码为 ${code}，${CODE_TTL_MINUTES}分钟内有效。如非本人操作，请忽略本邮件。`
          : `Your e-mail verification code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
      });
    },

    /** Checks the latest live code; `consume` spends it so it cannot be used twice. */
    async check(target: string, purpose: string, code: string, consume: boolean): Promise<boolean> {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.codeHash !== sha256(`${target}:${purpose}:${code}`)) {
        // Counted in the database, not from `row`: concurrent wrong guesses all read the same count,
        // and writing row.attempts + 1 would let a burst of them count as one attempt.
        await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(eq(verificationCodes.id, row.id));
        return false;
      }
      if (consume) {
        // Re-checks the attempts: wrong guesses running alongside this one may have used them up.
        const spent = await db
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(verificationCodes.id, row.id),
              isNull(verificationCodes.consumedAt),
              lt(verificationCodes.attempts, MAX_ATTEMPTS),
            ),
          )
          .returning({ id: verificationCodes.id });
        return spent.length === 1;
      }
      return true;
    },

    async requireCode(target: string, purpose: string, code: string): Promise<void> {
      if (!(await this.check(target, purpose, code, true))) throw new DomainError("SMS_CODE_INVALID");
    },

    async newCaptcha(): Promise<{ captchaId: string; image: string }> {
      const text = captchaText();
      const id = newId();
      await insertCaptcha(db, {
        id,
        answerHash: sha256(text.toUpperCase()),
        expiresAt: addMinutes(clock.now(), CODE_TTL_MINUTES),
      });
      return { captchaId: id, image: captchaSvg(text) };
    },

    /** A captcha answers once, right or wrong, so it cannot be guessed at repeatedly. */
    async requireCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!captchaId || !answer) throw new DomainError("CAPTCHA_INVALID");
      const now = clock.now();
      const row = await spendCaptcha(db, captchaId, now);
      if (
        !row ||
        row.expiresAt.getTime() <= now.getTime() ||
        row.answerHash !== sha256(answer.trim().toUpperCase())
      ) {
        throw new DomainError("CAPTCHA_INVALID");
      }
    },

    /**
     * A uniqueness look-up of the sign-up form: a captcha answered rightly serves up to
     * LOOKUPS_PER_CAPTCHA of them within its lifetime and still serves its one code send; a wrong
     * answer spends it, exactly as a send would.
     */
    async requireCaptchaForLookup(captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!captchaId || !answer) throw new DomainError("CAPTCHA_INVALID");
      const now = clock.now();
      const row = await countCaptchaLookup(db, captchaId, sha256(answer.trim().toUpperCase()), now);
      if (!row?.right || row.lookups > LOOKUPS_PER_CAPTCHA || row.expiresAt.getTime() <= now.getTime()) {
        throw new DomainError("CAPTCHA_INVALID");
      }
    },
  };
}
