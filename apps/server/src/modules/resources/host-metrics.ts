// Where a host's monitoring figures come from, for its charts and for alarm rules alike: a real
// metrics source (Prometheus scraping node-exporter on the host, PROMETHEUS_URL) when one is
// configured, otherwise the provider's own figures — on the simulator, synthetic curves. The answer
// says which (`source`), so a page never shows simulated data as if it were measured. With a
// metrics source, the host's monitoring indicator is read from it too (is its exporter scraped?).
import type { PrometheusMetrics } from "../../providers/metrics/prometheus-metrics";
import type { MetricPoint, Provider } from "../../providers/provider";

export type MetricsSourceName = "simulated" | "prometheus";

export type HostMetrics = { source: MetricsSourceName; points: MetricPoint[] };

/** The host as the reader needs it: the provider's reference and the address it gave. */
export type MeteredHost = { providerRef: string | null; ipAddress: string | null };

/** Spec §4's monitoring component states this reader can tell. */
export type MonitorStatus = "running" | "failure" | "none";

export type HostMetricsReader = {
  /** Points every `stepSeconds` in [from, to]; none before the host existed. */
  of(host: MeteredHost, from: Date, to: Date, stepSeconds: number): Promise<HostMetrics>;
  /**
   * The monitoring indicator of each address, from the metrics source: `running` when its
   * exporter is scraped, `failure` when it is down, `none` when the source does not know it. Null
   * without a metrics source (the provider's indicator stands).
   */
  monitorStatuses(addresses: string[]): Promise<Map<string, MonitorStatus> | null>;
};

export function createHostMetrics(deps: {
  provider: Pick<Provider, "metrics">;
  prometheus?: PrometheusMetrics;
}): HostMetricsReader {
  const { provider, prometheus } = deps;
  return {
    async of(host, from, to, stepSeconds) {
      if (prometheus) {
        const points = host.ipAddress ? await prometheus.points(host.ipAddress, from, to, stepSeconds) : [];
        return { source: "prometheus", points };
      }
      const points = host.providerRef ? await provider.metrics(host.providerRef, from, to, stepSeconds) : [];
      return { source: "simulated", points };
    },

    async monitorStatuses(addresses) {
      if (!prometheus) return null;
      const up = addresses.length ? await prometheus.up(addresses) : new Map<string, boolean>();
      return new Map(
        addresses.map((a): [string, MonitorStatus] => {
          const state = up.get(a);
          return [a, state === undefined ? "none" : state ? "running" : "failure"];
        }),
      );
    },
  };
}
