// Share links of the simulated object store (a real one presigns S3 URLs): the token names the
// bucket's resource and the expiry, the object's key travels in the query (keys are up to 1024
// bytes; the router refuses a path parameter over 100 characters), and an HMAC under the
// installation's key (platform/secrets.ts `sign`) covers all three, so any instance of the console
// checks it and nobody makes one for another object or a later expiry. The link is the whole
// authority of GET /api/obs/shared/:token?key=.
import { timingSafeEqual } from "node:crypto";
import type { Secrets } from "../../platform/secrets";

const PURPOSE = "obs.share";
// 128 bits of the MAC: the token stays under the router's 100 characters.
const MAC_HEX = 32;

export type ShareClaim = { resourceId: string; key: string; expiresAt: Date };

const macOf = (secrets: Secrets, resourceId: string, seconds: string, key: string) =>
  secrets.sign(PURPOSE, `${resourceId}.${seconds}.${key}`).slice(0, MAC_HEX);

/** The link's path and query (after the console's origin). */
export function sharePath(secrets: Secrets, claim: ShareClaim): string {
  const seconds = String(Math.floor(claim.expiresAt.getTime() / 1000));
  const token = `${claim.resourceId}.${seconds}.${macOf(secrets, claim.resourceId, seconds, claim.key)}`;
  return `/api/obs/shared/${token}?key=${encodeURIComponent(claim.key)}`;
}

/** The claim of a link whose MAC checks; null for anything else (expiry is the caller's to judge). */
export function readShareLink(secrets: Secrets, token: string, key: string): ShareClaim | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [resourceId, seconds, mac] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(seconds) || mac.length !== MAC_HEX) return null;
  const expected = macOf(secrets, resourceId, seconds, key);
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  return { resourceId, key, expiresAt: new Date(Number(seconds) * 1000) };
}
