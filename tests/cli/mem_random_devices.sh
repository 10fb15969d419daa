#!/usr/bin/env bash
# 100 random DRAM devices (timings no preset has) through gmc mem
# (tests/soak/mem_random_devices.py, seed 1): clean exits, and the slow
# reference (--step-every-cycle) gives the same bytes.  `make soak-mem-devices`
# runs more.  Usage: mem_random_devices.sh path/to/gmc
set -u
exec python3 "$(dirname "$0")/../soak/mem_random_devices.py" "$1" "${SOAK_SEED:-1}" 100
