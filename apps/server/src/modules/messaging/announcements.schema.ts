import { ANNOUNCEMENT_TYPES } from "@skyledger/contracts";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Operators' announcements (`/sys/announcements`, BA13); scheduled ones show from `publish_at`. */
export const announcements = pgTable(
  "announcements",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    type: text("type", { enum: ANNOUNCEMENT_TYPES }).notNull(),
    body: text("body").notNull(),
    publishAt: ts("publish_at").notNull(),
    /** null: every tenant; otherwise the tenants that have or had an order of this product. */
    productId: text("product_id"),
    createdBy: text("created_by").notNull(),
    createdAt: ts("created_at").notNull(),
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [index("announcements_publish").on(t.publishAt)],
);
