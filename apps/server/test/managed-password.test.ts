// The password reset shared by databases, cache instances and message queues
// (modules/resources/managed-password.ts): a refusal of the provider's server changes nothing here
// (no sealed password, no audit row) and comes back as the service's own error; an unexpected
// failure is passed on as it is; a success seals the new password and writes one audit row in the
// same transaction, and answers the password once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetManagedPassword } from "../src/modules/resources/managed-password";
import { createAudit } from "../src/platform/audit/audit";
import { auditLogs } from "../src/platform/audit/audit.schema";
import type { Tx } from "../src/platform/db/client";
import { DomainError } from "../src/platform/http/errors";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

class ServerRefusal extends Error {}

const ACTION = "rds.passwordReset";
const by = { actorId: "00000000-0000-4000-8000-000000000102", orgId: null, ip: "127.0.0.1" };
const resource = { orgId: "00000000-0000-4000-8000-000000000001", name: "orders-db" };

function reset(setOnServer: (password: string) => Promise<void>, sealed: string[]) {
  const deps = { db: t.database.db, audit: createAudit(t.clock), secrets: t.secrets };
  return resetManagedPassword(deps, by, {
    resource,
    username: "rds_0123456789abcdef01234567",
    action: ACTION,
    setOnServer,
    refusal: (err) =>
      err instanceof ServerRefusal ? new DomainError("RDS_SERVER_FAILED", { reason: err.message }) : null,
    seal: async (_tx: Tx, value: string) => {
      sealed.push(value);
    },
  });
}

const auditRows = () => t.database.db.select().from(auditLogs).where(eq(auditLogs.action, ACTION));

describe("resetting a managed service's password", () => {
  it("turns the server's refusal into the service's error and records nothing", async () => {
    const sealed: string[] = [];
    const failure = await reset(() => Promise.reject(new ServerRefusal("role is gone")), sealed).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ key: "RDS_SERVER_FAILED", params: { reason: "role is gone" } });
    expect(sealed).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("passes on an unexpected failure as it is", async () => {
    const sealed: string[] = [];
    const bug = new TypeError("not a refusal");
    await expect(reset(() => Promise.reject(bug), sealed)).rejects.toBe(bug);
    expect(sealed).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("sets the same password on the server that it seals and answers, with one audit row", async () => {
    const sealed: string[] = [];
    let onServer = "";
    const answer = await reset(async (password) => {
      onServer = password;
    }, sealed);
    expect(answer.password).toBe(onServer);
    expect(answer.username).toBe("rds_0123456789abcdef01234567");
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).not.toContain(onServer);
    expect(t.secrets.open(sealed[0]!)).toBe(onServer);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orgId: resource.orgId, target: "orders-db" });
  });
});
