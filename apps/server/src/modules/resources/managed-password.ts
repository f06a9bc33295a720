// A new password for the login of a managed data service (databases, cache instances, message
// queues): generated, set on the provider's server first — so a refusal there changes nothing
// here — then sealed at rest (decision 0013) in one transaction with its audit row, and answered
// this once. The services differ only in their server's call, their refusal's code and their row.
import type { Audit } from "../../platform/audit/audit";
import type { Db, Tx } from "../../platform/db/client";
import type { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { generatePassword } from "../../providers/database/database-server";

export async function resetManagedPassword(
  deps: { db: Db; audit: Audit; secrets: Secrets },
  by: RequestContext["auditBy"],
  o: {
    resource: { orgId: string; name: string };
    username: string;
    /** The audit action, such as `rds.passwordReset`. */
    action: string;
    setOnServer: (password: string) => Promise<void>;
    /** The server's own refusal as the service's error; anything else is rethrown as it is. */
    refusal: (err: unknown) => DomainError | null;
    seal: (tx: Tx, sealed: string) => Promise<void>;
  },
): Promise<{ username: string; password: string }> {
  const password = generatePassword();
  try {
    await o.setOnServer(password);
  } catch (err) {
    throw o.refusal(err) ?? err;
  }
  await deps.db.transaction(async (tx) => {
    await o.seal(tx, deps.secrets.seal(password));
    await deps.audit.record(tx, {
      action: o.action,
      ...by,
      orgId: o.resource.orgId,
      target: o.resource.name,
    });
  });
  return { username: o.username, password };
}
