import { endpoints } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { ConfigService } from "../config/config.service";
import type { SecuritySettings } from "../iam/security-settings.service";
import type { InvitationService } from "../invitations/invitations.service";
import { findUserByMobile, valueInUse } from "./auth.repo";
import { CODE_TTL_MINUTES, type CodeService, RESEND_SECONDS } from "./codes.service";
import type { createCurrentUserService } from "./current-user.service";
import type { createLoginService } from "./login.service";
import type { createPasswordService } from "./password.service";
import type { createRegisterService } from "./register.service";
import type { SessionService } from "./sessions.service";

export type AuthServices = {
  db: Db;
  config: ConfigService;
  security: Pick<SecuritySettings, "effectiveFor">;
  sessions: SessionService;
  audit: Audit;
  codes: CodeService;
  login: ReturnType<typeof createLoginService>;
  register: ReturnType<typeof createRegisterService>;
  passwords: ReturnType<typeof createPasswordService>;
  currentUser: ReturnType<typeof createCurrentUserService>;
  invitations: InvitationService;
};

const done = { ok: true as const };
const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : undefined,
});

export function registerAuthRoutes(ctx: ModuleContext, s: AuthServices) {
  const { app, guards, publicRoute, userRoute } = ctx;

  publicRoute(app, guards, endpoints.auth.login, ({ body, req }) =>
    s.login.login(body.account, body.password, meta(req)),
  );

  publicRoute(app, guards, endpoints.auth.register, ({ body, req }) => s.register.register(body, req.ip));

  publicRoute(app, guards, endpoints.auth.signUpValueExists, ({ query }) => s.register.lookUp(query));

  publicRoute(app, guards, endpoints.auth.checkInvitationCode, async ({ params }) => ({
    valid: await s.invitations.isValid(params.code),
  }));

  publicRoute(app, guards, endpoints.auth.captcha, () => s.codes.newCaptcha());

  publicRoute(app, guards, endpoints.auth.sendSmsCode, async ({ body, req, locale }) => {
    const result = { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
    if (body.purpose === "stepup") {
      // Step-up codes go to the signed-in user's own phone, never to a number the caller names,
      // and only once its owner confirmed it (an administrator may have typed in any number).
      const principal = await guards.authenticate(req);
      if (!principal.mobile) throw new DomainError("PHONE_NOT_BOUND");
      if (!principal.mobileVerified) throw new DomainError("PHONE_NOT_VERIFIED");
      await s.codes.sendSms(principal.mobile, "stepup", locale);
      return result;
    }
    if (!body.phone) throw new DomainError("PARAM_INVALID");
    if (await s.config.flag("captcha.open")) await s.codes.requireCaptcha(body.captchaId, body.captcha);
    if (body.purpose === "register" && (await valueInUse(s.db, "mobile", body.phone))) {
      throw new DomainError("MOBILE_EXISTS");
    }
    // Reset codes are only sent to known, confirmed phones, but the answer is the same either way.
    if (body.purpose === "reset" && !(await findUserByMobile(s.db, body.phone))?.mobileVerifiedAt)
      return result;
    await s.codes.sendSms(body.phone, body.purpose, locale);
    return result;
  });

  publicRoute(app, guards, endpoints.auth.checkSmsCode, ({ query }) =>
    s.passwords.checkSmsCode(query.phone, query.purpose, query.smsCode),
  );

  publicRoute(app, guards, endpoints.auth.sendEmailCode, async ({ body, locale }) => {
    if (!(await s.config.flag("email.enable"))) throw new DomainError("MAIL_NOT_CONFIGURED");
    if (await s.config.flag("captcha.open")) await s.codes.requireCaptcha(body.captchaId, body.captcha);
    await s.codes.sendEmail(body.email, body.purpose, locale);
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
  });

  publicRoute(app, guards, endpoints.auth.checkEmailCode, async ({ query }) => ({
    valid: await s.codes.check(query.email.toLowerCase(), `email:${query.purpose}`, query.code, false),
  }));

  publicRoute(app, guards, endpoints.auth.forgotPasswordBySms, async ({ body, req }) => {
    await s.passwords.resetBySms(body.phone, body.smsCode, body.newPassword, body.confirmPassword, req.ip);
    return done;
  });

  publicRoute(app, guards, endpoints.auth.forgotPasswordByEmail, async ({ body, locale }) => {
    await s.passwords.sendResetLink(body.email, locale);
    return done;
  });

  publicRoute(app, guards, endpoints.auth.checkResetLink, ({ query }) =>
    s.passwords.checkResetLink(query.token),
  );

  publicRoute(app, guards, endpoints.auth.resetPassword, async ({ body, req }) => {
    await s.passwords.resetByLink(body.token, body.newPassword, body.confirmPassword, req.ip);
    return done;
  });

  userRoute(app, guards, endpoints.auth.logout, async ({ principal, req }) => {
    await s.sessions.revoke(principal.sessionId);
    await s.audit.record(s.db, {
      action: "logout",
      actorId: principal.userId,
      orgId: principal.orgId,
      target: principal.userId,
      ip: req.ip,
    });
    return done;
  });

  userRoute(app, guards, endpoints.auth.currentUser, ({ principal, locale }) =>
    s.currentUser.get(principal, locale),
  );

  userRoute(app, guards, endpoints.auth.refreshSession, async ({ principal }) => ({
    expiresAt: (await s.sessions.refresh(principal)).toISOString(),
  }));

  userRoute(app, guards, endpoints.auth.agreePolicy, async ({ principal }) => {
    await s.currentUser.agreePolicy(principal.userId);
    return done;
  });

  userRoute(app, guards, endpoints.auth.setFirstPassword, async ({ body, principal, req }) => {
    await s.passwords.firstLogin(principal.userId, body.newPassword, body.confirmPassword, req.ip);
    return done;
  });

  userRoute(app, guards, endpoints.auth.checkPassword, ({ body, principal }) =>
    s.passwords.check(body.password, principal.orgId),
  );

  userRoute(app, guards, endpoints.auth.changePassword, async ({ body, principal, req }) => {
    await s.passwords.change(
      principal.userId,
      principal.sessionId,
      body.oldPassword,
      body.newPassword,
      body.confirmPassword,
      req.ip,
    );
    return done;
  });

  userRoute(app, guards, endpoints.auth.stepUpState, async ({ principal }) => ({
    enabled: principal.mobileVerified && (await s.security.effectiveFor(principal.orgId)).stepUpEnabled,
  }));

  userRoute(app, guards, endpoints.auth.stepUpVerify, async ({ body, principal }) => {
    if (!principal.mobile) throw new DomainError("PHONE_NOT_BOUND");
    if (!principal.mobileVerified) throw new DomainError("PHONE_NOT_VERIFIED");
    await s.codes.requireCode(principal.mobile, "stepup", body.smsCode);
    await s.sessions.markSteppedUp(principal.sessionId);
    return done;
  });

  userRoute(app, guards, endpoints.auth.accountFrozen, async ({ principal }) => ({
    freezeStatus: await s.currentUser.isFrozen(principal.userId),
  }));
}
