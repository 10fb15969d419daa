#!/usr/bin/env bash
# Every synthetic workload lands in the class it claims (Warped-MC [ICPP'23]
# Table 1: off-chip requests per load warp, LOA < 1, MOA 2-8 -- gmc reads
# 1-8 --, HOA > 8), measured by gmc sim on the default machine at the
# experiments' scale (0.25), two runs at a time.  Usage: workload_class.sh gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
"$GMC" sim --workload-info >"$T/info" || { notok "--workload-info"; finish; exit 1; }
n=$(wc -l <"$T/info")
[ "$n" -eq "$("$GMC" sim --workload list | wc -l)" ] && ok "--workload-info has a line per workload ($n)" \
  || notok "--workload-info has a line per workload"
cut -f1 "$T/info" | xargs -P 2 -I{} sh -c "'$GMC' sim --workload {} --scale 0.25 --json >'$T/{}.json' 2>'$T/{}.err'"
while IFS=$'\t' read -r w cls what; do
  [ "$cls" = "-" ] && continue
  got=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['class'], '%.2f' % d['offchip_per_load_warp'])" "$T/$w.json" 2>/dev/null)
  [ "${got%% *}" = "$cls" ] && ok "$w is $cls (${got#* } off-chip requests per load warp)" \
    || notok "$w is $cls" "measured: ${got:-no report: $(head -2 "$T/$w.err")}"
done <"$T/info"
finish
