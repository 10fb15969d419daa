#!/usr/bin/env bash
# make validate: gmc beside Accel-Sim on the validation kernels
# (docs/validation.md).  Each row of accelsim-sm75.tsv runs as a gmc
# workload on the imported SM75_RTX2060_S machine (the published
# gpgpusim.config and trace.config, tests/data/gpgpusim/SM75_RTX2060_S)
# with the kernel launch latency 0, as Accel-Sim's figures were taken;
# prints a markdown table of the cycles, their ratio, the warp
# instructions and DRAM reads beside Accel-Sim's.
#
# Exit 1 when a warp-instruction count or a DRAM-read count differs (the
# gather's reads depend on its random draw: within 2% there), or a run
# fails; cycles outside 0.8-1.25x are listed, not failed.
#   validate.sh GMC [small|full]     (small: the small size of each kernel)
# VALIDATE_TABLE=FILE reads another table (the test of this script does).
set -u
GMC=$1 SIZE=${2:-small}
TABLE=$(realpath "${VALIDATE_TABLE:-$(dirname "$0")/accelsim-sm75.tsv}")
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
GMC=$(cd "$(dirname "$GMC")" && pwd)/$(basename "$GMC")
cd "$ROOT" || exit 2
MACHINE=tests/data/gpgpusim/SM75_RTX2060_S
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
case $SIZE in small|full) ;; *) echo "validate.sh: expected small or full, found '$SIZE'" >&2; exit 2 ;; esac

field() { sed -n "s/^$1,//p" "$T/r.csv"; }
bad=0 out=0 rows=0
echo "| workload | size | Accel-Sim cycles | gmc cycles | gmc / Accel-Sim | warp instructions (Accel-Sim, gmc) | DRAM reads (Accel-Sim, gmc) |"
echo "|---|---|---:|---:|---:|---:|---:|"
while IFS=$'\t' read -r wl size cyc insts reads exact small; do
  case $wl in '#'*|'') continue ;; esac
  [ "$SIZE" = small ] && [ "$small" != 1 ] && continue
  rows=$((rows + 1))
  if ! "$GMC" sim --machine "$MACHINE" --set kernel_launch_latency=0 --workload "$wl" \
       --csv "$T/r.csv" >/dev/null 2>"$T/err"; then
    echo "| \`$wl\` | $size | run failed: $(tail -1 "$T/err") | | | | |"
    bad=$((bad + 1)); continue
  fi
  gc=$(field cycles) gi=$(field instructions) gr=$(field l2.dram_reads)
  ratio=$(awk -v a="$gc" -v b="$cyc" 'BEGIN { printf "%.2f", a / b }')
  band=$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8 && r <= 1.25) ? "" : " (outside 0.8-1.25)" }')
  [ -n "$band" ] && out=$((out + 1))
  imark= rmark=
  [ "$gi" = "$insts" ] || { imark=" **differs**"; bad=$((bad + 1)); }
  if [ "$exact" = 1 ]; then
    [ "$gr" = "$reads" ] || { rmark=" **differs**"; bad=$((bad + 1)); }
  else   # the draw of random indices is gmc's own: close, not equal
    awk -v a="$gr" -v b="$reads" 'BEGIN { d = a - b; exit !(d * d <= (0.02 * b) ^ 2) }' \
      && rmark=" (random draw)" || { rmark=" **differs by more than 2%**"; bad=$((bad + 1)); }
  fi
  printf '| `%s` | %s | %s | %s | %s%s | %s, %s%s | %s, %s%s |\n' "$wl" "$size" \
    "$cyc" "$gc" "$ratio" "$band" "$insts" "$gi" "$imark" "$reads" "$gr" "$rmark"
done <"$TABLE"
echo
echo "$rows kernels on $MACHINE (gmc sim --machine $MACHINE --set kernel_launch_latency=0): $((rows - out)) within 0.8-1.25x of Accel-Sim's cycles, $out outside;" \
  "warp instructions and DRAM reads: $([ $bad -eq 0 ] && echo "all as Accel-Sim's" || echo "$bad differ or failed")"
[ $bad -eq 0 ]
