// API clients authenticate with an access key: `X-Access-Key: <id>` names the key and the request is
// signed with its secret exactly as a browser signs with its session secret (docs/api/access-keys.md).
// Nothing is cached: every request reads the key and its user, so disabling or deleting a key, or
// taking the access-key permission away, stops it at once on every instance.
import { ACCESS_KEY_ID_PATTERN, SIGNING_HEADERS } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import type { CredentialAuthenticator } from "../../platform/auth/composite-authenticator";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { permissionsOf, roleById } from "../iam/iam.repo";
import { keyWithUser, markUsed } from "./access-keys.repo";

/** Session ids of access-key principals: there is no session, nothing slides or expires. */
const SESSION_PREFIX = "ak:";
// Writing the last use on every call would turn reads into writes; once a minute is enough.
const MARK_USED_EVERY_MS = 60_000;
const ACCESS_KEY_PERMISSION = "CH06";

function accessKeyHeader(req: FastifyRequest): string | undefined {
  const value = req.headers[SIGNING_HEADERS.accessKey];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

export function createAccessKeyAuthenticator(db: Db, clock: Clock): CredentialAuthenticator {
  const uses = new WeakMap<Principal, { keyId: string; ip: string; lastUsedAt: Date | null }>();

  return {
    // A bearer token wins: a browser session is never downgraded to a key.
    recognises: (req) => accessKeyHeader(req) !== undefined && !req.headers.authorization,
    owns: (sessionId) => sessionId.startsWith(SESSION_PREFIX),

    async authenticate(req) {
      const keyId = accessKeyHeader(req);
      if (!keyId) throw new DomainError("SESSION_EXPIRED");
      if (!ACCESS_KEY_ID_PATTERN.test(keyId)) throw new DomainError("ACCESS_KEY_INVALID");
      const now = clock.now();
      const row = await keyWithUser(db, keyId);
      if (row?.key.status !== "enabled") throw new DomainError("ACCESS_KEY_INVALID");
      const { key, user } = row;
      if (user.status !== "enabled" || user.freeze) throw new DomainError("ACCOUNT_DISABLED");
      if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000);
        throw new DomainError("ACCOUNT_LOCKED", { minutes });
      }
      const [permissions, role] = await Promise.all([permissionsOf(db, user.id), roleById(db, user.roleId)]);
      // Spec §6: the access-key permission is granted separately; without it no key works.
      if (!permissions.includes(ACCESS_KEY_PERMISSION)) throw new DomainError("NO_PERMISSION");
      const principal: Principal = {
        userId: user.id,
        orgId: user.orgId,
        account: user.account,
        roleId: user.roleId,
        moduleType: role?.moduleType ?? "console",
        permissions: new Set(permissions),
        sessionId: `${SESSION_PREFIX}${key.id}`,
        // No SMS step-up can be passed without a browser session: sensitive calls answer 406.
        stepUpUntil: null,
        sessionExpiresAt: now,
        lastSeenAt: now,
        // A key is a credential of its own; the password's state does not limit it.
        mustChangePassword: false,
        mobile: user.mobile,
        mobileVerified: !!user.mobile && !!user.mobileVerifiedAt,
        signSecret: key.secret,
        viaBrowser: false,
      };
      uses.set(principal, { keyId: key.id, ip: req.ip, lastUsedAt: key.lastUsedAt });
      return principal;
    },

    // Called once the signature proved the caller holds the secret.
    async touch(principal) {
      const use = uses.get(principal);
      if (!use) return;
      const now = clock.now();
      if (use.lastUsedAt && now.getTime() - use.lastUsedAt.getTime() < MARK_USED_EVERY_MS) return;
      await markUsed(db, use.keyId, now, use.ip, new Date(now.getTime() - MARK_USED_EVERY_MS));
    },

    async currentStepUp() {
      return null;
    },
  };
}
