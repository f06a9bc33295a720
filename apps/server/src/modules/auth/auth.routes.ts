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

const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : undefined,
});

export function registerAuthRoutes({ app, guards, publicRoute, userRoute }: ModuleContext, s: AuthServices) {
  publicRoute(app, guards, endpoints.auth.login, ({ body, req }) => s.login.login(body, meta(req)));

  publicRoute(app, guards, endpoints.auth.register, ({ body, req }) => s.register.register(body, req.ip));

  publicRoute(app, guards, endpoints.auth.signUpValueExists, ({ query }) => s.register.lookUp(query));

  publicRoute(app, guards, endpoints.auth.checkInvitationCode, async ({ params }) => ({
    valid: await s.invitations.isValid(params.code),
  }));

  publicRoute(app, guards, endpoints.auth.captcha, () => s.codes.newCaptcha());

  // Only a step-up code needs the caller signed in (the service authenticates for it alone).
  publicRoute(app, guards, endpoints.auth.sendSmsCode, ({ body, req, locale }) =>
    s.codes.sendSmsCode(body, locale, () => guards.authenticate(req)),
  );

  publicRoute(app, guards, endpoints.auth.checkSmsCode, ({ query }) => s.passwords.checkSmsCode(query));

  publicRoute(app, guards, endpoints.auth.sendEmailCode, ({ body, locale }) =>
    s.codes.sendEmailCode(body, locale),
  );

  publicRoute(app, guards, endpoints.auth.checkEmailCode, ({ query }) => s.codes.checkEmailCode(query));

  publicRoute(app, guards, endpoints.auth.forgotPasswordBySms, ({ body, req }) =>
    s.passwords.resetBySms(body, req.ip),
  );

  publicRoute(app, guards, endpoints.auth.forgotPasswordByEmail, ({ body, locale }) =>
    s.passwords.sendResetLink(body, locale),
  );

  publicRoute(app, guards, endpoints.auth.checkResetLink, ({ query }) => s.passwords.checkResetLink(query));

  publicRoute(app, guards, endpoints.auth.resetPassword, ({ body, req }) =>
    s.passwords.resetByLink(body, req.ip),
  );

  userRoute(app, guards, endpoints.auth.logout, ({ ctx }) => s.sessions.logout(ctx));

  userRoute(app, guards, endpoints.auth.currentUser, ({ ctx }) => s.currentUser.get(ctx));

  userRoute(app, guards, endpoints.auth.refreshSession, ({ ctx }) => s.sessions.refresh(ctx));

  userRoute(app, guards, endpoints.auth.agreePolicy, ({ ctx }) => s.currentUser.agreePolicy(ctx));

  userRoute(app, guards, endpoints.auth.setFirstPassword, ({ ctx, body }) =>
    s.passwords.firstLogin(ctx, body),
  );

  userRoute(app, guards, endpoints.auth.checkPassword, ({ ctx, body }) => s.passwords.check(ctx, body));

  userRoute(app, guards, endpoints.auth.changePassword, ({ ctx, body }) => s.passwords.change(ctx, body));

  userRoute(app, guards, endpoints.auth.stepUpState, ({ ctx }) => s.sessions.stepUpState(ctx));

  userRoute(app, guards, endpoints.auth.stepUpVerify, ({ ctx, body }) => s.sessions.stepUp(ctx, body));

  userRoute(app, guards, endpoints.auth.accountFrozen, ({ ctx }) => s.currentUser.accountFrozen(ctx));
}
