#!/usr/bin/env bash
# Stops what scripts/slurm/start.sh started, by the process ids in .slurm/run, newest first.
# A munged that was running before start.sh is not ours and keeps running.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${SLURM_STATE_DIR:-$(cd "$here/../.." && pwd)/.slurm}
for name in slurmrestd slurmd slurmctld slurmdbd munged; do
  file=$state/run/$name.pid
  [ -s "$file" ] || continue
  pid=$(cat "$file")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    echo "slurm: stopped $name ($pid)"
  fi
  rm -f "$file"
done
