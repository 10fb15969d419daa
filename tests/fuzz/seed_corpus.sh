#!/usr/bin/env bash
# Seeds a fuzz harness's corpus with real inputs -- the repository's traces,
# generator output, map and matrix text, presets and configs -- each cut to
# whole lines within FUZZ_SEED_BYTES (default 6144), with the harness's
# selector bytes in front.  libFuzzer then starts from long, well-formed
# inputs (its length limit starts at the longest seed) instead of growing
# them from a few bytes, which in a minute reached inputs of about 100
# bytes: a few trace lines.
# Usage: seed_corpus.sh mem|bim|dram-cfg|gpu DIR GMC [MEMTRACE_GEN]
#   mem       tests/fuzz/fuzz_memtrace.c: byte 0 the format (0 gmc, 1 DRAMsim3,
#             2 Ramulator), byte 1 the knobs (scheduler, queues, channels)
#   bim       tests/fuzz/fuzz_bim_parsers.c: byte 0 mod 3 the parser (0 map,
#             1 matrix, 2 address trace; bit 3 wraps wide addresses)
#   dram-cfg  tests/fuzz/fuzz_dram_cfg.c: a DRAM config, or '!' and a
#             GPGPU-Sim timing string
#   gpu       tests/fuzz/fuzz_gpu_inputs.c: byte 0 the reader (0 Accel-Sim
#             kernel trace, 1 machine file, 2 gpgpusim.config)
set -euo pipefail
kind=$1 dir=$2 gmc=$3 gen=${4:-}
max=${FUZZ_SEED_BYTES:-6144}
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# seed NAME PREFIX [FILE]: PREFIX (printf escapes) then FILE's (or stdin's)
# whole lines up to $max bytes, as DIR/seed_NAME
seed() {
  local name=$1 prefix=$2; shift 2
  # shellcheck disable=SC2059  # the prefix is printf escapes on purpose
  { printf "$prefix"; awk -v max="$max" '{ n += length($0) + 1; if (n > max) exit; print }' "$@"; } \
    >"$dir/seed_$name"
}

case $kind in
mem)
  [ -x "$gen" ] || { echo "seed_corpus.sh: mem needs memtrace_gen (make $gen)" >&2; exit 2; }
  cp tests/data/warped_mc_shortcut_repro.trc "$tmp/repro.trc"
  for k in random stream warps; do "$gen" $k 400 7 "$tmp/$k.trc"; done
  knobs=('\000' '\177' '\252' '\377')
  i=0
  for t in repro random stream warps; do
    kb=${knobs[$((i % 4))]}; i=$((i + 1))
    seed "gmc_$t" "\\000$kb" "$tmp/$t.trc"
    # the same requests as DRAMsim3 (`ADDR READ|WRITE CYCLE`) and Ramulator
    # (`LD|ST ADDR` and `ADDR R|W`) traces
    awk '!/^#/ { print $3, ($2 == "W" ? "WRITE" : "READ"), $1 }' "$tmp/$t.trc" | seed "dramsim3_$t" "\\001$kb"
    awk '!/^#/ { print ($2 == "W" ? "ST" : "LD"), $3 }' "$tmp/$t.trc" | seed "ramulator_ldst_$t" "\\002$kb"
    awk '!/^#/ { print $3, $2 }' "$tmp/$t.trc" | seed "ramulator_rw_$t" "\\002$kb"
  done
  ;;
bim)
  for p in gddr5-hynix gddr6-rtx2060s; do
    "$gmc" bim --preset $p | sed -n 's/^map: //p' | seed "map_$p" '\000'
    for s in pm rmp pae fae all; do "$gmc" bim --preset $p --scheme $s --emit-matrix | seed "matrix_${p}_$s" '\001'; done
  done
  printf 'Row[28:14] Bank[13:10] Ch%%24@8 Col[9:5] Block[4:0]\n' | seed map_ch24 '\000'
  for g in transpose fig2-cm fig2-rm; do
    "$gmc" entropy --gen $g --gen-out "$tmp/$g.trace" >/dev/null
    seed "trace_$g" '\002' "$tmp/$g.trace"
    seed "trace_wrap_$g" '\010' "$tmp/$g.trace"
  done
  ;;
dram-cfg)
  for f in model/mem/presets/*.cfg; do seed "preset_$(basename "$f" .cfg)" '' "$f"; done
  # the timing strings of the GPGPU-Sim configs (the reader's '!' input; a
  # quoted value may run over lines), and the two forms it reads
  for f in tests/data/gpgpusim/*.config; do
    v=$(tr '\n' ' ' <"$f" | sed -n 's/.*-gpgpu_dram_timing_opt[[:space:]]*"\([^"]*\)".*/\1/p' | tr -d ' \t')
    if [ -n "$v" ]; then printf '!%s' "$v" >"$dir/seed_timing_$(basename "$f" .config)"; fi
  done
  printf '!nbk=16:CCD=4:RRD=10:RCD=20:RAS=50:RP=20:RC=62:CL=20:WL=8:CDLR=9:WR=20:nbkgrp=4:CCDL=4:RTPL=4' \
    >"$dir/seed_gpgpusim_named"
  printf '!4:2:8:12:21:13:34:9:4:5:13:1:0:0' >"$dir/seed_gpgpusim_legacy"
  ;;
gpu)
  for f in tests/data/accelsim/*/*.traceg; do seed "trace_$(echo "$f" | tr '/' '_')" '\000' "$f"; done
  for f in model/gpu/machines/*.cfg; do seed "machine_$(basename "$f")" '\001' "$f"; done
  for f in tests/data/gpgpusim/*.config; do seed "gpgpusim_$(basename "$f")" '\002' "$f"; done
  ;;
*)
  echo "seed_corpus.sh: expected mem, bim, dram-cfg or gpu, found '$kind'" >&2
  exit 2
  ;;
esac
n=$(find "$dir" -name 'seed_*' | wc -l)
big=$(find "$dir" -name 'seed_*' -printf '%s\n' | sort -n | tail -1)
echo "seed_corpus.sh: $kind: $n seeds in $dir, the longest $big bytes"
