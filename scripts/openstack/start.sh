#!/usr/bin/env bash
# Starts a small OpenStack Zed on loopback (Debian 12, as root, no systemd) for Skyledger's network
# and compute work: Keystone, Placement and nova-api under uwsgi, Glance, nova-conductor,
# -scheduler and -compute (fake hypervisor driver), neutron-server with ML2 linuxbridge and its
# agent, vxlan tenant networks and a flat external network `public` (203.0.113.0/24) on a veth
# pair; Swift (proxy on 8080 with the S3 API checked by Keystone's EC2 credentials, and one account,
# container and object server on one directory) for object storage. Everything it makes lives in .openstack/ at the repository root (git-ignored):
# configuration, service state, logs (.openstack/log), pid files, generated passwords, and
# .openstack/env, which tells Skyledger, the tests and a developer where the cloud is:
#   OPENSTACK_AUTH_URL, OPENSTACK_USERNAME, OPENSTACK_PASSWORD, OPENSTACK_PROJECT,
#   OPENSTACK_DOMAIN, OPENSTACK_PUBLIC_NETWORK (and the same as OS_* for the openstack CLI), and
#   object storage's OBS_S3_ENDPOINT, OBS_REGION, OBS_KEYSTONE_*, OBS_ACCESS_LOG_UDP.
# Install the packages first (scripts/openstack/install.sh); stop with scripts/openstack/stop.sh.
#   --fresh  forget every project, network and server of an earlier run (drops its databases).
# It uses the machine's MariaDB (databases skyledger_os_*, user skyledger_os) and RabbitMQ (vhost
# skyledger_openstack). Environment: OPENSTACK_DB_HOST (127.0.0.1), OPENSTACK_DB_ADMIN_USER (root),
# OPENSTACK_DB_ADMIN_PASSWORD (empty).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
state=${OPENSTACK_STATE_DIR:-$root/.openstack}
db_host=${OPENSTACK_DB_HOST:-127.0.0.1}
vhost=skyledger_openstack
host_name=skyledger-os
public_if=skypub0
databases=(keystone glance placement nova_api nova nova_cell0 neutron)
fresh=0
[ "${1:-}" = "--fresh" ] && fresh=1

started=$(date +%s%N)
say() { printf 'openstack: %5dms %s\n' $(( ($(date +%s%N) - started) / 1000000 )) "$*"; }
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
# Waits up to 90 s for an API to answer (401 and 300 are answers: it is up and wants a token);
# on time-out shows the end of the log it names.
wait_http() {
  local what=$1 url=$2 log=$3 code
  for _ in $(seq 1 450); do
    code=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$url" || true)
    [[ "$code" =~ ^(200|300|401)$ ]] && { say "$what answers"; return 0; }
    sleep 0.2
  done
  echo "openstack: $what did not answer on $url within 90 s; end of $log:" >&2
  tail -n 30 "$log" >&2 || true
  exit 1
}

daemons=(keystone placement nova-api glance-api nova-conductor nova-scheduler neutron-server
  linuxbridge-agent nova-compute swift-account swift-container swift-object swift-proxy)
all_up=1
any_up=0
for d in "${daemons[@]}"; do
  if alive "$state/run/$d.pid"; then any_up=1; else all_up=0; fi
done
if [ $all_up = 1 ] && [ -s "$state/env" ] && [ $fresh = 0 ]; then
  say "already running (stop with scripts/openstack/stop.sh)"
  exit 0
fi
if [ $any_up = 1 ]; then
  # Part of an earlier cloud is up (a daemon died), or --fresh asks to forget a running one.
  say "stopping what an earlier start left"
  "$here/stop.sh"
fi
# A port held by another OpenStack (not ours) would make the services fail in confusing ways.
for port in 5000 8778 8774 9292 9696 8080 6200 6201 6202; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "openstack: port $port is in use already; stop the other OpenStack first" >&2
    exit 1
  fi
done
id neutron >/dev/null 2>&1 && command -v uwsgi >/dev/null ||
  { echo "openstack: run scripts/openstack/install.sh first" >&2; exit 1; }

# Passwords are made once per state directory and kept (mode 0600): a restart without --fresh
# finds the users Keystone already has.
install -d -m 0755 "$state" "$state/etc" "$state/run" "$state/log" "$state/lib"
# A state directory from before a service was added gets that service's password appended.
umask 077
touch "$state/secrets"
for name in DB ADMIN GLANCE PLACEMENT NOVA NEUTRON SWIFT; do
  grep -q "^${name}_PASSWORD=" "$state/secrets" ||
    echo "${name}_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')" >>"$state/secrets"
done
umask 022
# shellcheck disable=SC1091
. "$state/secrets"

for svc in keystone glance placement nova neutron; do
  install -d -o "$svc" -g "$svc" -m 0750 "$state/log/$svc" "$state/lib/$svc"
done
install -d -o keystone -g keystone -m 0700 "$state/lib/keystone/fernet-keys" "$state/lib/keystone/credential-keys"
install -d -o glance -g glance -m 0750 "$state/lib/glance/images"
install -d -o nova -g nova -m 0750 "$state/lib/nova/tmp" "$state/lib/nova/instances"
install -d -o neutron -g neutron -m 0750 "$state/lib/neutron/tmp"
install -d -o swift -g swift -m 0750 "$state/log/swift" "$state/lib/swift" "$state/lib/swift/node" \
  "$state/lib/swift/node/d1"

# The databases and their user (both host forms: MariaDB here skips name resolution).
mysql_admin=(mysql -h"$db_host" -u"${OPENSTACK_DB_ADMIN_USER:-root}")
[ -n "${OPENSTACK_DB_ADMIN_PASSWORD:-}" ] && mysql_admin+=(-p"$OPENSTACK_DB_ADMIN_PASSWORD")
if ! "${mysql_admin[@]}" -e "select 1" >/dev/null 2>&1; then
  echo "openstack: MariaDB on $db_host does not answer (start it: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd)" >&2
  exit 1
fi
{
  for db in "${databases[@]}"; do
    [ $fresh = 1 ] && echo "DROP DATABASE IF EXISTS skyledger_os_$db;"
    echo "CREATE DATABASE IF NOT EXISTS skyledger_os_$db;"
  done
  for h in localhost 127.0.0.1; do
    echo "CREATE USER IF NOT EXISTS 'skyledger_os'@'$h';"
    echo "ALTER USER 'skyledger_os'@'$h' IDENTIFIED BY '$DB_PASSWORD';"
    echo "GRANT ALL ON \`skyledger\\_os\\_%\`.* TO 'skyledger_os'@'$h';"
  done
} | "${mysql_admin[@]}"
if [ $fresh = 1 ]; then
  rm -f "$state/lib/synced" "$state/env"
  rm -rf "${state:?}/lib/keystone/fernet-keys/"* "${state:?}/lib/keystone/credential-keys/"* \
    "${state:?}/lib/glance/images/"* "${state:?}/lib/nova/instances/"* "${state:?}/lib/swift/node/d1/"* \
    "${state:?}/etc/swift"
fi
rabbitmqctl -q add_vhost "$vhost" >/dev/null 2>&1 || true
rabbitmqctl -q set_permissions -p "$vhost" guest '.*' '.*' '.*' >/dev/null
say "databases and message queue ready"

db="mysql+pymysql://skyledger_os:$DB_PASSWORD@$db_host"
rabbit="rabbit://guest:guest@127.0.0.1:5672/$vhost"
render() { # template, output, owner, [service user, its password]
  sed -e "s#@STATE@#$state#g" -e "s#@DB@#$db#g" -e "s#@RABBIT@#$rabbit#g" -e "s#@HOST@#$host_name#g" \
    -e "s#@PUBLIC_IF@#$public_if#g" -e "s#@PLACEMENT_PASSWORD@#$PLACEMENT_PASSWORD#g" \
    -e "s#@NEUTRON_PASSWORD@#$NEUTRON_PASSWORD#g" -e "s#@NOVA_PASSWORD@#$NOVA_PASSWORD#g" \
    -e "s#@SERVICE@#${4:-}#g" -e "s#@SERVICE_PASSWORD@#${5:-}#g" "$here/etc/$1" >>"$2"
  chown "root:$3" "$2"
  chmod 0640 "$2"
}
conf() { # service, file, template, [service user, its password]
  install -d -m 0755 "$state/etc/$1"
  : >"$state/etc/$1/$2"
  render "$3" "$state/etc/$1/$2" "$1"
  [ -z "${4:-}" ] || render authtoken.in "$state/etc/$1/$2" "$1" "$4" "$5"
}
conf keystone keystone.conf keystone.conf.in
conf placement placement.conf placement.conf.in placement "$PLACEMENT_PASSWORD"
conf glance glance-api.conf glance-api.conf.in glance "$GLANCE_PASSWORD"
conf nova nova.conf nova.conf.in nova "$NOVA_PASSWORD"
# nova-api's WSGI entry point reads api-paste.ini beside nova.conf: Debian's, unchanged.
install -m 0644 /etc/nova/api-paste.ini "$state/etc/nova/api-paste.ini"
conf neutron neutron.conf neutron.conf.in neutron "$NEUTRON_PASSWORD"
conf neutron ml2_conf.ini ml2_conf.ini.in
conf neutron linuxbridge_agent.ini linuxbridge_agent.ini.in
uwsgi_ini() { # name, port, wsgi file, user, config variable
  local out=$state/etc/uwsgi-$1.ini
  sed -e "s#@NAME@#$1#g" -e "s#@PORT@#$2#g" -e "s#@WSGI@#$3#g" -e "s#@USER@#$4#g" \
    -e "s#@CONFIG_ENV@#$5#g" -e "s#@STATE@#$state#g" "$here/etc/uwsgi.ini.in" >"$out"
}
uwsgi_ini keystone 5000 /usr/bin/keystone-wsgi-public keystone "OS_KEYSTONE_CONFIG_DIR=$state/etc/keystone"
uwsgi_ini placement 8778 /usr/bin/placement-api placement "OS_PLACEMENT_CONFIG_DIR=$state/etc/placement"
uwsgi_ini nova-api 8774 /usr/bin/nova-api-wsgi nova "OS_NOVA_CONFIG_DIR=$state/etc/nova"
# Swift: the proxy with the S3 API, and one account, container and object server sharing one
# device directory (one replica). Its access log lines go to Skyledger over UDP (OBS_ACCESS_LOG_UDP),
# which counts each bucket's requests from them.
swift_access_log_port=${OPENSTACK_SWIFT_ACCESS_LOG_PORT:-5514}
install -d -m 0755 "$state/etc/swift"
swift_conf() { # output, template, sed expressions...
  local out=$state/etc/swift/$1 template=$2
  shift 2
  sed -e "s#@STATE@#$state#g" "$@" "$here/etc/$template" >"$out"
  chown root:swift "$out"
  chmod 0640 "$out"
}
swift_conf proxy-server.conf swift-proxy.conf.in -e "s#@SWIFT_PASSWORD@#$SWIFT_PASSWORD#g" \
  -e "s#@ACCESS_LOG_PORT@#$swift_access_log_port#g"
for pair in account:6202 container:6201 object:6200; do
  swift_conf "${pair%%:*}-server.conf" swift-server.conf.in -e "s#@NAME@#${pair%%:*}#g" -e "s#@PORT@#${pair##*:}#g"
done
if [ ! -s "$state/etc/swift/object.ring.gz" ]; then
  # Partition power 6, one replica, one zone: a store on one directory, for tests and demos.
  for pair in account:6202 container:6201 object:6200; do
    builder=$state/etc/swift/${pair%%:*}.builder
    swift-ring-builder "$builder" create 6 1 1 >/dev/null
    swift-ring-builder "$builder" add "r1z1-127.0.0.1:${pair##*:}/d1" 100 >/dev/null
    swift-ring-builder "$builder" rebalance >/dev/null
  done
  chmod 0644 "$state/etc/swift/"*.ring.gz
fi
say "configuration written to $state/etc"

as() { local user=$1; shift; setpriv --reuid="$user" --regid="$user" --init-groups "$@"; }
# Starts a daemon as its user in a session of its own; setpriv execs, so $! is the daemon itself.
bg() { # name, user, command...
  local name=$1 user=$2; shift 2
  setsid setpriv --reuid="$user" --regid="$user" --init-groups "$@" \
    >/dev/null 2>>"$state/log/$name.stderr" </dev/null &
  echo $! >"$state/run/$name.pid"
}
# uwsgi starts as root, writes its master's pid (pidfile) and drops to the service's user.
bg_uwsgi() { setsid uwsgi --ini "$state/etc/uwsgi-$1.ini" >/dev/null 2>>"$state/log/$1.stderr" </dev/null & }
manage_log=$state/log/manage.log

keystone_conf=(--config-file "$state/etc/keystone/keystone.conf")
if [ ! -s "$state/lib/synced" ]; then
  # Schema migrations (about 30 s together); kept until --fresh. The *-manage tools print an
  # eventlet "getcurrent" traceback at exit: harmless noise, kept in manage.log.
  as keystone keystone-manage "${keystone_conf[@]}" db_sync >>"$manage_log" 2>&1
  keystone-manage "${keystone_conf[@]}" fernet_setup --keystone-user keystone --keystone-group keystone >>"$manage_log" 2>&1
  keystone-manage "${keystone_conf[@]}" credential_setup --keystone-user keystone --keystone-group keystone >>"$manage_log" 2>&1
  as placement placement-manage --config-file "$state/etc/placement/placement.conf" db sync >>"$manage_log" 2>&1
  as glance glance-manage --config-file "$state/etc/glance/glance-api.conf" db_sync >>"$manage_log" 2>&1
  nova_conf=(--config-file "$state/etc/nova/nova.conf")
  as nova nova-manage "${nova_conf[@]}" api_db sync >>"$manage_log" 2>&1
  as nova nova-manage "${nova_conf[@]}" cell_v2 map_cell0 \
    --database_connection "$db/skyledger_os_nova_cell0" >>"$manage_log" 2>&1
  as nova nova-manage "${nova_conf[@]}" cell_v2 list_cells 2>/dev/null | grep -q ' cell1 ' ||
    as nova nova-manage "${nova_conf[@]}" cell_v2 create_cell --name=cell1 >>"$manage_log" 2>&1
  as nova nova-manage "${nova_conf[@]}" db sync >>"$manage_log" 2>&1
  as neutron neutron-db-manage --config-file "$state/etc/neutron/neutron.conf" \
    --config-file "$state/etc/neutron/ml2_conf.ini" upgrade head >>"$manage_log" 2>&1
  date -u +%FT%TZ >"$state/lib/synced"
  say "database schemas synced"
fi
# Idempotent: it makes the admin user, project, roles and Keystone's own endpoints when missing.
keystone-manage "${keystone_conf[@]}" bootstrap --bootstrap-password "$ADMIN_PASSWORD" \
  --bootstrap-admin-url http://127.0.0.1:5000/v3/ --bootstrap-internal-url http://127.0.0.1:5000/v3/ \
  --bootstrap-public-url http://127.0.0.1:5000/v3/ --bootstrap-region-id RegionOne >>"$manage_log" 2>&1
# keystone-manage ran as root: the keys and logs it made must stay readable by keystone.
chown -R keystone:keystone "$state/lib/keystone" "$state/log/keystone"

# The flat `public` network's "physical" interface: one end of a veth pair with no address
# (this kernel has no `dummy` module). Removed by stop.sh only when this script made it.
if ! ip link show "$public_if" >/dev/null 2>&1; then
  ip link add "$public_if" type veth peer name "${public_if}p"
  ip link set "$public_if" up
  ip link set "${public_if}p" up
  touch "$state/run/veth-ours"
fi

bg_uwsgi keystone
wait_http keystone http://127.0.0.1:5000/v3 "$state/log/keystone/keystone-uwsgi.log"
export OS_AUTH_URL=http://127.0.0.1:5000/v3 OS_ADMIN_PASSWORD=$ADMIN_PASSWORD
export GLANCE_PASSWORD PLACEMENT_PASSWORD NOVA_PASSWORD NEUTRON_PASSWORD SWIFT_PASSWORD
node "$here/bootstrap.mjs" catalog
say "service users, roles and catalog ready"

# -v: each also logs to its stderr, which is kept in .openstack/log/<name>.stderr.
for name in account container object; do
  bg "swift-$name" swift "/usr/bin/swift-$name-server" "$state/etc/swift/$name-server.conf" -v
done
bg swift-proxy swift /usr/bin/swift-proxy-server "$state/etc/swift/proxy-server.conf" -v

bg_uwsgi placement
bg glance-api glance /usr/bin/glance-api --config-file "$state/etc/glance/glance-api.conf"
bg_uwsgi nova-api
bg nova-conductor nova /usr/bin/nova-conductor --config-file "$state/etc/nova/nova.conf"
bg nova-scheduler nova /usr/bin/nova-scheduler --config-file "$state/etc/nova/nova.conf"
bg neutron-server neutron /usr/bin/neutron-server --config-file "$state/etc/neutron/neutron.conf" \
  --config-file "$state/etc/neutron/ml2_conf.ini"
# The L2 agent runs as root (bridges, iptables); it starts its privsep helpers itself.
setsid /usr/bin/neutron-linuxbridge-agent --config-file "$state/etc/neutron/neutron.conf" \
  --config-file "$state/etc/neutron/linuxbridge_agent.ini" \
  >/dev/null 2>>"$state/log/linuxbridge-agent.stderr" </dev/null &
echo $! >"$state/run/linuxbridge-agent.pid"
wait_http placement http://127.0.0.1:8778/ "$state/log/placement/placement-uwsgi.log"
wait_http glance http://127.0.0.1:9292/ "$state/log/glance/glance-api.log"
wait_http nova-api http://127.0.0.1:8774/ "$state/log/nova/nova-api-uwsgi.log"
wait_http neutron-server http://127.0.0.1:9696/ "$state/log/neutron/neutron-server.log"
wait_http swift-proxy http://127.0.0.1:8080/healthcheck "$state/log/swift-proxy.stderr"
bg nova-compute nova /usr/bin/nova-compute --config-file "$state/etc/nova/nova.conf"

public_network=$(node "$here/bootstrap.mjs" public-network)
say "external network public ($public_network) ready"
node "$here/bootstrap.mjs" compute
say "images and flavors for hosts ready"

umask 077
cat >"$state/env" <<ENV
OPENSTACK_AUTH_URL=http://127.0.0.1:5000/v3
OPENSTACK_USERNAME=admin
OPENSTACK_PASSWORD=$ADMIN_PASSWORD
OPENSTACK_PROJECT=admin
OPENSTACK_DOMAIN=Default
OPENSTACK_PUBLIC_NETWORK=$public_network
OS_AUTH_URL=http://127.0.0.1:5000/v3
OS_IDENTITY_API_VERSION=3
OS_USERNAME=admin
OS_PASSWORD=$ADMIN_PASSWORD
OS_PROJECT_NAME=admin
OS_USER_DOMAIN_NAME=Default
OS_PROJECT_DOMAIN_NAME=Default
OS_REGION_NAME=RegionOne
OBS_S3_ENDPOINT=http://127.0.0.1:8080
OBS_REGION=RegionOne
OBS_KEYSTONE_URL=http://127.0.0.1:5000/v3
OBS_KEYSTONE_USERNAME=admin
OBS_KEYSTONE_PASSWORD=$ADMIN_PASSWORD
OBS_KEYSTONE_PROJECT=admin
OBS_ACCESS_LOG_UDP=127.0.0.1:$swift_access_log_port
ENV
say "ready; $state/env written"
