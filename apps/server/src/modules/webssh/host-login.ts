// SSH to a cloud host with what the person typed (the `ssh2` package): a password, or a private
// key with its passphrase, used for this one connection and then dropped. The host's key is
// checked against the one recorded on first use (decision 0018) before anything is sent: another
// one is refused. Failures are told apart so the form can say which: the credentials refused, the
// address unreachable, the host key changed; a malformed key is caught before connecting.
import ssh2, { type Client as SshClient } from "ssh2";
import { fingerprintOf, parseSshAddress } from "../../platform/terminal/ssh-shell";

// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
const { Client, utils } = ssh2;

export type HostCredentials =
  | { method: "password"; username: string; password: string }
  | { method: "privateKey"; username: string; privateKey: string; passphrase?: string | undefined };

export type HostLoginFailure = "auth" | "unreachable" | "hostKey";

export class HostLoginError extends Error {
  constructor(
    readonly failure: HostLoginFailure,
    message: string,
    /** hostKey: the fingerprint the host showed. */
    readonly seen?: string,
  ) {
    super(message);
    this.name = "HostLoginError";
  }
}

/** Whether a pasted private key can be used: `malformed`, `passphrase` (encrypted, none or a wrong one given). */
export function privateKeyProblem(key: string, passphrase?: string): "malformed" | "passphrase" | null {
  const parsed = utils.parseKey(key, passphrase || undefined);
  if (!(parsed instanceof Error)) return null;
  return /passphrase|encrypted|decrypt/i.test(parsed.message) ? "passphrase" : "malformed";
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * An authenticated connection to `address` (host[:port]) and the fingerprint of the key it showed.
 * `expected` is the recorded fingerprint, null on first use (any key is accepted, then recorded).
 */
export function loginToHost(opts: {
  address: string;
  credentials: HostCredentials;
  expected: string | null;
  timeoutMs?: number;
}): Promise<{ client: SshClient; fingerprint: string }> {
  const { host, port } = parseSshAddress(opts.address);
  const c = opts.credentials;
  const client = new Client();
  let seen = "";
  let mismatch = false;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: Error & { level?: string }) => {
      client.end();
      if (settled) return;
      settled = true;
      if (mismatch) reject(new HostLoginError("hostKey", err.message, seen));
      else if (err.level === "client-authentication") reject(new HostLoginError("auth", err.message));
      else reject(new HostLoginError("unreachable", err.message));
    };
    // `on`, not `once`: a failing connection may say more than one error (a refused login, then
    // its handshake timer); an unheard one would end the process.
    client.on("error", fail);
    client.once("ready", () => {
      settled = true;
      client.off("error", fail);
      // Until the shell is opened (or the ticket expires) a broken connection only ends itself.
      client.on("error", () => client.end());
      resolve({ client, fingerprint: seen });
    });
    client.connect({
      host,
      port,
      username: c.username,
      ...(c.method === "password"
        ? { password: c.password }
        : { privateKey: c.privateKey, passphrase: c.passphrase || undefined }),
      tryKeyboard: false,
      readyTimeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        seen = fingerprintOf(key);
        mismatch = opts.expected !== null && seen !== opts.expected;
        return !mismatch;
      },
    });
  });
}
