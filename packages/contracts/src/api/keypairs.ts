// SSH key pairs of a tenant (spec §3 "Key pair", CB0117, detail `/mgt/ssh/deatil/{id}`): created
// on the server (the private key is answered once and never stored) or imported from a public key.
import { z } from "zod";
import { v } from "../validation";
import { pageQuery } from "./common";

/** The OpenSSH key types an imported public key may have. */
export const KEY_PAIR_TYPES = ["ssh-rsa", "ssh-ed25519", "ecdsa-sha2-nistp256"] as const;
export const keyPairType = z.enum(KEY_PAIR_TYPES);
export type KeyPairType = z.infer<typeof keyPairType>;

/** One line of an OpenSSH public key file: type, base64 blob, optional comment. */
export const OPENSSH_PUBLIC_KEY_PATTERN =
  /^(ssh-rsa|ssh-ed25519|ecdsa-sha2-nistp256) [A-Za-z0-9+/]+={0,2}( .*)?$/;

const projectId = z.string().trim().max(64).nullable().default(null);

export const keyPairCreateBody = z.object({
  name: v.resourceName,
  projectId,
});
export type KeyPairCreateBody = z.input<typeof keyPairCreateBody>;

export const keyPairImportBody = keyPairCreateBody.extend({
  publicKey: z
    .string()
    .trim()
    .min(1, "validation.required")
    // The shape and the blob are checked by the server with a business message (KEY_PAIR_*).
    .max(16_384, "validation.invalid"),
});
export type KeyPairImportBody = z.input<typeof keyPairImportBody>;

export const keyPairQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

export const keyPairParams = z.object({ id: z.string().min(1).max(64) });

export const keyPairRecord = z.object({
  id: z.string(),
  name: z.string(),
  keyType: keyPairType,
  fingerprint: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type KeyPairRecord = z.infer<typeof keyPairRecord>;

export const keyPairDetail = keyPairRecord.extend({ publicKey: z.string() });
export type KeyPairDetail = z.infer<typeof keyPairDetail>;

/** The answer to a creation: the only time the private key (PKCS#1 PEM) leaves the server. */
export const keyPairCreated = keyPairDetail.extend({ privateKey: z.string() });
export type KeyPairCreated = z.infer<typeof keyPairCreated>;
