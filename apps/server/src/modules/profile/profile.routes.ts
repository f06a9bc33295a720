// Profile endpoints (spec §2 `info`, no permission code). Changing the e-mail address or the phone
// number is a sensitive action: it needs SMS step-up on the current session, sent to a phone the
// user confirmed (a phone an administrator typed in is confirmed here first, by a code sent to it).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { CODE_TTL_MINUTES, RESEND_SECONDS } from "../auth/codes.service";
import type { ProfileService } from "./profile.service";

const done = { ok: true as const };

export function registerProfileRoutes(ctx: ModuleContext, profile: ProfileService) {
  const { app, guards, publicRoute, userRoute } = ctx;

  userRoute(app, guards, endpoints.profile.get, ({ principal }) => profile.details(principal.userId));

  userRoute(app, guards, endpoints.profile.update, async ({ principal, body, req }) => {
    await profile.updateRealName(principal, body.realName, req.ip);
    return profile.details(principal.userId);
  });

  userRoute(app, guards, endpoints.profile.changeEmail, ({ principal, body, locale }) =>
    profile.requestEmailChange(principal, body.email, locale),
  );

  publicRoute(app, guards, endpoints.profile.confirmEmail, ({ body, req, locale }) =>
    profile.confirmEmail(body.token, req.ip, locale),
  );

  userRoute(app, guards, endpoints.profile.sendMobileChangeCode, async ({ principal, body, locale }) => {
    await profile.sendMobileCode(principal, body.mobile, locale);
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
  });

  userRoute(app, guards, endpoints.profile.changeMobile, async ({ principal, body, req, locale }) => {
    await profile.changeMobile(principal, body.mobile, body.smsCode, req.ip, locale);
    return done;
  });

  userRoute(app, guards, endpoints.profile.sendMobileVerifyCode, async ({ principal, locale }) => {
    await profile.sendVerifyCode(principal, locale);
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
  });

  userRoute(app, guards, endpoints.profile.verifyMobile, async ({ principal, body, req }) => {
    await profile.verifyMobile(principal, body.smsCode, req.ip);
    return done;
  });
}
