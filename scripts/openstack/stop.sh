#!/usr/bin/env bash
# Stops what scripts/openstack/start.sh started, by the process ids in .openstack/run, newest
# first (uwsgi: its master, which stops its workers; the linuxbridge agent's privsep helpers exit
# with it), and removes the veth pair when start.sh made it. Nothing else is touched: the
# databases, the message queue's vhost and .openstack stay for the next start.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${OPENSTACK_STATE_DIR:-$(cd "$here/../.." && pwd)/.openstack}
for name in swift-proxy swift-object swift-container swift-account nova-compute linuxbridge-agent neutron-server nova-scheduler nova-conductor nova-api \
  glance-api placement keystone; do
  file=$state/run/$name.pid
  [ -s "$file" ] || continue
  pid=$(cat "$file")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    echo "openstack: stopped $name ($pid)"
  fi
  rm -f "$file"
done
if [ -e "$state/run/veth-ours" ]; then
  ip link del skypub0 2>/dev/null || true
  rm -f "$state/run/veth-ours"
fi
