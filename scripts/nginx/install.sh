#!/usr/bin/env bash
# Installs Debian's nginx for the several-instances test (apps/server/test/instances.nginx.test.ts),
# which runs its own nginx on loopback with a configuration of its own (never the system service).
# Idempotent: a machine that has /usr/sbin/nginx is left alone. Run as root.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then
  echo "nginx: present"
  exit 0
fi
echo "nginx: installing"
apt-get update -qq
# Debian's policy-rc.d in containers keeps the package from starting the system nginx on port 80;
# the test does not need it either way (its own nginx listens on a loopback port of its own).
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
echo "nginx: installed"
