import { endpoints } from "@skyledger/contracts";
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

  publicRoute(app, guards, endpoints.auth.login, ({ body, req }) =>
    s.login.login(body.account, body.password, meta(req)),
  );

  publicRoute(app, guards, endpoints.auth.register, ({ body, req }) => s.register.register(body, req.ip));

  publicRoute(app, guards, endpoints.auth.signUpValueExists, ({ query }) => s.register.lookUp(query));

  publicRoute(app, guards, endpoints.auth.checkInvitationCode, async ({ params }) => ({
    valid: await s.invitations.isValid(params.code),
  }));

  publicRoute(app, guards, endpoints.auth.captcha, () => s.codes.newCaptcha());

  publicRoute(
    app,
    guards,
    endpoints.auth.sendSmsCode, // Only a step-up code needs the caller signed in: it goes to their own confirmed phone.
    async ({ body, req, locale }) =>
      s.codes.sendSmsCode(
        body,
        body.purpose === "stepup" ? await guards.authenticate(req) : undefined,
        locale,
      ),
  );

  publicRoute(app, guards, endpoints.auth.checkSmsCode, ({ query }) =>
    s.passwords.checkSmsCode(query.phone, query.purpose, query.smsCode),
  );

  publicRoute(app, guards, endpoints.auth.sendEmailCode, ({ body, locale }) =>
    s.codes.sendEmailCode(body, locale),
  );

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
    await s.sessions.logout(principal, req.ip);
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
    enabled: await s.sessions.stepUpEnabledFor(principal),
  }));

  userRoute(app, guards, endpoints.auth.stepUpVerify, async ({ body, principal }) => {
    await s.sessions.stepUp(principal, body.smsCode);
    return done;
  });

  userRoute(app, guards, endpoints.auth.accountFrozen, async ({ principal }) => ({
    freezeStatus: await s.currentUser.isFrozen(principal.userId),
  }));
}
