#!/usr/bin/env bash
# The fuzzers' seed corpora (tests/fuzz/seed_corpus.sh, what `make fuzz-mem`,
# `fuzz-bim`, `fuzz-dram-cfg` and `fuzz-gpu` start from) are real inputs:
# each seed, its selector bytes taken off, is accepted by the gmc command
# that reads that kind of file, and the trace seeds are long (thousands of
# bytes, not a few lines).  No fuzzing here: that needs clang and minutes.
# Usage: fuzz_seeds.sh path/to/gmc   (from the repository root)
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT" || exit 1
SEED=tests/fuzz/seed_corpus.sh
GEN="$T/memtrace_gen"
${CC:-cc} -std=c11 -O1 -Imodel -o "$GEN" tests/bench/memtrace_gen.c model/util/gmc_rng.c 2>"$T/cc.err" \
  || notok "memtrace_gen builds" "$(cat "$T/cc.err")"

# body SEED N: the seed without its first N (selector) bytes, as a file
body() { tail -c +$(($2 + 1)) "$1" >"$T/body"; echo "$T/body"; }
# accepted NAME CMD...: every seed passed, or the first that was not
accepted() {
  local name=$1; shift
  if [ -z "$bad" ] && [ "$n" -gt 0 ]; then ok "$name ($n seeds, the longest $long bytes)"
  else notok "$name" "$n seeds; refused: $bad"; fi
}
longest() { find "$1" -name 'seed_*' -printf '%s\n' | sort -n | tail -1; }

# mem: gmc, DRAMsim3 and Ramulator traces, byte 0 the format
if bash $SEED mem "$T/mem" "$GMC" "$GEN" >/dev/null 2>"$T/e"; then
  n=0 bad=
  for f in "$T"/mem/seed_*; do
    fmt=$(head -c 1 "$f" | od -An -tu1 | tr -d ' ')
    fmt=$(case $((fmt % 3)) in 0) echo gmc ;; 1) echo dramsim3 ;; 2) echo ramulator ;; esac)
    "$GMC" mem --trace "$(body "$f" 2)" --format "$fmt" >/dev/null 2>&1 || bad="$bad $(basename "$f")"
    n=$((n + 1))
  done
  long=$(longest "$T/mem")
  [ "$long" -ge 4000 ] || bad="$bad (the longest is $long bytes)"
  accepted "fuzz-mem seeds: gmc mem reads each in its format"
else notok "seed_corpus.sh mem" "$(cat "$T/e")"; fi

# bim: maps, matrices (of either preset), address traces
if bash $SEED bim "$T/bim" "$GMC" >/dev/null 2>"$T/e"; then
  n=0 bad=
  for f in "$T"/bim/seed_*; do
    b=$(basename "$f")
    case $b in
      seed_map_*) "$GMC" bim --map "$(tail -c +2 "$f")" >/dev/null 2>&1 ;;
      seed_matrix_gddr6*) "$GMC" bim --preset gddr6-rtx2060s --matrix "$(body "$f" 1)" >/dev/null 2>&1 ;;
      seed_matrix_*) "$GMC" bim --matrix "$(body "$f" 1)" >/dev/null 2>&1 ;;
      seed_trace_*) "$GMC" entropy --trace "$(body "$f" 1)" >/dev/null 2>&1 ;;
      *) false ;;
    esac || bad="$bad $b"
    n=$((n + 1))
  done
  long=$(longest "$T/bim")
  [ "$long" -ge 4000 ] || bad="$bad (the longest is $long bytes)"
  accepted "fuzz-bim seeds: gmc bim and gmc entropy read each"
else notok "seed_corpus.sh bim" "$(cat "$T/e")"; fi

# dram-cfg: the presets as DRAM configs; the timing strings as GPGPU-Sim's option
echo "0 R 0x0" >"$T/one"
if bash $SEED dram-cfg "$T/dram" "$GMC" >/dev/null 2>"$T/e"; then
  n=0 bad=
  for f in "$T"/dram/seed_*; do
    if [ "$(head -c 1 "$f")" = '!' ]; then
      printf -- '-gpgpu_dram_timing_opt "%s"\n' "$(tail -c +2 "$f")" >"$T/t.config"
      "$GMC" mem --trace "$T/one" --dram-cfg "$T/t.config" >/dev/null 2>&1
    else
      "$GMC" mem --trace "$T/one" --dram-cfg "$f" >/dev/null 2>&1
    fi || bad="$bad $(basename "$f")"
    n=$((n + 1))
  done
  long=$(longest "$T/dram")
  accepted "fuzz-dram-cfg seeds: gmc mem --dram-cfg reads each"
else notok "seed_corpus.sh dram-cfg" "$(cat "$T/e")"; fi

# gpu: the machine presets, the good GPGPU-Sim configs and trace directories
if bash $SEED gpu "$T/gpu" "$GMC" >/dev/null 2>"$T/e"; then
  n=0 bad=
  for f in "$T"/gpu/seed_machine_* "$T"/gpu/seed_gpgpusim_titanv.config "$T"/gpu/seed_gpgpusim_rtx2060-super.config; do
    cp "$(body "$f" 1)" "$T/m.config"
    "$GMC" sim --machine "$T/m.config" --workload moa --check >/dev/null 2>&1 || bad="$bad $(basename "$f")"
    n=$((n + 1))
  done
  for f in "$T"/gpu/seed_trace_tests_data_accelsim_{new,old,regs}_*; do
    rm -rf "$T/tr" && mkdir "$T/tr" && cp "$(body "$f" 1)" "$T/tr/kernel-1.traceg" && echo kernel-1.traceg >"$T/tr/kernelslist.g"
    "$GMC" sim --traces "$T/tr" --set ignore_limits=1 >/dev/null 2>&1 || bad="$bad $(basename "$f")"
    n=$((n + 1))
  done
  long=$(longest "$T/gpu")
  accepted "fuzz-gpu seeds: gmc sim reads the good machines, configs and traces"
else notok "seed_corpus.sh gpu" "$(cat "$T/e")"; fi
finish
