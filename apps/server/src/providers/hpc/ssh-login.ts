// SSH to a cluster's login host (the `ssh2` package): the service key pair Skyledger makes for each
// cluster (decision 0011), the login host's own key pinned by its SHA-256 fingerprint (decision
// 0012), and an interactive shell as a member's cluster user, for the browser terminal of
// `/hpcv1console`. Connection failures become LoginHostError with what SSH said; a host that shows
// another key than the recorded one is a LoginHostKeyError and nothing is sent to it.
import { createHash } from "node:crypto";
import { StringDecoder } from "node:string_decoder";
import ssh2, { type ClientChannel, type Client as SshClient } from "ssh2";

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

/** OpenSSH's fingerprint of a public key blob, as `ssh-keygen -lf` prints it: `SHA256:<base64, no padding>`. */
export const fingerprintOf = (key: Buffer): string =>
  `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;

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
  const { host, port } = parseLoginHost(opts.loginHost);
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
  const { host, port } = parseLoginHost(loginHost);
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

/** `host[:port]` as registered; SSH's port 22 when none is given. */
export function parseLoginHost(loginHost: string): { host: string; port: number } {
  const match = /^(.+?)(?::(\d{1,5}))?$/.exec(loginHost.trim());
  return { host: match?.[1] ?? loginHost, port: match?.[2] ? Number(match[2]) : 22 };
}

export type LoginShell = {
  write(data: string): void;
  resize(cols: number, rows: number): void;
  onData(listener: (data: string) => void): void;
  /** Called once, when the shell or the connection ends for whatever reason. */
  onClose(listener: () => void): void;
  close(): void;
};

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
  const channel = await new Promise<ClientChannel>((resolve, reject) => {
    const fail = (err: Error) => {
      client.end();
      reject(new LoginHostError(err.message));
    };
    client.once("error", fail);
    client.shell({ term: "xterm-256color", cols: opts.cols, rows: opts.rows }, (err, stream) => {
      if (err) return fail(err);
      client.off("error", fail);
      resolve(stream);
    });
  });
  const closeListeners: (() => void)[] = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    client.end();
    for (const listener of closeListeners) listener();
  };
  channel.on("close", finish);
  client.on("close", finish);
  // After the shell opened, a broken connection ends the terminal like an exit does.
  client.on("error", finish);
  return {
    write: (data) => {
      if (!closed) channel.write(data);
    },
    resize: (cols, rows) => {
      if (!closed) channel.setWindow(rows, cols, 0, 0);
    },
    onData: (listener) => {
      // A character may be split across two chunks: each stream decodes with its own decoder.
      const out = new StringDecoder("utf8");
      const err = new StringDecoder("utf8");
      channel.on("data", (chunk: Buffer) => listener(out.write(chunk)));
      channel.stderr.on("data", (chunk: Buffer) => listener(err.write(chunk)));
    },
    onClose: (listener) => {
      closeListeners.push(listener);
    },
    close: finish,
  };
}
