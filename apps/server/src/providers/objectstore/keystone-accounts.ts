// Each organisation's account on the S3 object store (decision 0026): a Keystone project and user
// of its own (`skyledger-obs-<org>`, the user a member of the project), so that its buckets live in
// its own Swift account and no key of one tenant reaches another's; EC2 credentials of that user in
// that project are the S3 keys — one the console signs with (kept sealed), the rest the tenant's.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { NetworkCloudError } from "../network/network-cloud";
import type { OpenStackClient } from "../network/openstack/openstack-client";
import { ObjectStoreError } from "./object-store";
import { findStoreAccount, saveStoreAccount } from "./s3-object-store.repo";

export type StoreAccount = {
  orgId: string;
  projectId: string;
  userId: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const ACCESS_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** An access key id as S3 tools expect one: 20 upper-case letters and digits. */
export function newAccessKeyId(): string {
  return [...randomBytes(20)].map((b) => ACCESS_ALPHABET[b % ACCESS_ALPHABET.length]).join("");
}
export const newSecretAccessKey = (): string => randomBytes(30).toString("base64url");
/** Keystone names an EC2 credential by the SHA-256 of its access key id. */
export const credentialIdOf = (accessKeyId: string): string =>
  createHash("sha256").update(accessKeyId).digest("hex");

/** Keystone's and Swift's refusals in the object store's words. */
export async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof NetworkCloudError) throw new ObjectStoreError(err.message);
    throw err;
  }
}

export function createKeystoneAccounts(deps: { db: Db; secrets: Secrets; keystone: OpenStackClient }) {
  const { db, keystone } = deps;
  const made = new Map<string, Promise<StoreAccount>>();

  /** The one object `query` finds, made from `body` when there is none (a retry finds the first). */
  async function ensure<T extends { id: string }>(
    plural: string,
    query: [string, string][],
    body: Record<string, unknown>,
  ): Promise<T> {
    const found = await keystone.call<Record<string, T[]>>("identity", {
      method: "GET",
      path: `/${plural}`,
      query,
    });
    if (found[plural]![0]) return found[plural]![0];
    const one = plural.slice(0, -1);
    const created = await keystone.call<Record<string, T>>("identity", {
      method: "POST",
      path: `/${plural}`,
      body: { [one]: body },
    });
    return created[one]!;
  }

  async function addCredential(userId: string, projectId: string) {
    const accessKeyId = newAccessKeyId();
    const secretAccessKey = newSecretAccessKey();
    await keystone.call("identity", {
      method: "POST",
      path: "/credentials",
      body: {
        credential: {
          type: "ec2",
          user_id: userId,
          project_id: projectId,
          blob: JSON.stringify({ access: accessKeyId, secret: secretAccessKey }),
        },
      },
    });
    return { accessKeyId, secretAccessKey };
  }

  async function make(orgId: string): Promise<StoreAccount> {
    const row = await findStoreAccount(db, orgId);
    if (row) return { ...row, secretAccessKey: deps.secrets.open(row.secretSealed) };
    const { domainId } = await keystone.identity();
    const name = `skyledger-obs-${orgId}`;
    const project = await ensure<{ id: string }>(
      "projects",
      [
        ["name", name],
        ["domain_id", domainId],
      ],
      {
        name,
        domain_id: domainId,
        description: `Skyledger object storage of organisation ${orgId}`,
      },
    );
    const user = await ensure<{ id: string }>(
      "users",
      [
        ["name", name],
        ["domain_id", domainId],
      ],
      {
        name,
        domain_id: domainId,
        default_project_id: project.id,
      },
    );
    const [member] = (
      await keystone.call<{ roles: { id: string }[] }>("identity", {
        method: "GET",
        path: "/roles",
        query: [["name", "member"]],
      })
    ).roles;
    if (!member) throw new ObjectStoreError("Keystone has no member role");
    await keystone.call("identity", {
      method: "PUT",
      path: `/projects/${project.id}/users/${user.id}/roles/${member.id}`,
    });
    const own = await addCredential(user.id, project.id);
    const kept = await saveStoreAccount(db, {
      orgId,
      projectId: project.id,
      userId: user.id,
      accessKeyId: own.accessKeyId,
      secretSealed: deps.secrets.seal(own.secretAccessKey),
      createdAt: new Date(),
    });
    // Another instance saved first: its credential is the console's, ours goes.
    if (kept.accessKeyId !== own.accessKeyId) await deleteCredential(user.id, own.accessKeyId);
    return { ...kept, secretAccessKey: deps.secrets.open(kept.secretSealed) };
  }

  async function deleteCredential(userId: string, accessKeyId: string): Promise<void> {
    const id = credentialIdOf(accessKeyId);
    let credential: { user_id: string } | undefined;
    try {
      credential = (
        await keystone.call<{ credential: { user_id: string } }>("identity", {
          method: "GET",
          path: `/credentials/${id}`,
        })
      ).credential;
    } catch (err) {
      if (err instanceof NetworkCloudError && err.status === 404) return;
      throw err;
    }
    // Only the organisation's own user's keys: an id of another tenant's key deletes nothing.
    if (credential.user_id !== userId) return;
    await keystone.call("identity", { method: "DELETE", path: `/credentials/${id}` });
  }

  /** The organisation's account, made on first use (once per process; retry-safe across instances). */
  function account(orgId: string): Promise<StoreAccount> {
    const cached = made.get(orgId);
    if (cached) return cached;
    const next = storeCall(() => make(orgId));
    made.set(orgId, next);
    next.catch(() => made.delete(orgId));
    return next;
  }

  return {
    account,
    async createKey(orgId: string) {
      const a = await account(orgId);
      return storeCall(() => addCredential(a.userId, a.projectId));
    },
    async deleteKey(orgId: string, accessKeyId: string) {
      const a = await account(orgId);
      // The console's own key is not the tenant's to delete.
      if (accessKeyId === a.accessKeyId) throw new ObjectStoreError("that key is the console's own");
      await storeCall(() => deleteCredential(a.userId, accessKeyId));
    },
  };
}
export type KeystoneAccounts = ReturnType<typeof createKeystoneAccounts>;
