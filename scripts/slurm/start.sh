#!/usr/bin/env bash
# Starts a one-node Slurm 22.05 cluster on loopback (Debian 12, as root, no systemd): munge,
# slurmdbd on the machine's MariaDB, slurmctld, one node advertising 64 CPUs and 8 (fake) GPUs in
# partitions `cpu` and `gpu`, and slurmrestd with JWT on 127.0.0.1:6820. Everything it makes lives
# in .slurm/ at the repository root (git-ignored): configuration, state, logs, pid files, and
# .slurm/env, which tells tests and a developer where the cluster is:
#   SLURM_REST_URL, SLURM_JWT_KEY_FILE, SLURM_CLUSTER_NAME, SLURM_ADMIN_USER.
# Install the packages first (scripts/slurm/install.sh); stop with scripts/slurm/stop.sh.
#   --fresh  forget every account and job of an earlier run (accounting database and state).
# Environment: SLURM_DB_HOST (127.0.0.1), SLURM_DB_PORT (3306), SLURM_DB_ADMIN_USER (root) and
# SLURM_DB_ADMIN_PASSWORD (empty) to create the accounting database and its user.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
state=${SLURM_STATE_DIR:-$root/.slurm}
cluster=skyledger
rest=127.0.0.1:6820
db_host=${SLURM_DB_HOST:-127.0.0.1}
db_port=${SLURM_DB_PORT:-3306}
db_name=skyledger_slurm_acct
db_user=skyledger_slurm
fresh=0
[ "${1:-}" = "--fresh" ] && fresh=1

started=$(date +%s%N)
say() { printf 'slurm: %5dms %s\n' $(( ($(date +%s%N) - started) / 1000000 )) "$*"; }
# Waits up to 30 s for a command to succeed; on time-out shows the end of the log it names.
wait_for() {
  local what=$1 log=$2; shift 2
  for _ in $(seq 1 150); do "$@" >/dev/null 2>&1 && { say "$what"; return 0; }; sleep 0.2; done
  echo "slurm: $what did not happen within 30 s; end of $log:" >&2
  tail -n 30 "$log" >&2 || true
  exit 1
}
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

export SLURM_CONF=$state/etc/slurm.conf
if alive "$state/run/slurmrestd.pid" && alive "$state/run/slurmctld.pid" && alive "$state/run/slurmdbd.pid" &&
  alive "$state/run/slurmd.pid"; then
  say "already running (stop with scripts/slurm/stop.sh)"
  exit 0
fi
if alive "$state/run/slurmctld.pid" || alive "$state/run/slurmdbd.pid" || alive "$state/run/slurmd.pid"; then
  # Half of an earlier cluster is up (a daemon died): start again from nothing.
  say "restarting what an earlier start left"
  "$here/stop.sh"
fi
# A port still held by another Slurm (not ours) would make the daemons fail in confusing ways.
for port in 6817 6818 6819 6820; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "slurm: port $port is in use already; stop the other Slurm first" >&2
    exit 1
  fi
done

id slurm >/dev/null 2>&1 || { echo "slurm: run scripts/slurm/install.sh first" >&2; exit 1; }
# slurmrestd refuses to run as root or as SlurmUser: it gets a system user of its own.
id slurmrest >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin slurmrest

if [ $fresh = 1 ]; then rm -rf "$state/state" "$state/slurmd"; fi
install -d -m 0755 "$state" "$state/etc" "$state/fakegpu"
install -d -o slurm -g slurm -m 0755 "$state/state" "$state/slurmd" "$state/log" "$state/run"
chmod 0755 "$state"
for i in 0 1 2 3 4 5 6 7; do
  [ -c "$state/fakegpu/gpu$i" ] || mknod -m 0666 "$state/fakegpu/gpu$i" c 1 3
done
key=$state/state/jwt_hs256.key
if [ ! -s "$key" ]; then
  head -c 32 /dev/urandom >"$key"
  chown slurm:slurm "$key"
  chmod 0600 "$key"
fi

# The accounting database and its user (both host forms: MariaDB here skips name resolution).
db_pass=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
mysql_admin=(mysql -h"$db_host" -P"$db_port" -u"${SLURM_DB_ADMIN_USER:-root}")
[ -n "${SLURM_DB_ADMIN_PASSWORD:-}" ] && mysql_admin+=(-p"$SLURM_DB_ADMIN_PASSWORD")
if ! "${mysql_admin[@]}" -e "select 1" >/dev/null 2>&1; then
  echo "slurm: MariaDB on $db_host:$db_port does not answer (start it: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd)" >&2
  exit 1
fi
{
  [ $fresh = 1 ] && echo "DROP DATABASE IF EXISTS $db_name;"
  echo "CREATE DATABASE IF NOT EXISTS $db_name;"
  for h in localhost 127.0.0.1; do
    echo "CREATE USER IF NOT EXISTS '$db_user'@'$h';"
    echo "ALTER USER '$db_user'@'$h' IDENTIFIED BY '$db_pass';"
    echo "GRANT ALL ON $db_name.* TO '$db_user'@'$h';"
  done
} | "${mysql_admin[@]}"

render() {
  sed -e "s#@STATE@#$state#g" -e "s#@CLUSTER@#$cluster#g" -e "s#@DB_HOST@#$db_host#g" \
    -e "s#@DB_PORT@#$db_port#g" -e "s#@DB_USER@#$db_user#g" -e "s#@DB_PASS@#$db_pass#g" \
    -e "s#@DB_NAME@#$db_name#g" "$here/etc/$1.in" >"$state/etc/$1"
}
render slurm.conf
render gres.conf
render slurmdbd.conf
chmod 0644 "$state/etc/slurm.conf" "$state/etc/gres.conf"
chown slurm:slurm "$state/etc/slurmdbd.conf"
chmod 0600 "$state/etc/slurmdbd.conf"
say "configuration written to $state/etc"

# munge: reuse a munged that already answers (it is the machine's); otherwise start ours.
if (munge -n </dev/null | unmunge) >/dev/null 2>&1; then
  say "munge already running"
else
  install -d -o munge -g munge -m 0755 /run/munge
  install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
  runuser -u munge -- /usr/sbin/munged
  wait_for "munge ready" /var/log/munge/munged.log sh -c 'munge -n </dev/null | unmunge'
  # munged keeps its pid file in its own folder: copy it where stop.sh reads ours.
  cp /run/munge/munged.pid "$state/run/munged.pid"
fi

/usr/sbin/slurmdbd
wait_for "slurmdbd ready" "$state/log/slurmdbd.log" sacctmgr -n show cluster
/usr/sbin/slurmctld
wait_for "slurmctld ready" "$state/log/slurmctld.log" sh -c 'scontrol ping | grep -q UP'
/usr/sbin/slurmd -N localhost
node_up() { sinfo -h -N -o %T | grep -Eq '^(idle|mixed|allocated)'; }
# A node drained by an earlier, broken run comes back.
scontrol update nodename=localhost state=resume >/dev/null 2>&1 || true
wait_for "node up" "$state/log/slurmd.log" node_up

# slurmrestd serves the v0.0.38 API with JWT authentication (SLURM_JWT=daemon) as its own user.
SLURM_JWT=daemon setsid setpriv --reuid=slurmrest --regid=slurmrest --init-groups \
  /usr/sbin/slurmrestd -a rest_auth/jwt -s openapi/v0.0.38,openapi/dbv0.0.38 "$rest" \
  >"$state/log/slurmrestd.log" 2>&1 </dev/null &
echo $! >"$state/run/slurmrestd.pid"
wait_for "slurmrestd listening on $rest" "$state/log/slurmrestd.log" curl -s -o /dev/null "http://$rest/openapi/v3"

cat >"$state/env" <<ENV
SLURM_REST_URL=http://$rest
SLURM_JWT_KEY_FILE=$key
SLURM_CLUSTER_NAME=$cluster
SLURM_ADMIN_USER=slurm
SLURM_CONF=$SLURM_CONF
ENV
say "ready; $state/env written"
