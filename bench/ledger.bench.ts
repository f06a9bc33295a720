// `npm run bench:ledger`: charges per second through the ledger service (`charge`: lock the
// organisation's money sources, allocate, post a balanced entry) and over HTTP (a signed operator
// debit, POST /api/ops/adjustments with an Idempotency-Key: entry, bill, audit), against a plain SQL
// transfer of the same shape (a transaction of two balance updates and one insert) in the same run,
// printed as ratios: the machines are noisy, absolute numbers are not comparable between runs.
// Spread over many accounts and on a single hot account. Each path also prints the p50 and p99
// latency of one call (issue 3's budget: HTTP p99 < 50 ms) and the CPU each call costs the process
// that makes it.
//
// The database, the server and the in-process paths (plain transfer, charge()) run in a child
// process (bench/ledger-serve.ts); this process is only the HTTP client, so it does not take the
// server's CPU. HTTP is measured three ways: saturated (as many requests in flight as there are
// workers), one request at a time, and at a fixed rate of half the saturated throughput (an open
// loop, latency from the moment each request was due): the latency users see at a busy but not
// overloaded server. PGlite in a temporary data directory by default, PostgreSQL when DATABASE_URL
// is set. BENCH_CHARGES sets the charges per measurement.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { once } from "node:events";
import { canonicalString } from "@skyledger/contracts";
import type { Answer, Ask, Ready } from "./ledger-serve";
import { type Measured, measure, measureAtRate } from "./measure";

const N = Number(process.env.BENCH_CHARGES ?? 300);

const child = spawn(process.execPath, ["--import", "tsx", "bench/ledger-serve.ts"], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: process.env,
});
const answers = new Map<number, (a: Answer) => void>();
let ready: (r: Ready) => void;
const started = new Promise<Ready>((resolve) => {
  ready = resolve;
});
child.on("message", (m: Answer | Ready) => {
  if ("ready" in m) ready(m);
  else answers.get(m.id)?.(m);
});
child.once("exit", (code) => {
  if (code !== 0) {
    process.stderr.write(`ledger-serve exited with ${code}\n`);
    process.exit(1);
  }
});
let asked = 0;
function ask(message: Omit<Extract<Ask, { what: "plain" | "service" }>, "id"> | { what: "verify" }) {
  const id = ++asked;
  return new Promise<Answer>((resolve) => {
    answers.set(id, resolve);
    child.send({ ...message, id } as Ask);
  });
}

async function httpClient(base: string) {
  const xsrf = "bench-xsrf-token-0123456789";
  const common = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
  const login = await fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: common,
    body: JSON.stringify({ account: "admin", password: "Admin@2026" }),
  });
  const session = ((await login.json()) as { data: { token: string; signSecret: string } }).data;
  return async (orgId: string, reference: string) => {
    const body = { orgId, amount: "-0.01", reason: `bench ${reference}` };
    const timestamp = String(Date.now());
    const nonce = randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method: "POST",
      path: "/api/ops/adjustments",
      body,
      timestamp,
      nonce,
      requestId,
    });
    const res = await fetch(`${base}/api/ops/adjustments`, {
      method: "POST",
      headers: {
        ...common,
        authorization: `Bearer ${session.token}`,
        "idempotency-key": `bench-${reference}`,
        "x-timestamp": timestamp,
        "x-nonce": nonce,
        "x-request-id": requestId,
        "x-sign": createHmac("sha256", session.signSecret).update(canonical).digest("hex"),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; data: { status: string } };
    if (answer.code !== 200 || answer.data.status !== "applied")
      throw new Error(`HTTP charge failed: ${JSON.stringify(answer)}`);
  };
}

type Row = {
  label: string;
  plain: Measured;
  service: Measured;
  http: Measured;
  alone: Measured;
  atRate: Measured;
};

async function main() {
  const { port, db, orgs, run } = await started;
  // Several workers on PostgreSQL, where transactions run side by side; PGlite runs one at a time.
  const workers = db === "postgres" ? 8 : 1;
  const http = await httpClient(`http://127.0.0.1:${port}`);
  const inChild = async (what: "plain" | "service", hot: boolean, label: string, n = N) =>
    (await ask({ what, hot, n, workers, label })).measured!;

  // A short warm-up of each path (JIT, prepared plans, connections).
  await inChild("plain", false, "warm", 20);
  await inChild("service", false, "warm", 20);
  await measure((i) => http(orgs[i % orgs.length]!, `warm-${run}-${i}`), 20, workers);

  const rows: Row[] = [];
  for (const [label, hot] of [
    [`spread over ${orgs.length} accounts`, false],
    ["one hot account", true],
  ] as const) {
    const pick = (i: number) => (hot ? 0 : i % orgs.length);
    const plain = await inChild("plain", hot, label);
    const service = await inChild("service", hot, label);
    const key = `${run}-${label.replaceAll(" ", "-")}`;
    const overHttp = await measure((i) => http(orgs[pick(i)]!, `${key}-${i}`), N, workers);
    const alone = await measure((i) => http(orgs[pick(i)]!, `${key}-alone-${i}`), N, 1);
    const atRate = await measureAtRate(
      (i) => http(orgs[pick(i)]!, `${key}-rate-${i}`),
      N,
      Math.max(1, Math.round(overHttp.perSecond / 2)),
    );
    rows.push({ label, plain, service, http: overHttp, alone, atRate });
  }
  const { problems } = await ask({ what: "verify" });
  child.disconnect();
  await once(child, "exit");

  const f = (n: number) => n.toFixed(0).padStart(7);
  const ms = (m: Measured) =>
    `p50 ${m.p50.toFixed(1).padStart(5)} ms  p99 ${m.p99.toFixed(1).padStart(5)} ms  cpu ${m.cpuMsPerCall.toFixed(2)} ms/call`;
  const ratio = (a: Measured, b: Measured) => (a.perSecond / b.perSecond).toFixed(3);
  const out = [
    `${N} charges per measurement, ${workers} worker(s), database: ${db}; server in a child process, HTTP client in this one`,
  ];
  for (const r of rows) {
    out.push(`${r.label}:`);
    out.push(`  plain SQL transfer (2 updates + insert)  ${f(r.plain.perSecond)} /s  ${ms(r.plain)}`);
    out.push(
      `  ledger service charge()                  ${f(r.service.perSecond)} /s  ${ms(r.service)}  ratio to plain ${ratio(r.service, r.plain)}`,
    );
    out.push(
      `  over HTTP, ${String(workers).padEnd(2)} in flight (signed debit)   ${f(r.http.perSecond)} /s  ${ms(r.http)}  ratio to plain ${ratio(r.http, r.plain)}  to service ${ratio(r.http, r.service)}`,
    );
    out.push(`  over HTTP, one request at a time         ${f(r.alone.perSecond)} /s  ${ms(r.alone)}`);
    out.push(`  over HTTP, at half the saturated rate    ${f(r.atRate.perSecond)} /s  ${ms(r.atRate)}`);
  }
  out.push(problems?.length ? `ledger verification FAILED: ${JSON.stringify(problems)}` : "ledger verifies");
  process.stdout.write(`${out.join("\n")}\n`);
  if (problems?.length) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  child.kill("SIGTERM");
  process.exit(1);
});
