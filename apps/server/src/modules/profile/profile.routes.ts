// Profile endpoints (spec §2 `info`, no permission code). Changing the e-mail address or the phone
// number is a sensitive action: it needs SMS step-up on the current session, sent to a phone the
// user confirmed (a phone an administrator typed in is confirmed here first, by a code sent to it).
import {
  emailChangeBody,
  emailChangeResult,
  emailConfirmBody,
  emailConfirmResult,
  mobileChangeBody,
  mobileCodeBody,
  mobileVerifyBody,
  ok,
  profileDetails,
  realNameBody,
  smsSendResult,
} from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { CODE_TTL_MINUTES, RESEND_SECONDS } from "../auth/codes.service";
import type { ProfileService } from "./profile.service";

const done = { ok: true as const };

export function registerProfileRoutes(ctx: ModuleContext, profile: ProfileService) {
  const { app, guards, publicRoute, userRoute } = ctx;
  const tags = ["profile"];

  userRoute(app, guards, {
    method: "GET",
    url: "/api/users/profile",
    summary: "The caller's own e-mail, phone and real name, with any e-mail change awaiting confirmation",
    tags,
    permissions: [],
    response: profileDetails,
    handler: ({ principal }) => profile.details(principal.userId),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/users/profile",
    summary: "Change the caller's real name (verified accounts keep their verified name)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    body: realNameBody,
    response: profileDetails,
    handler: async ({ principal, body, req }) => {
      await profile.updateRealName(principal, body.realName, req.ip);
      return profile.details(principal.userId);
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/email/change",
    summary: "E-mail a confirmation link to a new address; it takes effect once opened (SMS step-up)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    stepUp: "credential",
    body: emailChangeBody,
    response: emailChangeResult,
    handler: ({ principal, body, locale }) => profile.requestEmailChange(principal, body.email, locale),
  });

  publicRoute(app, guards, {
    method: "POST",
    url: "/api/users/email/confirm",
    summary: "Confirm a new e-mail address with the token of the link sent to it (page /edit/email)",
    tags,
    rateLimit: "auth",
    body: emailConfirmBody,
    response: emailConfirmResult,
    handler: ({ body, req, locale }) => profile.confirmEmail(body.token, req.ip, locale),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/mobile/send_code",
    summary: "Send a 6-digit code to the new phone number (SMS step-up on the current number first)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    stepUp: true,
    body: mobileCodeBody,
    response: smsSendResult,
    handler: async ({ principal, body, locale }) => {
      await profile.sendMobileCode(principal, body.mobile, locale);
      return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
    },
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/users/mobile",
    summary: "Replace the phone number with the new one the code was sent to (SMS step-up)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    stepUp: true,
    body: mobileChangeBody,
    response: ok,
    handler: async ({ principal, body, req, locale }) => {
      await profile.changeMobile(principal, body.mobile, body.smsCode, req.ip, locale);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/mobile/verify/send_code",
    summary: "Send a 6-digit code to the caller's own unconfirmed phone (one an administrator typed in)",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    response: smsSendResult,
    handler: async ({ principal, locale }) => {
      await profile.sendVerifyCode(principal, locale);
      return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_MINUTES * 60 };
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/users/mobile/verify",
    summary: "Confirm the caller's phone with the code sent to it: SMS step-up can use it from then on",
    tags,
    permissions: [],
    noStateChange: "ownAccount",
    body: mobileVerifyBody,
    response: ok,
    handler: async ({ principal, body, req }) => {
      await profile.verifyMobile(principal, body.smsCode, req.ip);
      return done;
    },
  });
}
