import {
  captchaResult,
  currentUser,
  emailCheckQuery,
  emailSendBody,
  existsResult,
  firstLoginBody,
  forgetByEmailBody,
  forgetBySmsBody,
  loginBody,
  loginResult,
  ok,
  passwordChangeBody,
  passwordCheckBody,
  passwordCheckResult,
  publicExistsQuery,
  registerBody,
  resetCheckQuery,
  resetCheckResult,
  resetPasswordBody,
  smsCheckQuery,
  smsSendBody,
  smsSendResult,
  stepUpVerifyBody,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import type { InvitationService } from "../invitations/invitations.service";
import type { CodeService } from "./codes.service";
import type { createCurrentUserService } from "./current-user.service";
import type { createLoginService } from "./login.service";
import type { createPasswordService } from "./password.service";
import type { createRegisterService } from "./register.service";
import type { SessionService } from "./sessions.service";

export type AuthServices = {
  sessions: SessionService;
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
  const tags = ["users"];

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/login",
    summary: "Sign in with user name, e-mail or phone and password",
    tags,
    rateLimit: "auth",
    body: loginBody,
    response: loginResult,
    handler: ({ body, req }) => s.login.login(body.account, body.password, meta(req)),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/register",
    summary: "Tenant sign-up with an invitation code",
    tags,
    rateLimit: "auth",
    body: registerBody,
    response: z.object({ userSid: z.string() }),
    handler: ({ body, req }) => s.register.register(body, req.ip),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/users/validation/exists",
    summary:
      "Whether a user name, e-mail or phone is taken (sign-up form; with a captcha while captcha is open)",
    tags,
    rateLimit: "auth",
    querystring: publicExistsQuery,
    response: existsResult,
    handler: ({ query }) => s.register.lookUp(query),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/users/validateInvitationCode/:code",
    summary: "Whether an invitation code can be used",
    tags,
    rateLimit: "auth",
    params: z.object({ code: z.string().min(1).max(64) }),
    response: z.object({ valid: z.boolean() }),
    handler: async ({ params }) => ({ valid: await s.invitations.isValid(params.code) }),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/common/captcha",
    summary: "A picture captcha (for sending codes and sign-up look-ups when captcha is open)",
    tags: ["common"],
    rateLimit: "auth",
    response: captchaResult,
    handler: () => s.codes.newCaptcha(),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/common/sms/send_code",
    summary: "Send a 6-digit SMS code (register, reset, or step-up for the signed-in user)",
    tags: ["common"],
    rateLimit: "auth",
    body: smsSendBody,
    response: smsSendResult,
    // Only a step-up code needs the caller signed in: it goes to their own confirmed phone.
    handler: async ({ body, req, locale }) =>
      s.codes.sendSmsCode(
        body,
        body.purpose === "stepup" ? await guards.authenticate(req) : undefined,
        locale,
      ),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/common/sms/check_code",
    summary: "Check an SMS code without spending it",
    tags: ["common"],
    rateLimit: "auth",
    querystring: smsCheckQuery,
    response: resetCheckResult,
    handler: ({ query }) => s.passwords.checkSmsCode(query.phone, query.purpose, query.smsCode),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/common/email/send_code",
    summary: "Send a 6-digit code to an e-mail address",
    tags: ["common"],
    rateLimit: "auth",
    body: emailSendBody,
    response: smsSendResult,
    handler: ({ body, locale }) => s.codes.sendEmailCode(body, locale),
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/common/email/check_code",
    summary: "Check an e-mailed code without spending it",
    tags: ["common"],
    rateLimit: "auth",
    querystring: emailCheckQuery,
    response: z.object({ valid: z.boolean() }),
    handler: async ({ query }) => ({
      valid: await s.codes.check(query.email.toLowerCase(), `email:${query.purpose}`, query.code, false),
    }),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/forget_password/sms",
    summary: "Reset a forgotten password with an SMS code",
    tags,
    rateLimit: "auth",
    body: forgetBySmsBody,
    response: ok,
    handler: async ({ body, req }) => {
      await s.passwords.resetBySms(body.phone, body.smsCode, body.newPassword, body.confirmPassword, req.ip);
      return done;
    },
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/forget_password/email",
    summary: "E-mail a password reset link",
    tags,
    rateLimit: "auth",
    body: forgetByEmailBody,
    response: ok,
    handler: async ({ body, locale }) => {
      await s.passwords.sendResetLink(body.email, locale);
      return done;
    },
  });

  publicRoute(app, guards, {
    method: "GET",
    url: "/api/users/reset_password/check",
    summary: "Whether a password reset link is still valid",
    tags,
    rateLimit: "auth",
    querystring: resetCheckQuery,
    response: resetCheckResult,
    handler: ({ query }) => s.passwords.checkResetLink(query.token),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/reset_password",
    summary: "Set a new password from an e-mailed reset link",
    tags,
    rateLimit: "auth",
    body: resetPasswordBody,
    response: ok,
    handler: async ({ body, req }) => {
      await s.passwords.resetByLink(body.token, body.newPassword, body.confirmPassword, req.ip);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/logout",
    summary: "Sign out (ends this session)",
    tags,
    permissions: [],
    noStateChange: "session",
    duringPasswordChange: true,
    response: ok,
    handler: async ({ principal, req }) => {
      await s.sessions.logout(principal, req.ip);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/token",
    summary: "The current user with permissions, menus and routes",
    tags,
    permissions: [],
    duringPasswordChange: true,
    response: currentUser,
    // The service returns the same object while the cached document and the session's expiry hold.
    reuseSerialized: true,
    handler: ({ principal, locale }) => s.currentUser.get(principal, locale),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/token/refresh",
    summary: "Extend the session by its configured lifetime",
    tags,
    permissions: [],
    noStateChange: "session",
    duringPasswordChange: true,
    response: z.object({ expiresAt: z.string() }),
    handler: async ({ principal }) => ({
      expiresAt: (await s.sessions.refresh(principal)).toISOString(),
    }),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/agree_policy",
    summary: "Accept the current user agreement and privacy statement",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    duringPasswordChange: true,
    response: ok,
    handler: async ({ principal }) => {
      await s.currentUser.agreePolicy(principal.userId);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/first_login",
    summary: "Set a new password on first login or after the password expired",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    duringPasswordChange: true,
    body: firstLoginBody,
    response: ok,
    handler: async ({ body, principal, req }) => {
      await s.passwords.firstLogin(principal.userId, body.newPassword, body.confirmPassword, req.ip);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/password/check",
    summary: "Check a candidate password against the password policy",
    tags,
    permissions: [],
    noStateChange: "inquiry",
    duringPasswordChange: true,
    body: passwordCheckBody,
    response: passwordCheckResult,
    handler: ({ body, principal }) => s.passwords.check(body.password, principal.orgId),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/users/password",
    summary: "Change the password (needs SMS step-up when enabled)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    stepUp: true,
    body: passwordChangeBody,
    response: ok,
    handler: async ({ body, principal, req }) => {
      await s.passwords.change(
        principal.userId,
        principal.sessionId,
        body.oldPassword,
        body.newPassword,
        body.confirmPassword,
        req.ip,
      );
      return done;
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/2FA/state/:type",
    summary: "Whether SMS step-up is on for the current user",
    tags,
    permissions: [],
    duringPasswordChange: true,
    params: z.object({ type: z.string().max(16) }),
    response: z.object({ enabled: z.boolean() }),
    handler: async ({ principal }) => ({ enabled: await s.sessions.stepUpEnabledFor(principal) }),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/2FA/verify",
    summary: "Pass SMS step-up for the next few minutes",
    tags,
    permissions: [],
    noStateChange: "session",
    body: stepUpVerifyBody,
    response: ok,
    handler: async ({ body, principal }) => {
      await s.sessions.stepUp(principal, body.smsCode);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/isFreeze",
    summary: "Whether the current account is frozen",
    tags,
    permissions: [],
    duringPasswordChange: true,
    response: z.object({ freezeStatus: z.boolean() }),
    handler: async ({ principal }) => ({ freezeStatus: await s.currentUser.isFrozen(principal.userId) }),
  });
}
