#!/usr/bin/env bash
# 60 random GPGPU-Sim configurations through gmc sim --machine FILE
# (tests/soak/sim_random_gpgpusim.py, seed 1): an import gmc accepts runs to
# a consistent report, one it refuses says why in gmc sim's lines, none
# hangs.  `make soak-sim` runs more.
# Usage: sim_random_gpgpusim.sh path/to/gmc
set -u
exec python3 "$(dirname "$0")/../soak/sim_random_gpgpusim.py" "$1" "${SOAK_SEED:-1}" 60
