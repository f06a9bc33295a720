// Requests per bucket, counted from the object store's access log: Swift's proxy sends one line per
// client request over UDP (syslog format, scripts/openstack/etc/swift-proxy.conf.in), the collector
// adds them up per bucket and hour in memory and writes them to obs_request_counts every second.
// One instance collects (the one that binds OBS_ACCESS_LOG_UDP first; the others log that and
// carry on); lines sent while none listens are not counted — the store keeps no count of its own.
import dgram from "node:dgram";
import type { Db } from "../../platform/db/client";
import { addRequestCounts } from "./s3-object-store.repo";

const HOUR_MS = 3_600_000;

export type AccessLogLine = { bucket: string; at: Date };

/**
 * The bucket and start time of one access-log line when it is a tenant's request to a bucket:
 * path-style S3 (`/<bucket>/…`) or Swift's own API (`/v1/AUTH_<project>/<bucket>/…`). Lines of
 * requests the store refused for want of a valid signature (401, 403), the store's own
 * sub-requests (a source is named) and calls on no bucket (listing buckets, health checks) are
 * not the tenant's use of a bucket: null.
 */
export function parseAccessLogLine(line: string): AccessLogLine | null {
  const at = line.indexOf("swift-access: ");
  if (at < 0) return null;
  const fields = line
    .slice(at + "swift-access: ".length)
    .replace(/\0/g, "")
    .trim()
    .split(" ");
  if (fields.length < 19) return null;
  const [, , , , quotedPath, , status] = fields;
  const source = fields[16];
  const started = Number(fields[18]);
  if (status === "401" || status === "403" || source !== "-" || !Number.isFinite(started)) return null;
  let path: string;
  try {
    path = decodeURIComponent(quotedPath!).split("?")[0]!;
  } catch {
    return null;
  }
  const segments = path.split("/").filter((s) => s.length > 0);
  const bucket = segments[0] === "v1" ? segments[2] : segments[0];
  if (!bucket || bucket === "healthcheck" || bucket === "info") return null;
  return { bucket, at: new Date(Math.round(started * 1000)) };
}

export type AccessLogCollector = {
  /** Writes what was counted since the last flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
};

export async function startAccessLogCollector(
  db: Db,
  address: string,
  log: (message: string) => void,
  flushMs = 1000,
): Promise<AccessLogCollector> {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(":")),
    Number(address.slice(address.lastIndexOf(":") + 1)),
  ];
  const counts = new Map<string, number>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (message) => {
    const line = parseAccessLogLine(message.toString("utf8"));
    if (!line) return;
    const key = `${Math.floor(line.at.getTime() / HOUR_MS) * HOUR_MS}|${line.bucket}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const bound = await new Promise<boolean>((resolve) => {
    socket.once("error", (err: NodeJS.ErrnoException) => {
      log(
        `object storage access log: ${address} not bound (${err.code ?? err.message}); another instance counts requests`,
      );
      resolve(false);
    });
    socket.bind(port, host, () => resolve(true));
  });
  if (!bound) socket.close();

  let flushing: Promise<void> = Promise.resolve();
  async function flush(): Promise<void> {
    // One write at a time, each taking what was counted before it started.
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        if (counts.size === 0) return;
        const taken = [...counts];
        counts.clear();
        const rows = taken.map(([key, requests]) => {
          const cut = key.indexOf("|");
          return { bucketName: key.slice(cut + 1), hour: new Date(Number(key.slice(0, cut))), requests };
        });
        try {
          await db.transaction((tx) => addRequestCounts(tx, rows));
        } catch (err) {
          // Counted again on the next flush rather than lost.
          for (const [key, n] of taken) counts.set(key, (counts.get(key) ?? 0) + n);
          throw err;
        }
      });
    return flushing;
  }
  const timer = bound
    ? setInterval(() => flush().catch((err) => log(`object storage access log: ${err}`)), flushMs)
    : null;
  timer?.unref();

  return {
    flush,
    async close() {
      if (timer) clearInterval(timer);
      if (bound) await new Promise<void>((resolve) => socket.close(() => resolve()));
      await flush();
    },
  };
}
