// SSH to a cluster's login host (the `ssh2` package): the service key pair Skyledger makes for each
// cluster (decision 0011), the login host's own key pinned by its SHA-256 fingerprint (decision
// 0012), and an interactive shell as a member's cluster user, for the browser terminal of
// `/hpcv1console` (the shell itself: platform/terminal/ssh-shell.ts). Connection failures become LoginHostError with what SSH said; a host that shows
// another key than the recorded one is a LoginHostKeyError and nothing is sent to it.
import ssh2, { type Client as SshClient } from "ssh2";
import {
  fingerprintOf,
  openShell,
  parseSshAddress,
  type TerminalShell,
} from "../../platform/terminal/ssh-shell";

// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
const { Client, utils } = ssh2;

export class LoginHostError extends Error {}

/** The login host showed a key whose fingerprint is not the recorded one: possibly a man in the middle. */
export class LoginHostKeyError extends LoginHostError {
  constructor(
    readonly seen: string,
    readonly recorded: string,
  ) {
    super(`the login host's key is ${seen}, not the recorded ${recorded}`);
    this.name = "LoginHostKeyError";
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * An authenticated connection to the login host as `username`, after checking that the host's key
 * has the recorded fingerprint. The caller ends it.
 */
export function connectLoginHost(opts: {
  loginHost: string;
  username: string;
  privateKey: string;
  hostKeyFingerprint: string;
  timeoutMs?: number;
}): Promise<SshClient> {
  const { host, port } = parseSshAddress(opts.loginHost);
  const client = new Client();
  let mismatch: LoginHostKeyError | null = null;
  return new Promise<SshClient>((resolve, reject) => {
    const fail = (err: Error) => {
      client.end();
      reject(mismatch ?? new LoginHostError(err.message));
    };
    client.once("error", fail);
    client.once("ready", () => {
      client.off("error", fail);
      resolve(client);
    });
    client.connect({
      host,
      port,
      username: opts.username,
      privateKey: opts.privateKey,
      readyTimeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        const seen = fingerprintOf(key);
        if (seen === opts.hostKeyFingerprint) return true;
        mismatch = new LoginHostKeyError(seen, opts.hostKeyFingerprint);
        return false;
      },
    });
  });
}

/**
 * The fingerprint of the key the login host shows, without logging in (the handshake stops once
 * the key is seen): what the operator records, after comparing it with `ssh-keygen -lf` on the host.
 */
export function scanLoginHostKey(loginHost: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string> {
  const { host, port } = parseSshAddress(loginHost);
  const client = new Client();
  let seen: string | null = null;
  return new Promise<string>((resolve, reject) => {
    const done = (err?: Error) => {
      client.end();
      if (seen) resolve(seen);
      else reject(new LoginHostError(err?.message ?? "the login host showed no key"));
    };
    client.once("error", done);
    client.once("ready", () => done());
    client.connect({
      host,
      port,
      username: "skyledger-host-key",
      readyTimeout: timeoutMs,
      hostVerifier: (key: Buffer) => {
        seen = fingerprintOf(key);
        return false;
      },
    });
  });
}

/** A fresh Ed25519 key pair in OpenSSH form (private key unencrypted, public key on one line). */
export function generateServiceKey(comment: string): { privateKey: string; publicKey: string } {
  const pair = utils.generateKeyPairSync("ed25519", { comment });
  return { privateKey: pair.private, publicKey: pair.public };
}

export type LoginShell = TerminalShell;

export async function openLoginShell(opts: {
  loginHost: string;
  username: string;
  privateKey: string;
  hostKeyFingerprint: string;
  cols: number;
  rows: number;
  timeoutMs?: number;
}): Promise<LoginShell> {
  const client = await connectLoginHost(opts);
  return openShell(client, opts, (err) => new LoginHostError(err.message));
}
