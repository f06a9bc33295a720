#!/usr/bin/env bash
# Installs Debian's OpenSSH server for the login host of the HPC terminal tests (scripts/sshd/start.sh
# starts it). Idempotent: a machine that has /usr/sbin/sshd is left alone. Run as root.
set -euo pipefail
if [ -x /usr/sbin/sshd ]; then
  echo "sshd: present"
  exit 0
fi
echo "sshd: installing openssh-server"
apt-get update -qq
# Debian's policy-rc.d in containers keeps the package from starting a system sshd on port 22.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-server >/dev/null
echo "sshd: installed"
