// The HS256 tokens slurmrestd accepts (auth/jwt): Skyledger signs its own from the cluster's key
// (jwt_hs256.key) instead of asking `scontrol token`, so it needs no shell on the cluster. Claims
// are Slurm's: `sun` the user name, `iat` and `exp` in seconds.
import { createHmac } from "node:crypto";

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** `key` is the raw key as base64 (what an operator pastes: `base64 -w0 jwt_hs256.key`). */
export function signSlurmToken(
  key: string,
  user: string,
  nowSeconds: number,
  lifespanSeconds: number,
): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({ exp: nowSeconds + lifespanSeconds, iat: nowSeconds, sun: user }),
  );
  const signature = createHmac("sha256", Buffer.from(key, "base64")).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
}

/** Signs one token per user and reuses it until a minute before it expires. */
export function createTokenSigner(key: string, lifespanSeconds = 600): (user: string) => string {
  const cache = new Map<string, { token: string; expires: number }>();
  return (user) => {
    // The cluster checks expiry against its own clock: real time, not an injected one.
    const now = Math.floor(Date.now() / 1000);
    const cached = cache.get(user);
    if (cached && cached.expires - now > 60) return cached.token;
    const token = signSlurmToken(key, user, now, lifespanSeconds);
    cache.set(user, { token, expires: now + lifespanSeconds });
    return token;
  };
}
