// Access keys (`/users/accesskey`): API credentials of one user. The secret is shown once.
import { z } from "zod";
import { v } from "../validation";

/** Spec §3 "a per-user limit": every user may hold this many keys, enabled or not. */
export const ACCESS_KEY_LIMIT = 2;

/** "SKAK" and 16 upper-case letters or digits. */
export const ACCESS_KEY_ID_PATTERN = /^SKAK[A-Z0-9]{16}$/;

export const accessKeyStatus = z.enum(["enabled", "disabled"]);
export type AccessKeyStatus = z.infer<typeof accessKeyStatus>;

export const accessKeyRow = z.object({
  accessKeyId: z.string(),
  description: z.string().nullable(),
  status: accessKeyStatus,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type AccessKeyRow = z.infer<typeof accessKeyRow>;

export const accessKeyCreated = accessKeyRow.extend({ secretAccessKey: z.string() });
export type AccessKeyCreated = z.infer<typeof accessKeyCreated>;

export const accessKeyCreateBody = z.object({ description: v.description.optional() });

export const accessKeyParams = z.object({
  id: z.string().regex(ACCESS_KEY_ID_PATTERN, "validation.invalid"),
});

/** Columns of the secret CSV built in the browser right after creation (AWS-style header). */
export const ACCESS_KEY_SECRET_CSV_HEADER = "AccessKeyId,SecretAccessKey";
