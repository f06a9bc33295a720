// Host keys of cloud hosts as remote login first saw them (decision 0018, trust on first use): a
// later login to the same host that is shown another key is refused, unused.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../iam/iam.schema";
import { resources } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const webSshHostKeys = pgTable("webssh_host_keys", {
  resourceId: text("resource_id")
    .primaryKey()
    .references(() => resources.id, { onDelete: "cascade" }),
  /** The `host:port` the key was seen at. */
  address: text("address").notNull(),
  /** OpenSSH's `SHA256:…` fingerprint, as `ssh-keygen -lf` prints it. */
  fingerprint: text("fingerprint").notNull(),
  recordedAt: ts("recorded_at").notNull(),
  recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
});
