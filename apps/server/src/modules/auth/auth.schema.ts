import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const sessions = pgTable(
  "sessions",
  {
    // sha256 of the bearer token; the token itself is only ever in the client's hands.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    signSecret: text("sign_secret").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    stepUpUntil: ts("step_up_until"),
    revokedAt: ts("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    // Set on a support session (decision 0031): the operator who signed in as `userId`, read-only.
    supportOperatorId: text("support_operator_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_support_operator").on(t.supportOperatorId)],
);

export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    target: text("target").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
  },
  (t) => [index("verification_codes_target").on(t.target, t.purpose)],
);

/**
 * A picture captcha answers one SMS or e-mail code send (`usedAt`), right or wrong. While it is
 * unused, a right answer also opens up to LOOKUPS_PER_CAPTCHA uniqueness look-ups of the sign-up
 * form (`lookups` counts them); a wrong answer spends it at once.
 */
export const captchas = pgTable("captchas", {
  id: text("id").primaryKey(),
  answerHash: text("answer_hash").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  lookups: integer("lookups").notNull().default(0),
});

export const passwordResetTokens = pgTable("password_reset_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/**
 * Failed sign-ins naming no account, counted per login text (stored hashed) under the platform's
 * lock-out policy, so that an unknown name is "locked" exactly like a real account and the lock-out
 * answer cannot tell which accounts exist.
 */
export const unknownLoginFailures = pgTable(
  "unknown_login_failures",
  {
    loginHash: text("login_hash").primaryKey(),
    failedLogins: integer("failed_logins").notNull().default(0),
    firstFailedAt: ts("first_failed_at"),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("unknown_login_failures_first_failed").on(t.firstFailedAt)],
);
