// Host monitoring from Prometheus: node-exporter on each host, scraped by a Prometheus Skyledger
// reads over its HTTP API (query_range). A host is found by its `instance` label, made from the
// host's address by the operator's template (PROMETHEUS_INSTANCE, `{address}:9100` by default). The
// six figures of a chart point are six PromQL queries over the same steps; a step Prometheus has no
// sample for is left out rather than drawn as zero.
import type { MetricPoint } from "../provider";

export type PrometheusConnection = { url: string; instance: string };

/** What the queries read, per figure of a point (rates over a window of a few steps). */
const QUERIES: Record<Exclude<keyof MetricPoint, "at">, (sel: string, window: string) => string> = {
  cpuPercent: (sel, w) => `100 * (1 - avg(rate(node_cpu_seconds_total{${sel},mode="idle"}[${w}])))`,
  memoryPercent: (sel) =>
    `100 * (1 - sum(node_memory_MemAvailable_bytes{${sel}}) / sum(node_memory_MemTotal_bytes{${sel}}))`,
  diskReadKBps: (sel, w) => `sum(rate(node_disk_read_bytes_total{${sel}}[${w}])) / 1024`,
  diskWriteKBps: (sel, w) => `sum(rate(node_disk_written_bytes_total{${sel}}[${w}])) / 1024`,
  netInKbps: (sel, w) => `sum(rate(node_network_receive_bytes_total{${sel},device!="lo"}[${w}])) * 8 / 1000`,
  netOutKbps: (sel, w) =>
    `sum(rate(node_network_transmit_bytes_total{${sel},device!="lo"}[${w}])) * 8 / 1000`,
};

/** A PromQL string literal (label values are the operator's template and an address). */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export class PrometheusError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrometheusError";
  }
}

type Sample = [number, string];
type ApiAnswer<T> = { status: "success" | "error"; data?: T; error?: string };

export function createPrometheusMetrics(conn: PrometheusConnection, timeoutMs = 10_000) {
  const instanceOf = (address: string) => conn.instance.replaceAll("{address}", address);

  async function api<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, conn.url.endsWith("/") ? conn.url : `${conn.url}/`);
    const res = await fetch(url, {
      method: "POST",
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err: unknown) => {
      throw new PrometheusError(`Prometheus at ${conn.url} did not answer: ${(err as Error).message}`);
    });
    const answer = (await res.json().catch(() => ({}))) as ApiAnswer<T>;
    if (!res.ok || answer.status !== "success" || answer.data === undefined) {
      throw new PrometheusError(
        `Prometheus refused ${params.query}: ${answer.error ?? `HTTP ${res.status}`}`,
      );
    }
    return answer.data;
  }

  return {
    /** The host's points every `stepSeconds` in [from, to], at the steps Prometheus has figures for. */
    async points(address: string, from: Date, to: Date, stepSeconds: number): Promise<MetricPoint[]> {
      const sel = `instance=${quoted(instanceOf(address))}`;
      // A rate needs two samples in its window: a few steps wide, and never under a minute.
      const window = `${Math.max(60, 2 * stepSeconds)}s`;
      const figures = Object.keys(QUERIES) as (keyof typeof QUERIES)[];
      const series = await Promise.all(
        figures.map(async (figure) => {
          const data = await api<{ result: { values: Sample[] }[] }>("api/v1/query_range", {
            query: QUERIES[figure](sel, window),
            start: String(from.getTime() / 1000),
            end: String(to.getTime() / 1000),
            step: String(stepSeconds),
          });
          return new Map((data.result[0]?.values ?? []).map(([at, value]) => [at, Number(value)]));
        }),
      );
      // A point is a step every figure has (a disk-less host has no disk rate: 0 is honest there).
      const steps = [...(series[0]?.keys() ?? [])].sort((a, b) => a - b);
      return steps.map((at) => {
        const point = { at: new Date(at * 1000) } as MetricPoint;
        figures.forEach((figure, i) => {
          const value = series[i]?.get(at);
          point[figure] = value === undefined || Number.isNaN(value) ? 0 : Math.round(value * 100) / 100;
        });
        return point;
      });
    },

    /** Whether Prometheus scrapes each address's exporter now: true up, false down, absent unknown. */
    async up(addresses: string[]): Promise<Map<string, boolean>> {
      const data = await api<{ result: { metric: { instance?: string }; value: Sample }[] }>("api/v1/query", {
        query: `up{instance=~${quoted(addresses.map((a) => instanceOf(a).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"))}}`,
      });
      const byInstance = new Map(data.result.map((r) => [r.metric.instance, r.value[1] === "1"]));
      const out = new Map<string, boolean>();
      for (const address of addresses) {
        const up = byInstance.get(instanceOf(address));
        if (up !== undefined) out.set(address, up);
      }
      return out;
    },
  };
}

export type PrometheusMetrics = ReturnType<typeof createPrometheusMetrics>;
