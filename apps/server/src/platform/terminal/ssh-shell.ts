// The SSH side of the browser terminals (the `ssh2` package): a host key's fingerprint as OpenSSH
// prints it, `host[:port]` addresses, and an interactive shell on an authenticated connection.
// Who logs in with what, and which host keys are trusted, is the caller's: the HPC login host's
// service key and pinned key (providers/hpc/ssh-login.ts), a cloud host's password or private key
// and its key recorded on first use (modules/webssh).
import { createHash } from "node:crypto";
import { StringDecoder } from "node:string_decoder";
import type { ClientChannel, Client as SshClient } from "ssh2";

/** OpenSSH's fingerprint of a public key blob, as `ssh-keygen -lf` prints it: `SHA256:<base64, no padding>`. */
export const fingerprintOf = (key: Buffer): string =>
  `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;

/** `host[:port]`; SSH's port 22 when none is given. */
export function parseSshAddress(address: string): { host: string; port: number } {
  const match = /^(.+?)(?::(\d{1,5}))?$/.exec(address.trim());
  return { host: match?.[1] ?? address, port: match?.[2] ? Number(match[2]) : 22 };
}

/** A shell the terminal pipes to its socket. */
export type TerminalShell = {
  write(data: string): void;
  resize(cols: number, rows: number): void;
  onData(listener: (data: string) => void): void;
  /** Called once, when the shell or the connection ends for whatever reason. */
  onClose(listener: () => void): void;
  close(): void;
};

/**
 * An interactive shell (xterm-256color, `cols`×`rows`) on an authenticated connection, which the
 * shell then owns: closing either ends both. `fail` turns what SSH said into the caller's error.
 */
export async function openShell(
  client: SshClient,
  size: { cols: number; rows: number },
  fail: (err: Error) => Error,
): Promise<TerminalShell> {
  const channel = await new Promise<ClientChannel>((resolve, reject) => {
    const onError = (err: Error) => {
      client.end();
      reject(fail(err));
    };
    client.once("error", onError);
    client.shell({ term: "xterm-256color", cols: size.cols, rows: size.rows }, (err, stream) => {
      if (err) return onError(err);
      client.off("error", onError);
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
