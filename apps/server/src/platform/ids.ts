import { createHash, randomBytes, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** A URL-safe random token of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** Tokens are stored hashed so a database leak does not hand out sessions or reset links. */
export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

export function randomDigits(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => String(b % 10)).join("");
}
