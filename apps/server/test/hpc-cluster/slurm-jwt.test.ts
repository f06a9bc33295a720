// The tokens Skyledger signs for slurmrestd: HS256 over the cluster's key, Slurm's claims. The
// Slurm suite shows a real slurmrestd accepting them; this checks their form without a cluster.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenSigner, signSlurmToken } from "../../src/providers/hpc/slurm-jwt";

const key = Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");

describe("Slurm JWTs", () => {
  it("signs HS256 with the raw key and carries sun, iat and exp", () => {
    const token = signSlurmToken(key, "alice", 1_800_000_000, 600);
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(payload!, "base64url").toString())).toEqual({
      sun: "alice",
      iat: 1_800_000_000,
      exp: 1_800_000_600,
    });
    const expected = createHmac("sha256", Buffer.from(key, "base64")).update(`${header}.${payload}`).digest();
    expect(Buffer.from(signature!, "base64url")).toEqual(expected);
  });

  it("reuses a user's token while it has more than a minute left, and signs one per user", () => {
    const sign = createTokenSigner(key, 600);
    expect(sign("alice")).toBe(sign("alice"));
    expect(sign("bob")).not.toBe(sign("alice"));
    const claims = JSON.parse(Buffer.from(sign("bob").split(".")[1]!, "base64url").toString());
    expect(claims.exp - claims.iat).toBe(600);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(5);
  });
});
