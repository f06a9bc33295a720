// SSH to a cluster's login host (the `ssh2` package): the service key pair Skyledger makes for each
// cluster (decision 0011) and an interactive shell as a member's cluster user, for the browser
// terminal of `/hpcv1console`. Connection failures become LoginHostError with what SSH said.
import { StringDecoder } from "node:string_decoder";
import ssh2, { type ClientChannel } from "ssh2";

// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
const { Client, utils } = ssh2;

export class LoginHostError extends Error {}

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
  cols: number;
  rows: number;
  timeoutMs?: number;
}): Promise<LoginShell> {
  const { host, port } = parseLoginHost(opts.loginHost);
  const client = new Client();
  const channel = await new Promise<ClientChannel>((resolve, reject) => {
    const fail = (err: Error) => {
      client.end();
      reject(new LoginHostError(err.message));
    };
    client.once("error", fail);
    client.once("ready", () => {
      client.shell({ term: "xterm-256color", cols: opts.cols, rows: opts.rows }, (err, stream) => {
        if (err) return fail(err);
        client.off("error", fail);
        resolve(stream);
      });
    });
    client.connect({
      host,
      port,
      username: opts.username,
      privateKey: opts.privateKey,
      readyTimeout: opts.timeoutMs ?? 10_000,
      // The login host's key is not pinned yet: Skyledger reaches it over the operator's network.
      hostVerifier: () => true,
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
