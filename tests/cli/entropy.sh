#!/usr/bin/env bash
# End-to-end tests of `gmc entropy`.  Usage: entropy.sh path/to/gmc
# Prints "ok - NAME" / "not ok - NAME" per case and ends with
# "N passed, N failed"; exits non-zero if any case failed.
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# json FILE EXPR: evaluates a Python expression over the parsed JSON j;
# fails (non-zero) if it is false or the file is not one JSON object.
json() {
  python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
ok = eval(sys.argv[2])
if not ok:
    print("    json check false:", sys.argv[2], file=sys.stderr)
sys.exit(0 if ok else 1)
PY
}

# case NAME CMD...: runs CMD (stdout to $T/out), passes on exit 0.
case_ok() {
  local name=$1; shift
  if "$@" >"$T/out" 2>"$T/err"; then ok "$name"; else notok "$name" "$(head -c 400 "$T/err")"; fi
}

# PAE [ISCA'18] Fig. 3: 8 TBs, bit 6 BVRs 0,0,1,1,0,0,1,1 (two requests per TB,
# written out of TB order and interleaved).
fig3="$T/fig3.trace"
{
  echo "# PAE [ISCA'18] Fig. 3 pattern on bit 6"
  for tb in 7 3 5 1 6 2 4 0; do
    case $tb in 2|3|6|7) a=0x40 ;; *) a=0 ;; esac
    echo "0 $tb $a"
  done
  for tb in 0 1 2 3 4 5 6 7; do
    case $tb in 2|3|6|7) a=40 ;; *) a=0x0 ;; esac
    printf '0 %d %s   # second request\n' "$tb" "$a"
  done
} >"$fig3"

# --- the acceptance interface: --trace FILE --window W --json ------------
"$GMC" entropy --trace "$fig3" --window 2 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'len(j["entropy"]) == 30 and abs(j["entropy"][6] - 3/7) < 1e-6 and j["window"] == 2 and j["bits"] == 30 and j["kernels"] == 1 and j["requests"] == 16 and sum(j["entropy"]) == j["entropy"][6]' \
  && ok "fig3 trace, window 2: entropy[6] = 3/7, 30 bits" || notok "fig3 trace, window 2" "$(cat "$T/e")"

"$GMC" entropy --trace "$fig3" --window 4 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 1) < 1e-6' \
  && ok "fig3 trace, window 4: entropy[6] = 1" || notok "fig3 trace, window 4" "$(cat "$T/e")"

# Footnote 1: one window of 3 TBs (n < w = 12), BVRs 0, 0, 1 -> 0.918296.
printf '5 10 0\n5 20 0\n5 30 0x80\n' >"$T/fn1.trace"
"$GMC" entropy --trace "$T/fn1.trace" --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][7] - 0.918296) < 1e-6 and j["window"] == 12 and j["short_kernels"] == 1' \
  && ok "footnote 1: 0.918296 with one window of all 3 TBs" || notok "footnote 1" "$(cat "$T/e")"

# --metric pooled gives the same numbers on both worked examples (BVRs 0/1).
"$GMC" entropy --trace "$fig3" --window 2 --metric pooled --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 3/7) < 1e-6 and j["metric"] == "pooled"' &&
  "$GMC" entropy --trace "$fig3" --window 4 --metric pooled --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 1) < 1e-6' &&
  "$GMC" entropy --trace "$T/fn1.trace" --metric pooled --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][7] - 0.918296) < 1e-6' \
  && ok "pooled = paper on Fig. 3 (3/7, 1) and footnote 1 (0.918296)" || notok "pooled on the paper's examples" "$(cat "$T/e")"
"$GMC" entropy --trace "$fig3" --window 2 --json >"$T/j" 2>"$T/e" && json "$T/j" 'j["metric"] == "paper"' \
  && ok "paper is the default metric (JSON \"metric\")" || notok "default metric" "$(cat "$T/e")"

# Where they differ: bit 6 is 1 in half the requests of every TB (paper 0,
# pooled 1); bit 7 has BVRs 1/10 and 2/10 (paper 1, pooled H2(0.15)).
{
  for tb in 0 1; do
    for i in 0 1 2 3 4 5 6 7 8 9; do
      a=0
      [ $i -lt 5 ] && a=$((a + 0x40))
      { [ $i = 0 ] || { [ $tb = 1 ] && [ $i = 9 ]; }; } && a=$((a + 0x80))
      printf '0 %d %x\n' $tb $a
    done
  done
} >"$T/half.trace"
"$GMC" entropy --trace "$T/half.trace" --window 2 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'j["entropy"][6] == 0 and abs(j["entropy"][7] - 1) < 1e-6' &&
  "$GMC" entropy --trace "$T/half.trace" --window 2 --metric pooled --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 1) < 1e-6 and abs(j["entropy"][7] - 0.609840) < 1e-6' \
  && ok "half-ones bit: paper 0, pooled 1; BVRs 0.1/0.2: paper 1, pooled 0.609840" || notok "paper vs pooled" "$(cat "$T/e")"

# Exact BVRs and Eq. 1's log base v: BVRs 1/2, 2/4, 0, 1 are three values
# with counts 2, 1, 1 -> (1/2 ln 2 + 1/2 ln 4) / ln 3 = 0.946395.
printf '0 0 40\n0 0 0\n0 1 40\n0 1 40\n0 1 0\n0 1 0\n0 2 0\n0 3 40\n' >"$T/exact.trace"
"$GMC" entropy --trace "$T/exact.trace" --window 4 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 0.946395) < 1e-6' \
  && ok "exact BVRs (1/2 = 2/4), log base v: 0.946395" || notok "exact BVRs, log base v" "$(cat "$T/e")"

# Kernel weighting: kernel 0 (2 requests, H=1 on bit 6), kernel 1 (6, H=0).
printf '0 0 0\n0 1 40\n1 0 0\n1 0 0\n1 0 0\n1 1 0\n1 1 0\n1 1 0\n' >"$T/kw.trace"
"$GMC" entropy --trace "$T/kw.trace" --window 2 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 0.25) < 1e-6 and j["kernels"] == 2' \
  && ok "kernels weighted by requests: 0.25" || notok "kernel weighting" "$(cat "$T/e")"
"$GMC" entropy --trace "$T/kw.trace" --window 2 --kernel 0 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 1) < 1e-6 and j["requests"] == 2' \
  && ok "--kernel 0 analyses one kernel" || notok "--kernel" "$(cat "$T/e")"

"$GMC" entropy --trace "$fig3" --window 2 --bits 8 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'len(j["entropy"]) == 8 and j["bits"] == 8' \
  && ok "--bits 8 gives 8 entries" || notok "--bits 8" "$(cat "$T/e")"

"$GMC" entropy --trace - --window 2 --json <"$fig3" >"$T/j" 2>"$T/e" &&
  json "$T/j" 'abs(j["entropy"][6] - 3/7) < 1e-6' \
  && ok "--trace - reads stdin" || notok "--trace -" "$(cat "$T/e")"

# Table: 4 decimals, MSB first, field names from the map.
out=$("$GMC" entropy --trace "$fig3" --window 2 2>&1)
echo "$out" | grep -Eq '^ +6  col0 +0\.4286$' && echo "$out" | grep -Eq '^ +9  ch1 +0\.0000$' &&
  [ "$(echo "$out" | grep -E '^ +[0-9]+  ' | head -1 | awk '{print $1}')" = 29 ] \
  && ok "table: MSB first, field names, 4 decimals" || notok "table" "$out"
echo "$out" | grep -qF "# metric paper: PAE [ISCA'18] Eq. 1" &&
  "$GMC" entropy --trace "$fig3" --metric pooled | grep -q '^# metric pooled: binary entropy' \
  && ok "table header names the metric" || notok "table header names the metric" "$out"

# Mapped: scheme, seed, both arrays, channel/bank bits of the map.
"$GMC" entropy --trace "$fig3" --scheme pae --seed 3 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'j["mapped"]["scheme"] == "pae" and j["mapped"]["seed"] == 3 and len(j["mapped"]["entropy"]) == 30 and j["channel_bits"] == [8, 9] and j["bank_bits"] == [10, 15, 16, 17]' \
  && ok "--scheme pae: mapped block, channel/bank bits" || notok "--scheme pae json" "$(cat "$T/e")"

# CSV.
case_ok "--csv writes bit,field,entropy,mapped" "$GMC" entropy --trace "$fig3" --window 2 --scheme base --csv "$T/e.csv"
[ "$(head -1 "$T/e.csv")" = "bit,field,entropy,mapped" ] && [ "$(wc -l <"$T/e.csv")" = 31 ] &&
  grep -qx '6,col0,0.428571,0.428571' "$T/e.csv" && ok "csv content" || notok "csv content" "$(head -9 "$T/e.csv")"

# Outputs through a symlink or into a device are written through, never
# replaced (a rename over /dev/stdout would turn it into a plain file).
echo old >"$T/target.csv"; ln -s "$T/target.csv" "$T/link.csv"
"$GMC" entropy --trace "$fig3" --csv "$T/link.csv" >/dev/null 2>"$T/e" && [ -L "$T/link.csv" ] &&
  [ "$(head -1 "$T/target.csv")" = "bit,field,entropy" ] && "$GMC" entropy --trace "$fig3" --csv /dev/null >/dev/null &&
  [ -c /dev/null ] && ok "--csv through a symlink / into a device" || notok "--csv through a symlink / into a device" "$(cat "$T/e")"
"$GMC" entropy --trace "$fig3" --window 2 --csv - >"$T/out" 2>"$T/e" && grep -qx '6,col0,0.428571' "$T/out" \
  && ok "--csv - writes to stdout" || notok "--csv -" "$(cat "$T/e")"

# Transpose (PAE [ISCA'18] Fig. 10), the `make run` demo: a genuine valley on
# channel bits 8-9 and bank bit 10 that both metrics see, and PAE seed 7
# lifting it under both.
for m in paper pooled; do
  lim=0.15; [ $m = pooled ] && lim=0.30
  "$GMC" entropy --gen transpose --scheme pae --seed 7 --metric $m --json >"$T/j" 2>"$T/e" &&
    json "$T/j" "max(j['entropy'][8:11]) < $lim and j['n'] == 512 and j['batch'] == 16 and j['tb'] == [16, 16] and j['metric'] == '$m'" &&
    json "$T/j" 'min(j["mapped"]["entropy"][8:11]) > 0.9 and sum(j["mapped"]["entropy"][b] for b in j["channel_bits"] + j["bank_bits"]) / 6 > 0.9' \
    && ok "transpose, $m: valley on bits 8-10, pae seed 7 lifts it" || notok "transpose, $m" "$(cat "$T/e")"
done
out=$("$GMC" entropy --gen transpose --scheme pae --seed 7 --metric pooled 2>&1)
echo "$out" | grep -Eq '^ +9  ch1 +0\.2[0-9]{3} +0\.9[0-9]{3}$' && echo "$out" | grep -Eq '^ +11  col2 +1\.0000 +1\.0000$' \
  && ok "transpose, pooled table: ch1 low raw, high mapped" || notok "transpose pooled table" "$out"

# The valley is genuine: in nearly every window of 12 TBs, bit 8 is 1 in at
# most 15% or at least 85% of the requests (the first 400000 requests).
"$GMC" entropy --gen transpose --gen-out "$T/tr.trace" --json >/dev/null 2>"$T/e" &&
  head -n 400000 "$T/tr.trace" | python3 -c '
import sys
cnt = {}; ones = {}
for line in sys.stdin:
    if line[0] == "#": continue
    k, tb, a = line.split(); tb = int(tb); a = int(a, 16)
    cnt[tb] = cnt.get(tb, 0) + 1; ones[tb] = ones.get(tb, 0) + ((a >> 8) & 1)
tbs = sorted(cnt)[:-1]          # the last TB may be cut off
fr = [sum(ones[t] for t in tbs[i:i + 12]) / sum(cnt[t] for t in tbs[i:i + 12]) for i in range(len(tbs) - 11)]
near = sum(f <= 0.15 or f >= 0.85 for f in fr) / len(fr)
print("%d windows, %.4f near 0 or 1" % (len(fr), near), file=sys.stderr)
sys.exit(0 if len(fr) > 2000 and near > 0.99 else 1)' 2>"$T/e" \
  && ok "transpose: bit 8 near 0 or 1 in >99% of windows ($(cat "$T/e"))" || notok "transpose: per-window bit 8" "$(cat "$T/e")"

# The previous default (--n 992 --batch 1) and its 0.0000 paper valley on
# bits 7-10, which pooled shows to be an artefact (1/2 in every TB).
"$GMC" entropy --gen transpose --n 992 --batch 1 --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'max(j["entropy"][7:11]) < 1e-6 and j["entropy"][6] > 0.95 and j["entropy"][11] > 0.95' &&
  "$GMC" entropy --gen transpose --n 992 --batch 1 --metric pooled --json >"$T/j" 2>"$T/e" &&
  json "$T/j" 'min(j["entropy"][7:11]) > 1 - 1e-6' \
  && ok "transpose --n 992 --batch 1: paper 0 on bits 7-10, pooled 1" || notok "transpose 992 artefact" "$(cat "$T/e")"

# --gen-out writes a trace that reads back to the same numbers.
"$GMC" entropy --gen transpose --n 160 --batch 3 --tb 8x32 --gen-out "$T/t.trace" --metric pooled --json >"$T/j1" 2>"$T/e" &&
  "$GMC" entropy --trace "$T/t.trace" --metric pooled --json >"$T/j2" 2>>"$T/e" &&
  python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); sys.exit(a["entropy"]!=b["entropy"] or a["requests"]!=b["requests"])' "$T/j1" "$T/j2" \
  && ok "--gen-out round trip" || notok "--gen-out round trip" "$(cat "$T/e")"
a=$("$GMC" entropy --gen fig2-cm --json); b=$("$GMC" entropy --gen fig2-cm --json)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "generators are deterministic" || notok "generators deterministic"

# PNG (only where gnuplot exists), and a clear failure where it does not.
if command -v gnuplot >/dev/null; then
  "$GMC" entropy --gen transpose --scheme pae --png "$T/e.png" >/dev/null 2>"$T/e" &&
    [ "$(head -c 4 "$T/e.png" | tail -c 3)" = PNG ] && ok "--png draws a PNG" || notok "--png" "$(cat "$T/e")"
  # the title's lines (the metric's description; a long trace path) are
  # drawn whole: nothing touches the image's left or right edge
  why=$(python3 tests/tools/png_edges.py "$T/e.png") && ok "--png: the title fits ($why)" \
    || notok "--png: the title fits" "$why"
  long="$T/a-trace-folder-with-a-long-name-as-users-have-them/and-another-one-below-it"
  why=; mkdir -p "$long" && cp "$fig3" "$long/fig3-memory-trace-of-a-kernel.trace"
  "$GMC" entropy --trace "$long/fig3-memory-trace-of-a-kernel.trace" --png "$T/long.png" >/dev/null 2>"$T/e" &&
    why=$(python3 tests/tools/png_edges.py "$T/long.png") && ok "--png: a long trace path fits ($why)" \
    || notok "--png: a long trace path fits" "$why $(cat "$T/e")"
else
  ok "--png skipped: no gnuplot"
fi
expect_fail "--png without gnuplot fails clearly" 1 'gnuplot.*not on PATH' -- \
  env PATH=/nonexistent "$GMC" entropy --trace "$fig3" --png "$T/nognu.png"
[ ! -e "$T/nognu.png" ] && ! ls "$T"/nognu.png.tmp.* >/dev/null 2>&1 && ok "no PNG left after gnuplot failure" \
  || notok "no PNG left after gnuplot failure"

# --- bad input: one line "gmc entropy: FILE:LINE: expected ..., found ...", exit 1
printf '0 1 0x40\nhello world\n' >"$T/garbage.trace"
printf '0 1 0x40\n0 2\n' >"$T/missing.trace"
printf '0 x1 0x40\n' >"$T/tb.trace"
printf '0 1 0x40\n0 2 0x40000000\n' >"$T/wide.trace"
printf '# nothing here\n\n' >"$T/empty.trace"
printf '0 1 0x40\n0 2' >"$T/trunc.trace"
{ printf '0 1 '; head -c 200000 /dev/zero | tr '\0' 'f'; printf '\n'; } >"$T/long.trace"
expect_fail "a map with a channel modulo" 2 "the map takes the channel modulo 24 \(Ch%24@8\)" -- \
  "$GMC" entropy --map "Row[28:14] Bank[13:10] Ch%24@8 Col[9:5] Block[4:0]" --trace "$T/empty.trace"
expect_fail "missing file" 1 "nofile\.trace: cannot open" -- "$GMC" entropy --trace "$T/nofile.trace"
expect_fail "garbage line" 1 "garbage\.trace:2: expected a kernel id.*found 'hello'" -- "$GMC" entropy --trace "$T/garbage.trace"
expect_fail "missing field" 1 "missing\.trace:2: expected a hex address.*found end of line" -- "$GMC" entropy --trace "$T/missing.trace"
expect_fail "non-numeric tb" 1 "tb\.trace:1: expected a thread-block id.*found 'x1'" -- "$GMC" entropy --trace "$T/tb.trace"
expect_fail "address too wide names the fix" 1 "wide\.trace:2: expected an address below 0x40000000.*--wrap" -- "$GMC" entropy --trace "$T/wide.trace"
expect_fail "empty trace" 1 "empty\.trace:3: expected a request line.*found end of file" -- "$GMC" entropy --trace "$T/empty.trace"
expect_fail "truncated last line" 1 "trunc\.trace:2: expected a hex address.*found end of file" -- "$GMC" entropy --trace "$T/trunc.trace"
expect_fail "200 kB line: error, no crash" 1 "long\.trace:1: expected a hex address of at most 64 bits, found 'f{40}\.\.\.'" -- "$GMC" entropy --trace "$T/long.trace"
case_ok "--wrap masks wide addresses" "$GMC" entropy --trace "$T/wide.trace" --wrap --json
case_ok "--bits 31 accepts a 31-bit address" "$GMC" entropy --trace "$T/wide.trace" --bits 31 --json

# usage errors: exit 2
expect_fail "--window 0" 2 "--window: expected" -- "$GMC" entropy --trace "$fig3" --window 0
expect_fail "--bits 0" 2 "--bits: expected an address width \(1\.\.64\), found '0'" -- "$GMC" entropy --trace "$fig3" --bits 0
expect_fail "--bits 65" 2 "--bits: expected an address width \(1\.\.64\), found '65'" -- "$GMC" entropy --trace "$fig3" --bits 65
expect_fail "no input" 2 "expected exactly one of --trace FILE or --gen NAME" -- "$GMC" entropy
expect_fail "unknown generator" 2 "--gen: expected one of" -- "$GMC" entropy --gen nope
expect_fail "unknown scheme" 2 "--scheme: expected" -- "$GMC" entropy --trace "$fig3" --scheme nope
expect_fail "unknown option" 2 "unknown option '--bogus'" -- "$GMC" entropy --trace "$fig3" --bogus
expect_fail "unknown metric" 2 "--metric: expected paper or pooled, found 'entropy'" -- "$GMC" entropy --trace "$fig3" --metric entropy
expect_fail "--batch 0" 2 "--batch: expected a number of matrices \(1\.\.65536\), found '0'" -- "$GMC" entropy --gen transpose --batch 0
expect_fail "--tb too many threads" 2 "--tb: expected WxH with 1 to 1024 threads" -- "$GMC" entropy --gen transpose --tb 64x32
expect_fail "--tb junk" 2 "--tb: expected WxH.*found '16'" -- "$GMC" entropy --gen transpose --tb 16
expect_fail "--batch needs --gen" 2 "--batch needs --gen" -- "$GMC" entropy --trace "$fig3" --batch 2
expect_fail "--tb is for transpose" 2 "--tb applies to --gen transpose only" -- "$GMC" entropy --gen fig2-cm --tb 8x8

# Nothing half-written: a failing run leaves no output file (nor temp).
"$GMC" entropy --trace "$T/garbage.trace" --csv "$T/bad.csv" --png "$T/bad.png" -o "$T/bad.txt" >/dev/null 2>&1
rc=$?
[ $rc = 1 ] && [ ! -e "$T/bad.csv" ] && [ ! -e "$T/bad.png" ] && [ ! -e "$T/bad.txt" ] &&
  ! ls "$T"/bad.*.tmp.* >/dev/null 2>&1 && ok "no output files after an error" || notok "no output files after an error" "rc=$rc; $(ls "$T")"
"$GMC" entropy --gen transpose --n 20000 --gen-out "$T/bad.gen" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && [ ! -e "$T/bad.gen" ] && grep -q 'expected an address below' "$T/err" \
  && ok "no --gen-out file after an error" || notok "no --gen-out file after an error" "rc=$rc $(cat "$T/err")"

# --help lists every option.
if "$GMC" entropy --help >"$T/help"; then
  miss=""
  for o in --trace --gen --n --batch --tb --gen-out --metric --window --bits --wrap --kernel --preset --map --map-file \
           --scheme --matrix --seed --json -o --csv --png --help; do
    grep -q -- "$o" "$T/help" || miss="$miss $o"
  done
  [ -z "$miss" ] && ok "--help lists every option" || notok "--help lists every option" "missing:$miss"
else notok "--help exits 0"; fi

# A million requests over 4 kernels: counted right.  Its speed is
# `make bench-entropy`'s (the same trace); here a 300 s watchdog catches only
# a hang or a quadratic pass, not a slow host.  (A 10 s wall-clock limit
# here was a timed test: its result depended on the host's load.)
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "%d %d %x\n", int(i / 250000), (i * 7919) % 20000, (i * 2654435761) % 1073741824 }' >"$T/big.trace"
timeout 300 "$GMC" entropy --trace "$T/big.trace" --scheme fae --json >"$T/j" 2>"$T/e"; rc=$?
if [ $rc = 0 ] && json "$T/j" 'j["requests"] == 1000000 and j["kernels"] == 4'; then ok "1e6 requests, 4 kernels"
else notok "1e6 requests, 4 kernels" "rc $rc (124: the 300 s watchdog): $(head -c 300 "$T/e")"; fi

expect_fail "-o and --csv on one file are refused" 2 \
  "^gmc entropy: -o and --csv name the same file" -- \
  "$GMC" entropy --gen transpose --csv "$T/same.csv" -o "$T/same.csv"

finish
