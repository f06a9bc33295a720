// The user's own profile (route `info`): e-mail change by confirmation link, phone change by a
// code sent to the new number, and the real name.
import { z } from "zod";
import { v } from "../validation";

/** A real name: up to 10 Chinese characters (spec §5, person name) or a name of the names rule. */
export const realName = z
  .string()
  .trim()
  .min(1, "validation.required")
  .refine((s) => v.personName.safeParse(s).success || v.formName.safeParse(s).success, "validation.realName");

export const profileDetails = z.object({
  realName: z.string().nullable(),
  /** Verified accounts keep the name their verification proved. */
  realNameLocked: z.boolean(),
  email: z.string().nullable(),
  /** A change waiting for the link sent to the new address. */
  pendingEmail: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
  mobile: z.string().nullable(),
  /**
   * Whether the user confirmed the phone with a code sent to it. A phone an administrator typed in
   * stays unconfirmed until then, and SMS step-up cannot use it.
   */
  mobileVerified: z.boolean(),
});
export type ProfileDetails = z.infer<typeof profileDetails>;

export const emailChangeBody = z.object({ email: v.email });
export const emailChangeResult = z.object({ email: z.string(), expiresAt: z.string() });

export const emailConfirmBody = z.object({ token: z.string().trim().min(10).max(200) });
export const emailConfirmResult = z.object({ email: z.string() });

export const mobileCodeBody = z.object({ mobile: v.phone });
export const mobileChangeBody = z.object({ mobile: v.phone, smsCode: v.smsCode });
export const mobileVerifyBody = z.object({ smsCode: v.smsCode });

export const realNameBody = z.object({ realName });

/** Hours a confirmation link for a new e-mail address stays valid. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
