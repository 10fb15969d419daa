#!/usr/bin/env bash
# make validate in make test: the small size of each validation kernel on
# the imported SM75_RTX2060_S machine (tests/validate/validate.sh) -- every
# warp-instruction and DRAM-read count as Accel-Sim's, a row per kernel;
# and the script fails when a count differs (checked with a doctored copy
# of its table).  Usage: validate.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
V="$ROOT/tests/validate"
if bash "$V/validate.sh" "$GMC" small >"$T/out" 2>"$T/err"; then
  ok "make validate (small): every count as Accel-Sim's"
else
  notok "make validate (small): every count as Accel-Sim's" "$(cat "$T/out" "$T/err" | tail -8)"
fi
rows=$(grep -c '^| `val-' "$T/out")
[ "$rows" -eq 5 ] && ok "a row per validation kernel (5)" || notok "a row per validation kernel" "$rows"
grep -q "^5 kernels on tests/data/gpgpusim/SM75_RTX2060_S .*: all as Accel-Sim's$" "$T/out" \
  && ok "the summary line" || notok "the summary line" "$(tail -1 "$T/out")"
# a count that differs fails the run and is marked
sed 's/\t6656\t/\t6657\t/' "$V/accelsim-sm75.tsv" >"$T/doctored.tsv"
if VALIDATE_TABLE="$T/doctored.tsv" bash "$V/validate.sh" "$GMC" small >"$T/out2" 2>&1; then
  notok "a differing instruction count fails" "$(tail -2 "$T/out2")"
else
  grep -q '6657, 6656 \*\*differs\*\*' "$T/out2" && ok "a differing instruction count fails and is marked" \
    || notok "a differing instruction count is marked" "$(cat "$T/out2")"
fi
finish
