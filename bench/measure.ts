// Shared measuring of the ledger benchmark: closed loop (a number of calls in flight) and open
// loop (calls started at a fixed rate, whatever the answers do).

export type Measured = { perSecond: number; p50: number; p99: number; cpuMsPerCall: number };

/** Nearest-rank percentile of sorted milliseconds. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

function summary(latencies: number[], n: number, started: bigint, cpu: NodeJS.CpuUsage): Measured {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: n / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    // This process's CPU (user + system) per call.
    cpuMsPerCall: (used.user + used.system) / 1000 / n,
  };
}

/** `n` calls of `one(i)` by `workers` loops, each starting its next call when its last answered. */
export async function measure(
  one: (i: number) => Promise<void>,
  n: number,
  workers: number,
): Promise<Measured> {
  let next = 0;
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = next++; i < n; i = next++) {
        const callStarted = process.hrtime.bigint();
        await one(i);
        latencies.push(Number(process.hrtime.bigint() - callStarted) / 1e6);
      }
    }),
  );
  return summary(latencies, n, started, cpu);
}

/**
 * `n` calls started `perSecond` apart whatever the answers do (an open loop, as independent users
 * arrive). Latency counts from the moment a call was due, so a call that had to wait for the client
 * is not flattered (no coordinated omission).
 */
export async function measureAtRate(
  one: (i: number) => Promise<void>,
  n: number,
  perSecond: number,
): Promise<Measured> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const gap = 1e9 / perSecond;
  const calls: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = started + BigInt(Math.round(i * gap));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      one(i).then(() => {
        latencies.push(Number(process.hrtime.bigint() - due) / 1e6);
      }),
    );
  }
  await Promise.all(calls);
  return summary(latencies, n, started, cpu);
}
