#!/usr/bin/env bash
# 60 random Accel-Sim trace directories through gmc sim --traces
# (tests/soak/sim_random_traces.py, seed 1): every layout, address mode and
# instruction kind; instructions = the lines written, a report that holds
# together, the same bytes again.  `make soak-sim` runs more.
# Usage: sim_random_traces.sh path/to/gmc
set -u
exec python3 "$(dirname "$0")/../soak/sim_random_traces.py" "$1" "${SOAK_SEED:-1}" 60
