// Endpoints of keypairs (what each property means: define.ts).

import { ok, page } from "../api/common";
import {
  keyPairCreateBody,
  keyPairCreated,
  keyPairDetail,
  keyPairImportBody,
  keyPairParams,
  keyPairQuery,
  keyPairRecord,
} from "../api/keypairs";
import { defineEndpoint } from "./define";

export const keypairsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/keypairs",
    summary: "The organisation's key pairs (public parts only)",
    tags: ["key pairs"],
    permissions: ["CB0117"],
    tenantOnly: true,
    query: keyPairQuery,
    response: page(keyPairRecord),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/keypairs/:id",
    summary: "One key pair with its public key",
    tags: ["key pairs"],
    permissions: ["CB0117", "CB011702"],
    tenantOnly: true,
    params: keyPairParams,
    response: keyPairDetail,
  }),
  create: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/keypairs",
    summary: "Create an RSA 3072 key pair; the answer holds the private key, which is never shown again",
    tags: ["key pairs"],
    permissions: ["CB0117"],
    tenantOnly: true,
    body: keyPairCreateBody,
    response: keyPairCreated,
  }),
  import: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/keypairs/import",
    summary: "Import an OpenSSH public key (ssh-rsa, ssh-ed25519 or ecdsa-sha2-nistp256)",
    tags: ["key pairs"],
    permissions: ["CB0117"],
    tenantOnly: true,
    body: keyPairImportBody,
    response: keyPairDetail,
  }),
  remove: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/res/keypairs/:id",
    summary: "Delete a key pair",
    tags: ["key pairs"],
    permissions: ["CB0117"],
    tenantOnly: true,
    params: keyPairParams,
    response: ok,
  }),
};
