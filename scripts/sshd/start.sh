#!/usr/bin/env bash
# Starts an OpenSSH login host on 127.0.0.1:2222 for the HPC terminal (docs/hpc.md) and as the
# stand-in for simulated cloud hosts' remote login (docs/hosts.md, SIMULATOR_SSH_TARGET): its own
# configuration, host key, pid file and log under .sshd/ at the repository root (git-ignored). A user's authorized keys are read from .sshd/authorized_keys/<user>, so the tests put
# the cluster's service key there without touching anyone's home. Run as root (sshd switches to
# the user it logs in). SSHD_PORT changes the port.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
state=${SSHD_STATE_DIR:-$(cd "$here/../.." && pwd)/.sshd}
port=${SSHD_PORT:-2222}
mkdir -p "$state/authorized_keys" /run/sshd
chmod 0755 "$state" "$state/authorized_keys"
[ -s "$state/ssh_host_ed25519_key" ] || ssh-keygen -q -t ed25519 -N "" -C skyledger-test-host -f "$state/ssh_host_ed25519_key"
cat >"$state/sshd_config.new" <<CONF
# Rendered by scripts/sshd/start.sh; changes are overwritten on the next start.
ListenAddress 127.0.0.1:$port
HostKey $state/ssh_host_ed25519_key
PidFile $state/sshd.pid
AuthorizedKeysFile $state/authorized_keys/%u
PubkeyAuthentication yes
# Remote login to a host (/webssh) is tried with a password as well as with a key; the test users'
# passwords are set by scripts/sshd/login-host.ts and the users removed after the tests.
PasswordAuthentication yes
PermitEmptyPasswords no
KbdInteractiveAuthentication no
PermitRootLogin no
# No PAM: container kernels refuse pam_loginuid's session; a locked account ("!" password) is
# then refused too, so test users are made with the password "*" (no password, not locked).
UsePAM no
# The key directory lives in the work tree, which need not be root-owned all the way up.
StrictModes no
X11Forwarding no
AllowTcpForwarding no
PrintMotd no
LogLevel VERBOSE
Subsystem sftp internal-sftp
CONF
/usr/sbin/sshd -t -f "$state/sshd_config.new"
if [ -s "$state/sshd.pid" ] && kill -0 "$(cat "$state/sshd.pid")" 2>/dev/null; then
  # Running already: left alone, unless it was started with an older configuration (a running
  # sshd re-reads its file on SIGHUP; open sessions stay).
  if cmp -s "$state/sshd_config.new" "$state/sshd_config"; then
    rm -f "$state/sshd_config.new"
    echo "sshd: already running ($(cat "$state/sshd.pid")) on 127.0.0.1:$port"
  else
    mv "$state/sshd_config.new" "$state/sshd_config"
    kill -HUP "$(cat "$state/sshd.pid")"
    echo "sshd: already running ($(cat "$state/sshd.pid")) on 127.0.0.1:$port; configuration changed, reloaded"
  fi
  exit 0
fi
mv "$state/sshd_config.new" "$state/sshd_config"
/usr/sbin/sshd -f "$state/sshd_config" -E "$state/sshd.log"
for _ in $(seq 1 50); do [ -s "$state/sshd.pid" ] && break; sleep 0.1; done
echo "sshd: started ($(cat "$state/sshd.pid")) on 127.0.0.1:$port"
