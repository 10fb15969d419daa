#!/usr/bin/env bash
# The skip-ahead contract, component by component: for random cases
# (machine, workload, scale, small queues and buffers so that back-pressure
# happens, seed), stepping any one component at every edge of its clock
# (--step-every sm, l2, icnt, dispatch, jump, mem) and all of them
# (--step-every all) gives the same report bytes as skipping.  A component
# whose next event or wakes were wrong would change some report here.
# Cases come from SKIP_SEED (default 1); the count is printed.
# Usage: sim_skip_components.sh path/to/gmc [CASES]
set -u
GMC=$1
CASES=${2:-14}
. "$(dirname "$0")/lib.sh"

MODES="sm l2 icnt dispatch jump mem all"
machines=(rtx2060s pae-gddr5 yuan-gddr3)
workloads=(stream transpose stencil spmv bfs kmeans moa hoa matmul)
rng=${SKIP_SEED:-1}
rand() {   # rand N: R = a number in 0..N-1 (an LCG from SKIP_SEED: cases reproduce)
  rng=$(( (rng * 1103515245 + 12345) % 2147483648 ))
  R=$(( (rng / 65536) % $1 ))
}

same=0 runs=0
for c in $(seq "$CASES"); do
  rand 3; m=${machines[$R]}
  rand ${#workloads[@]}; w=${workloads[$R]}
  rand 8; scale=0.0$((R + 2))
  rand 1000; args=(--machine "$m" --workload "$w" --scale "$scale" --seed $((R + 1)))
  # tight queues and buffers in half of the cases: refusals, room events, stuck SMs
  rand 2
  if [ "$R" = 1 ]; then
    rand 6; a=$((R + 2)); rand 4; b=$((R + 1)); rand 3; c3=$((R + 1))
    args+=(--set mc_queue=$a --set l2_queue=$b --set icnt_in_buf=$c3)
  fi
  # fixed latencies in half of the cases: the slices' DRAM queue waits, dispatch waits
  rand 2
  if [ "$R" = 1 ]; then
    rand 150; args+=(--set dram_latency=$R); rand 400; args+=(--set kernel_launch_latency=$R)
  fi
  if ! "$GMC" sim "${args[@]}" --json -o "$T/ref.json" 2>"$T/err"; then
    notok "case $c runs: ${args[*]}" "$(head -c 300 "$T/err")"
    continue
  fi
  bad=""
  for mode in $MODES; do
    runs=$((runs + 1))
    if "$GMC" sim "${args[@]}" --step-every "$mode" --json -o "$T/slow.json" 2>"$T/err" &&
       cmp -s "$T/ref.json" "$T/slow.json"; then
      same=$((same + 1))
    else
      bad="$bad $mode"
    fi
  done
  if [ -z "$bad" ]; then
    ok "case $c, each component stepped every edge = skipping: ${args[*]}"
  else
    notok "case $c, each component stepped every edge = skipping: ${args[*]}" "differs with --step-every:$bad"
  fi
done
echo "# $same of $runs component-stepped runs gave the skipping run's bytes ($CASES cases x $(wc -w <<<"$MODES") modes)"
finish
