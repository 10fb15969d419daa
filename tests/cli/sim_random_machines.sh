#!/usr/bin/env bash
# 300 random machines through gmc sim (tests/soak/sim_random_machines.py,
# seed 1): every run exits cleanly with a report or one-line errors, none
# hangs, reruns give the same bytes.  `make soak-sim` runs more.
# Usage: sim_random_machines.sh path/to/gmc
set -u
exec python3 "$(dirname "$0")/../soak/sim_random_machines.py" "$1" "${SOAK_SEED:-1}" 300
