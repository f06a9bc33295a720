// Tables the platform layer owns itself (request nonces, idempotency keys): platform code imports
// no module, so its tables live here rather than in a module's schema.
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const requestNonces = pgTable("request_nonces", {
  nonce: text("nonce").primaryKey(),
  expiresAt: ts("expires_at").notNull(),
});

export const idempotencyKeys = pgTable("idempotency_keys", {
  scopeKey: text("scope_key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  response: jsonb("response").$type<unknown>(),
  createdAt: ts("created_at").notNull(),
});
