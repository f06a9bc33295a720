import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalString, SIGNATURE_WINDOW_MS, SIGNING_HEADERS } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import { DomainError } from "./errors";
import type { NonceStore } from "./nonce-store";

export function sign(secret: string, canonical: string): string {
  return createHmac("sha256", secret).update(canonical, "utf8").digest("hex");
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Verifies the HMAC request signature of docs/api/signing.md; throws SIGNATURE_INVALID. */
export async function verifySignature(req: FastifyRequest, secret: string, nonces: NonceStore, now: Date) {
  const signature = header(req, SIGNING_HEADERS.signature);
  const timestamp = header(req, SIGNING_HEADERS.timestamp);
  const nonce = header(req, SIGNING_HEADERS.nonce);
  const requestId = header(req, SIGNING_HEADERS.requestId);
  if (!signature || !timestamp || !nonce || !requestId || nonce.length < 8 || nonce.length > 128) {
    throw new DomainError("SIGNATURE_INVALID");
  }
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(now.getTime() - ts) > SIGNATURE_WINDOW_MS) {
    throw new DomainError("SIGNATURE_INVALID");
  }
  const path = req.url.split("?")[0] ?? req.url;
  const expected = sign(
    secret,
    canonicalString({
      method: req.method,
      path,
      query: req.query,
      body: req.body,
      timestamp,
      nonce,
      requestId,
    }),
  );
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(signature.toLowerCase(), "utf8");
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new DomainError("SIGNATURE_INVALID");
  // The nonce is claimed only for a valid signature, so forged requests cannot burn real nonces.
  if (!(await nonces.claim(nonce, now))) throw new DomainError("SIGNATURE_INVALID");
}
