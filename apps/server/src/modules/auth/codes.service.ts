// One-time codes sent by SMS or e-mail (6 digits, resend after 59 s, 5 minutes, 5 attempts) and
// the picture captcha that guards sending, and the sign-up form's uniqueness look-ups, when
// "captcha open" is on.
import type { EndpointBody, EndpointQuery, endpoints, Locale, SmsPurpose } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId, randomDigits, sha256 } from "../../platform/ids";
import type { Messaging } from "../../platform/outbox/messaging";
import type { ConfigService } from "../config/config.service";
import { valueInUse } from "../iam/users.repo";
import {
  countCaptchaLookup,
  countWrongGuess,
  findUserByMobile,
  insertCaptcha,
  insertCode,
  latestCode,
  latestUnspentCode,
  spendCaptcha,
  spendCode,
} from "./auth.repo";
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

/** What a send answers: when the next send is allowed and how long the code lives. */
const SENT = { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };

export function createCodeService(
  db: Db,
  clock: Clock,
  messaging: Messaging,
  config: Pick<ConfigService, "flag">,
) {
  /** Stores a new code in `tx` (refused within RESEND_SECONDS of the last one) and returns it. */
  async function issue(tx: Tx, channel: "sms" | "email", target: string, purpose: string): Promise<string> {
    const now = clock.now();
    const last = await latestCode(tx, target, purpose);
    if (last) {
      const elapsed = Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
      if (elapsed < RESEND_SECONDS)
        throw new DomainError("SMS_TOO_SOON", { seconds: RESEND_SECONDS - elapsed });
    }
    const code = randomDigits(6);
    await insertCode(tx, {
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

  /** The code and its SMS commit together: a code is never stored without its message, nor sent without it. */
  async function sendSms(phone: string, purpose: CodePurpose, locale: Locale): Promise<typeof SENT> {
    await db.transaction(async (tx) => {
      const code = await issue(tx, "sms", phone, purpose);
      await messaging.queueSms(tx, {
        recipient: phone,
        body: SMS_TEXT[locale](code, purpose),
        purpose: `code:${purpose}`,
        template: { key: "code", params: { code } },
      });
    });
    return SENT;
  }

  /** A captcha answers once, right or wrong, so it cannot be guessed at repeatedly. */
  async function requireCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<void> {
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
  }

  async function captchaIfOpen(captchaId: string | undefined, answer: string | undefined) {
    if (await config.flag("captcha.open")) await requireCaptcha(captchaId, answer);
  }

  /**
   * Checks the latest live code in `tx`; `consume` spends it so it cannot be used twice. A wrong
   * guess is counted in `tx` too, so a caller that counts guesses checks outside its transaction.
   */
  async function check(
    target: string,
    purpose: string,
    code: string,
    consume: boolean,
    tx: Tx = db,
  ): Promise<boolean> {
    const now = clock.now();
    const row = await latestUnspentCode(tx, target, purpose);
    if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= MAX_ATTEMPTS) return false;
    if (row.codeHash !== sha256(`${target}:${purpose}:${code}`)) {
      await countWrongGuess(tx, row.id);
      return false;
    }
    return consume ? spendCode(tx, row.id, now, MAX_ATTEMPTS) : true;
  }

  return {
    sendSms,
    check,
    requireCaptcha,

    /**
     * POST /common/sms/send_code. Step-up codes go to the signed-in user's own phone, never to a
     * number the caller names, and only once its owner confirmed it (an administrator may have typed
     * in any number). Only that purpose needs the caller signed in: `signedIn` authenticates the
     * request and is called for it alone.
     */
    async sendSmsCode(
      body: EndpointBody<typeof endpoints.auth.sendSmsCode>,
      locale: Locale,
      signedIn: () => Promise<Pick<Principal, "mobile" | "mobileVerified">>,
    ) {
      if (body.purpose === "stepup") {
        const principal = await signedIn();
        if (!principal.mobile) throw new DomainError("PHONE_NOT_BOUND");
        if (!principal.mobileVerified) throw new DomainError("PHONE_NOT_VERIFIED");
        return sendSms(principal.mobile, "stepup", locale);
      }
      if (!body.phone) throw new DomainError("PARAM_INVALID");
      await captchaIfOpen(body.captchaId, body.captcha);
      if (body.purpose === "register" && (await valueInUse(db, "mobile", body.phone))) {
        throw new DomainError("MOBILE_EXISTS");
      }
      // Reset codes are only sent to known, confirmed phones, but the answer is the same either way.
      if (body.purpose === "reset" && !(await findUserByMobile(db, body.phone))?.mobileVerifiedAt)
        return SENT;
      return sendSms(body.phone, body.purpose, locale);
    },

    /** POST /common/email/send_code: a code to an e-mail address, with the captcha while it is open. */
    async sendEmailCode(body: EndpointBody<typeof endpoints.auth.sendEmailCode>, locale: Locale) {
      if (!(await config.flag("email.enable"))) throw new DomainError("MAIL_NOT_CONFIGURED");
      await captchaIfOpen(body.captchaId, body.captcha);
      const target = body.email.trim().toLowerCase();
      const zh = locale === "zh-CN";
      await db.transaction(async (tx) => {
        const code = await issue(tx, "email", target, `email:${body.purpose}`);
        await messaging.queueEmail(tx, {
          recipient: target,
          purpose: `code:email:${body.purpose}`,
          subject: zh ? "Skyledger 邮箱验证码" : "Your Skyledger e-mail code",
          body: zh
            ? `您的邮箱验证码为 ${code}，${CODE_TTL_MINUTES}分钟内有效。如非本人操作，请忽略本邮件。`
            : `Your e-mail verification code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
        });
      });
      return SENT;
    },

    /** GET /common/email/check_code: whether an e-mailed code is right, without spending it. */
    async checkEmailCode(query: EndpointQuery<typeof endpoints.auth.checkEmailCode>) {
      return { valid: await check(query.email.toLowerCase(), `email:${query.purpose}`, query.code, false) };
    },

    /** Spends the code in `tx`, or refuses. */
    async requireCode(target: string, purpose: string, code: string, tx: Tx = db): Promise<void> {
      if (!(await check(target, purpose, code, true, tx))) throw new DomainError("SMS_CODE_INVALID");
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
