#!/usr/bin/env bash
# Installs the Debian 12 packages of a small OpenStack Zed on loopback (scripts/openstack/start.sh
# starts it): Keystone, Glance, Placement, Nova with the fake hypervisor driver, Neutron with ML2
# linuxbridge and its agent, and uwsgi to serve the WSGI APIs. Idempotent: a machine that has them
# all is left alone in a fraction of a second. Run as root.
set -euo pipefail
# nova-compute depends on "nova-compute-kvm | nova-compute-hypervisor": nova-compute-ironic
# satisfies it without pulling libvirt and qemu (start.sh passes only our nova.conf, so its
# compute_driver=ironic is never read; ours is fake.FakeDriver).
packages=(keystone glance-api placement-api nova-api nova-conductor nova-scheduler nova-compute
  nova-compute-ironic neutron-server neutron-linuxbridge-agent uwsgi-core uwsgi-plugin-python3
  swift swift-proxy swift-account swift-container swift-object)
missing=()
for p in "${packages[@]}"; do
  # dpkg-query's status is "install ok installed" only when the package is fully installed.
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "openstack: packages present"
  exit 0
fi
started=$(date +%s)
echo "openstack: installing ${missing[*]}"
apt-get update -qq
# No postinst starts a service (policy-rc.d), and dbconfig-common stays unconfigured without a
# terminal: start.sh makes the databases and the configuration itself.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "openstack: installed in $(($(date +%s) - started)) s"
