#!/usr/bin/env bash
# gmc sim --export-traces: every workload, exported as an Accel-Sim trace
# directory and run back with --traces, gives the same report -- every
# field but those naming the input (workload or traces, scale and
# alu_per_mem, the trace's line count and version) -- on the default
# machine and, for the validation kernels, on the imported SM75_RTX2060_S
# machine; and the export's errors, each one line, nothing half-written.
# Usage: sim_export.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SM75="$ROOT/tests/data/gpgpusim/SM75_RTX2060_S"

# same_report NAME A.json B.json: equal but for the fields naming the input
same_report() {
  if python3 - "$2" "$3" >"$T/cmp" 2>&1 <<'EOF'
import json, sys
skip = {"workload", "traces", "scale", "alu_per_mem", "trace_instruction_lines", "unknown_ops",
        "trace_version", "nregs_clamped", "machine_source"}
def flat(o, pre=""):
    out = {}
    for k, v in o.items():
        n = pre + "." + k if pre else k
        out.update(flat(v, n) if isinstance(v, dict) else {n: v})
    return out
a, b = (flat(json.load(open(p))) for p in sys.argv[1:3])
bad = [f"{k}: {a.get(k)!r} / {b.get(k)!r}" for k in sorted(set(a) | set(b))
       if k.split(".")[0] not in skip and a.get(k) != b.get(k)]
print("; ".join(bad[:6]))
sys.exit(1 if bad or len(a) < 40 else 0)
EOF
  then ok "$1"; else notok "$1" "$(cat "$T/cmp")"; fi
}

# round NAME MACHINE_ARGS... -- WORKLOAD_ARGS...: export, run both, compare
round() {
  local name=$1 d="$T/x$RANDOM$RANDOM"; shift
  local m=() w=()
  while [ "$1" != -- ]; do m+=("$1"); shift; done; shift
  w=("$@")
  if ! "$GMC" sim "${w[@]}" --export-traces "$d" >"$T/out" 2>"$T/err"; then
    notok "$name" "export failed: $(head -c 300 "$T/err")"; return
  fi
  if "$GMC" sim "${m[@]}" "${w[@]}" --json -o "$T/a.json" 2>"$T/err" &&
     "$GMC" sim "${m[@]}" --traces "$d" --json -o "$T/b.json" 2>>"$T/err"; then
    same_report "$name" "$T/a.json" "$T/b.json"
  else
    notok "$name" "a run failed: $(head -c 300 "$T/err")"
  fi
  rm -rf "$d"
}

n=0
for w in $("$GMC" sim --workload list); do
  round "round trip: $w (rtx2060s, 4 SMs, scale 0.05)" --set sms=4 -- --workload "$w" --scale 0.05
  n=$((n + 1))
done
[ "$n" -ge 16 ] && ok "every workload of --workload list went round ($n)" || notok "every workload went round" "$n"
for w in vecadd kmeans transpose compute gather; do
  round "round trip: val-$w on the imported SM75_RTX2060_S" --machine "$SM75" -- --workload "val-$w" --scale 0.25
done
round "round trip: hoa with --alu-per-mem 3 and another seed" --set sms=4 --seed 9 -- \
  --workload hoa --scale 0.02 --alu-per-mem 3 --seed 9

# the directory's files and what the command says
"$GMC" sim --workload bfs --scale 0.05 --export-traces "$T/bfs" >"$T/out" 2>"$T/err"
k=$(wc -l <"$T/bfs/kernelslist.g" 2>/dev/null)
if [ "${k:-0}" -ge 2 ] && [ "$(ls "$T/bfs" | wc -l)" -eq $((k + 1)) ] &&
   grep -q "^$T/bfs: kernelslist.g and $k kernel files (kernel-1.traceg ..), [0-9]* instruction lines$" "$T/out" &&
   [ ! -s "$T/err" ]; then
  ok "bfs: kernelslist.g and one kernel-N.traceg per level ($k), one line on stdout"
else
  notok "bfs: the directory" "$(ls "$T/bfs"; cat "$T/out" "$T/err")"
fi
ls "$T/bfs" | grep -q tmp && notok "no temporary left" || ok "no temporary left"

# errors: one line each, nothing written
expect_fail "--export-traces with --traces is refused" 2 "--export-traces: expected --workload NAME" -- \
  "$GMC" sim --traces "$ROOT/tests/data/accelsim/new" --export-traces "$T/e1"
expect_fail "--export-traces with -o is refused" 2 "expected no report option" -- \
  "$GMC" sim --workload moa --export-traces "$T/e2" -o "$T/e2.json"
expect_fail "--export-traces '' is refused" 2 "--export-traces: expected a results directory, found ''" -- \
  "$GMC" sim --workload moa --export-traces ""
expect_fail "an unknown workload is refused" 2 "expected one of" -- \
  "$GMC" sim --workload nosuch --export-traces "$T/e3"
[ ! -e "$T/e1" ] && [ ! -e "$T/e2" ] && [ ! -e "$T/e2.json" ] && [ ! -e "$T/e3" ] \
  && ok "the refused exports wrote nothing" || notok "the refused exports wrote nothing" "$(ls "$T")"
: >"$T/file"
expect_fail "a directory under a file is an error" 1 "cannot create directory" -- \
  "$GMC" sim --workload moa --scale 0.01 --export-traces "$T/file/sub"
# a directory where a kernel file goes: refused before anything is written
"$GMC" sim --workload stencil --scale 0.01 --export-traces "$T/keep" >/dev/null 2>&1
rm "$T/keep/kernel-2.traceg" && mkdir "$T/keep/kernel-2.traceg"
cp -r "$T/keep" "$T/keep.before"
expect_fail "a directory where kernel-2.traceg goes fails the export" 1 \
  "kernel-2.traceg: expected a regular file or nothing there, found a directory" -- \
  "$GMC" sim --workload stencil --scale 0.02 --export-traces "$T/keep"
if diff -r "$T/keep.before" "$T/keep" >/dev/null && ! ls "$T/keep" | grep -q tmp; then
  ok "... and leaves kernelslist.g and the kernels as they were, no temporary"
else
  notok "... and leaves the directory as it was" "$(diff -r "$T/keep.before" "$T/keep" | head -5; ls "$T/keep")"
fi
finish
