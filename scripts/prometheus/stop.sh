#!/usr/bin/env bash
# Stops the Prometheus and node-exporter that scripts/prometheus/start.sh started, by their pid files.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${PROMETHEUS_STATE_DIR:-$(cd "$here/../.." && pwd)/.prometheus}
for name in prometheus node-exporter; do
  file=$state/$name.pid
  [ -s "$file" ] || continue
  pid=$(cat "$file")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    echo "prometheus: stopped $name ($pid)"
  fi
  rm -f "$file"
done
