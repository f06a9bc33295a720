// Reading a file on a cluster's login host over SFTP (ssh2's sftp subsystem), as a member's cluster
// user with the cluster's service key and the login host's key pinned (decisions 0011, 0012): how
// Skyledger shows a Slurm job's output, which slurmrestd does not serve. One connection per read,
// always closed; only the last `maxBytes` of a long file are read.
import type { Client, SFTPWrapper, Stats } from "ssh2";
import { connectLoginHost, LoginHostError } from "./ssh-login";

/** How much of a job's output is shown: its last 256 KiB. */
export const OUTPUT_TAIL_BYTES = 256 * 1024;

export type FileTail =
  /** The file does not exist (yet): a job that has not started has written nothing. */
  | { exists: false }
  /** `text` is the file's end when `truncated`, else all of it; `size` is the whole file's bytes. */
  | { exists: true; text: string; size: number; truncated: boolean };

/** SFTP's status for a path that is not there (SSH_FX_NO_SUCH_FILE). */
const NO_SUCH_FILE = 2;

const sftpOf = (client: Client) =>
  new Promise<SFTPWrapper>((resolve, reject) =>
    client.sftp((err, sftp) => (err ? reject(err) : resolve(sftp))),
  );

const call = <T>(run: (cb: (err: Error | null | undefined, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value))));

/** Drops the bytes of a character cut at the start (UTF-8 continuation bytes 10xxxxxx). */
function fromCharBoundary(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length && start < 4 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

export async function readFileTail(opts: {
  loginHost: string;
  username: string;
  privateKey: string;
  hostKeyFingerprint: string;
  path: string;
  maxBytes?: number;
  timeoutMs?: number;
}): Promise<FileTail> {
  const maxBytes = opts.maxBytes ?? OUTPUT_TAIL_BYTES;
  const client = await connectLoginHost(opts);
  // After the connection is made, a broken one fails the read below; its error event is not thrown.
  client.on("error", () => undefined);
  try {
    const sftp = await sftpOf(client);
    let stats: Stats;
    try {
      stats = await call<Stats>((cb) => sftp.stat(opts.path, cb));
    } catch (err) {
      if ((err as { code?: unknown }).code === NO_SUCH_FILE) return { exists: false };
      throw err;
    }
    const size = stats.size;
    const length = Math.min(size, maxBytes);
    const handle = await call<Buffer>((cb) => sftp.open(opts.path, "r", cb));
    try {
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const n = await call<number>((cb) =>
          sftp.read(handle, buffer, read, length - read, size - length + read, (err, bytes) =>
            cb(err, bytes),
          ),
        );
        if (n === 0) break;
        read += n;
      }
      const truncated = size > length;
      const bytes = buffer.subarray(0, read);
      return {
        exists: true,
        text: (truncated ? fromCharBoundary(bytes) : bytes).toString("utf8"),
        size,
        truncated,
      };
    } finally {
      await call<void>((cb) => sftp.close(handle, (err) => cb(err, undefined))).catch(() => undefined);
    }
  } catch (err) {
    if (err instanceof LoginHostError) throw err;
    throw new LoginHostError(err instanceof Error ? err.message : String(err));
  } finally {
    client.end();
  }
}
