#!/usr/bin/env bash
# Installs the Debian packages of a one-node Slurm 22.05 cluster (scripts/slurm/start.sh starts
# it): the daemons, slurmrestd and the JWT plugin. Idempotent: a machine that has them all is
# left alone in a fraction of a second. Run as root.
set -euo pipefail
packages=(slurm-wlm slurmdbd slurmrestd munge slurm-client slurm-wlm-jwt-plugin)
missing=()
for p in "${packages[@]}"; do
  # dpkg-query's status is "install ok installed" only when the package is fully installed.
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "slurm: packages present"
  exit 0
fi
echo "slurm: installing ${missing[*]}"
apt-get update -qq
# slurm-wlm-jwt-plugin is a package of its own: without it slurmctld dies on AuthAltTypes=auth/jwt.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "slurm: installed"
