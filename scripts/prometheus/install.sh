#!/usr/bin/env bash
# Installs Debian's Prometheus and node-exporter, the metrics source of host monitoring
# (docs/monitoring.md); scripts/prometheus/start.sh starts them on loopback. Idempotent: a machine
# that has both is left alone. Run as root.
set -euo pipefail
if [ -x /usr/bin/prometheus ] && [ -x /usr/bin/prometheus-node-exporter ]; then
  echo "prometheus: present"
  exit 0
fi
echo "prometheus: installing prometheus and prometheus-node-exporter"
apt-get update -qq
# Containers have no systemd: the packages' services are not started; start.sh runs our own.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus prometheus-node-exporter >/dev/null
echo "prometheus: installed"
