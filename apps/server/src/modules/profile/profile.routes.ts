// Profile endpoints (spec §2 `info`, no permission code). Changing the e-mail address or the phone
// number is a sensitive action: it needs SMS step-up on the current session, sent to a phone the
// user confirmed (a phone an administrator typed in is confirmed here first, by a code sent to it).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ProfileService } from "./profile.service";

export function registerProfileRoutes(
  { app, guards, publicRoute, userRoute }: ModuleContext,
  profile: ProfileService,
) {
  userRoute(app, guards, endpoints.profile.get, ({ ctx }) => profile.details(ctx));

  userRoute(app, guards, endpoints.profile.update, ({ ctx, body }) => profile.updateRealName(ctx, body));

  userRoute(app, guards, endpoints.profile.changeEmail, ({ ctx, body }) =>
    profile.requestEmailChange(ctx, body),
  );

  publicRoute(app, guards, endpoints.profile.confirmEmail, ({ body, req, locale }) =>
    profile.confirmEmail(body, req.ip, locale),
  );

  userRoute(app, guards, endpoints.profile.sendMobileChangeCode, ({ ctx, body }) =>
    profile.sendMobileCode(ctx, body),
  );

  userRoute(app, guards, endpoints.profile.changeMobile, ({ ctx, body }) => profile.changeMobile(ctx, body));

  userRoute(app, guards, endpoints.profile.sendMobileVerifyCode, ({ ctx }) => profile.sendVerifyCode(ctx));

  userRoute(app, guards, endpoints.profile.verifyMobile, ({ ctx, body }) => profile.verifyMobile(ctx, body));
}
