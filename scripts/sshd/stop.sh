#!/usr/bin/env bash
# Stops the sshd that scripts/sshd/start.sh started, by its pid file (sessions it forked end with it
# when their connections close).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${SSHD_STATE_DIR:-$(cd "$here/../.." && pwd)/.sshd}
file=$state/sshd.pid
[ -s "$file" ] || exit 0
pid=$(cat "$file")
if kill "$pid" 2>/dev/null; then
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  echo "sshd: stopped ($pid)"
fi
rm -f "$file"
