#!/usr/bin/env bash
# Starts a node-exporter on 127.0.0.1:9100 (this machine standing in for a monitored host) and a
# Prometheus on 127.0.0.1:9090 scraping it every 2 s, with their configuration, data, pid files and
# logs under .prometheus/ at the repository root (git-ignored). Waits until Prometheus has scraped
# the exporter, then prints the PROMETHEUS_URL to give Skyledger. --fresh starts with empty data.
# PROMETHEUS_PORT and NODE_EXPORTER_PORT change the ports.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${PROMETHEUS_STATE_DIR:-$(cd "$here/../.." && pwd)/.prometheus}
port=${PROMETHEUS_PORT:-9090}
exporter_port=${NODE_EXPORTER_PORT:-9100}
running() { [ -s "$state/$1.pid" ] && kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }
if [ "${1:-}" = "--fresh" ]; then
  bash "$here/stop.sh" >/dev/null 2>&1 || true
  rm -rf "$state/data"
fi
mkdir -p "$state/data"
if ! running node-exporter; then
  # Only the collectors the host charts read: CPU, memory, disks, network.
  /usr/bin/prometheus-node-exporter --web.listen-address="127.0.0.1:$exporter_port" \
    --collector.disable-defaults --collector.cpu --collector.meminfo --collector.diskstats \
    --collector.netdev >"$state/node-exporter.log" 2>&1 &
  echo $! >"$state/node-exporter.pid"
fi
cat >"$state/prometheus.yml" <<CONF
# Rendered by scripts/prometheus/start.sh; changes are overwritten on the next start.
global:
  scrape_interval: 2s
  evaluation_interval: 15s
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ["127.0.0.1:$exporter_port"]
CONF
if ! running prometheus; then
  /usr/bin/prometheus --config.file="$state/prometheus.yml" --storage.tsdb.path="$state/data" \
    --web.listen-address="127.0.0.1:$port" --storage.tsdb.retention.time=8d >"$state/prometheus.log" 2>&1 &
  echo $! >"$state/prometheus.pid"
fi
url="http://127.0.0.1:$port"
for _ in $(seq 1 150); do
  if curl -fsS "$url/api/v1/query?query=up" 2>/dev/null | grep -q '"value":\[[0-9.]*,"1"\]'; then
    echo "prometheus: ready; PROMETHEUS_URL=$url (node-exporter on 127.0.0.1:$exporter_port)"
    exit 0
  fi
  sleep 0.2
done
echo "prometheus: did not scrape the node-exporter within 30 s; see $state/*.log" >&2
exit 1
