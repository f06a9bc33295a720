// `/mgt/sshkeypairs` and `/mgt/ssh/deatil/{id}` (CB0117; CB011702 reads a detail): the tenant's SSH
// key pairs under /api/res/keypairs.
import {
  keyPairCreateBody,
  keyPairCreated,
  keyPairDetail,
  keyPairImportBody,
  keyPairParams,
  keyPairQuery,
  keyPairRecord,
  ok,
  page,
} from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { KeyPairService } from "./keypairs.service";

const tags = ["key pairs"];

export function registerKeyPairRoutes(ctx: ModuleContext, keyPairs: KeyPairService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/keypairs",
    summary: "The organisation's key pairs (public parts only)",
    tags,
    permissions: ["CB0117"],
    tenantOnly: true,
    querystring: keyPairQuery,
    response: page(keyPairRecord),
    handler: ({ principal, query }) => keyPairs.list(principal, query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/keypairs/:id",
    summary: "One key pair with its public key",
    tags,
    permissions: ["CB0117", "CB011702"],
    tenantOnly: true,
    params: keyPairParams,
    response: keyPairDetail,
    handler: ({ principal, params }) => keyPairs.detail(principal, params.id),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/keypairs",
    summary: "Create an RSA 3072 key pair; the answer holds the private key, which is never shown again",
    tags,
    permissions: ["CB0117"],
    tenantOnly: true,
    body: keyPairCreateBody,
    response: keyPairCreated,
    handler: ({ principal, body, req }) => keyPairs.create(principal, body, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/keypairs/import",
    summary: "Import an OpenSSH public key (ssh-rsa, ssh-ed25519 or ecdsa-sha2-nistp256)",
    tags,
    permissions: ["CB0117"],
    tenantOnly: true,
    body: keyPairImportBody,
    response: keyPairDetail,
    handler: ({ principal, body, req }) => keyPairs.import(principal, body, req.ip),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: "/api/res/keypairs/:id",
    summary: "Delete a key pair",
    tags,
    permissions: ["CB0117"],
    tenantOnly: true,
    params: keyPairParams,
    response: ok,
    handler: async ({ principal, params, req }) => {
      await keyPairs.remove(principal, params.id, req.ip);
      return { ok: true as const };
    },
  });
}
