#!/usr/bin/env bash
# pin_compare.sh OLD_GMC NEW_GMC: runs tests/cli/sim_pin.sh's cases with
# both binaries and checks that every value of each old report is in the
# new one, equal (same_values.py): what a change that moves the report's
# layout on purpose must show before it regenerates the pins
# (sim_pin.sh --update).  Also compares their CSV the same way.
set -u
OLD=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
NEW=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
eval "$(sed -n '/^cases() {/,/^}/p' tests/cli/sim_pin.sh)"
pairs=() i=0
while read -r args; do
  i=$((i + 1))
  # shellcheck disable=SC2086  # the case's words are separate arguments
  "$OLD" sim $args --json -o "$T/old$i.json" >/dev/null 2>&1 || { echo "old gmc failed: $args"; exit 1; }
  # shellcheck disable=SC2086
  "$NEW" sim $args --json -o "$T/new$i.json" >/dev/null 2>&1 || { echo "new gmc failed: $args"; exit 1; }
  pairs+=("$T/old$i.json" "$T/new$i.json")
done < <(cases)
python3 "$(dirname "$0")/same_values.py" "${pairs[@]}"
