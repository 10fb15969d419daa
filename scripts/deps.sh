#!/usr/bin/env bash
# Installs the Debian packages gmc needs when one is missing (as root), or
# prints the exact apt-get line and fails.  Usage: deps.sh pkg...
set -u
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
line="apt-get install -y ${missing[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "deps: missing Debian packages: ${missing[*]}" >&2
  echo "deps: run as root:  apt-get update && $line" >&2
  exit 1
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null || {
  echo "deps: '$line' failed" >&2; exit 1; }
