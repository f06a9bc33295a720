// `npm run bench:api`: requests per second and latency of the signed, signed-in GET /api/users/token
// and of POST /api/users/login, against a bare Fastify route served by the same server process in
// the same run, printed as ratios (the machines are noisy; absolute numbers are not comparable).
// The servers run in a child process (bench/serve.ts); this process only generates load.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { canonicalString } from "@skyledger/contracts";
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
type Result = { rps: number; p99: number; errors: number; non2xx: number };

async function run(url: string, opts: Partial<autocannon.Options>): Promise<Result> {
  const r = await autocannon({ url, connections: 10, duration: DURATION, ...opts });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function main() {
  // BENCH_PROFILE=<dir> writes a CPU profile of the server process there (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "bench/serve.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [first] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
  const ports = JSON.parse(first) as { app: number; bare: number; db: string };
  const base = `http://127.0.0.1:${ports.app}`;

  const xsrf = "bench-xsrf-token-0123456789";
  const common = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
  const login = await fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: common,
    body: JSON.stringify({ account: "demotenant", password: "Tenant@2026" }),
  });
  const session = ((await login.json()) as { data: { token: string; signSecret: string } }).data;

  const bare = await run(`http://127.0.0.1:${ports.bare}/bare`, {});
  const signedRequests = (path: string): Partial<autocannon.Options> => ({
    requests: [
      {
        method: "GET",
        path,
        // Every request needs its own nonce and signature, as a real client sends.
        setupRequest: (req) => {
          const timestamp = String(Date.now());
          const nonce = randomUUID();
          const requestId = randomUUID();
          const canonical = canonicalString({
            method: "GET",
            path: "/api/users/token",
            timestamp,
            nonce,
            requestId,
          });
          return {
            ...req,
            headers: {
              // A browser holds the anti-forgery cookie after its first request.
              cookie: `XSRF-TOKEN=${xsrf}`,
              authorization: `Bearer ${session.token}`,
              "x-timestamp": timestamp,
              "x-nonce": nonce,
              "x-request-id": requestId,
              "x-sign": createHmac("sha256", session.signSecret).update(canonical).digest("hex"),
            },
          };
        },
      },
    ],
  });
  // The same per-request signing work against the bare route shows what the load generator itself
  // can send: if it is close to the signed GET, the generator and not Skyledger is the limit.
  const bareSigned = await run(`http://127.0.0.1:${ports.bare}/bare`, signedRequests("/bare"));
  const token = await run(`${base}/api/users/token`, signedRequests("/api/users/token"));
  const loginRun =
    process.env.BENCH_ONLY === "token"
      ? undefined
      : await run(`${base}/api/users/login`, {
          method: "POST",
          headers: common,
          body: JSON.stringify({ account: "demotenant", password: "Tenant@2026" }),
        });

  const line = (name: string, r: Result) =>
    `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ratio to bare ${(r.rps / bare.rps).toFixed(3)}  errors ${r.errors}  non-2xx ${r.non2xx}`;
  const out = [
    `${DURATION}s per target, 10 connections, database: ${ports.db}; servers in a child process`,
    line("bare Fastify route", bare),
    line("bare route, signed requests", bareSigned),
    line("GET /api/users/token (signed)", token),
  ];
  if (loginRun) out.push(line("POST /api/users/login", loginRun));
  process.stdout.write(`${out.join("\n")}\n`);
  child.kill("SIGTERM");
  await once(child, "exit");
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
