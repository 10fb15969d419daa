#!/usr/bin/env bash
# `gmc sim` with TEMP's page coloring (temp_coloring; docs/thread-batching.md
# "Page coloring"): the page_coloring group's numbers hold together, the
# slow reference (--step-every-cycle) gives the same bytes with coloring on,
# the hybrid memory colors too, the text report has the lines, and a bad
# value is one clear line.
# Usage: sim_coloring.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

S=(sim --machine pae-gddr5 --workload moa --scale 0.03 --set cta_dispatch=serial --json)

# ---- the group: pages by color add up, every access local or remote -----
if "$GMC" "${S[@]}" --set temp_coloring=1 -o "$T/c.json" 2>"$T/err" &&
   python3 - "$T/c.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["page_coloring"]
colors = g["colors"]
by = [g[f"pages_color_{k}"] for k in range(colors)]
assert colors == 8, colors          # gddr5-hynix: Bank[17:15] above the 4 KB page
assert sum(by) == g["pages"] > 0, (by, g["pages"])
assert g["fallbacks"] == 0
assert g["local_accesses"] > 0 and g["remote_accesses"] == 0, g   # serial: each page's CTAs on one SM
assert g["local_access_ratio"] == 1.0
PY
then ok "temp_coloring=1: pages by color add up to the pages, serial moa all local"
else notok "temp_coloring=1: the page_coloring group" "$(head -c 300 "$T/err")"; fi

# ---- off: no group; 2: the group without pages --------------------------
"$GMC" "${S[@]}" -o "$T/off.json" 2>/dev/null
"$GMC" "${S[@]}" --set temp_coloring=2 -o "$T/m.json" 2>/dev/null
if ! grep -q page_coloring "$T/off.json" && grep -q '"local_access_ratio"' "$T/m.json" &&
   ! grep -q '"pages_color_0"' "$T/m.json"
then ok "temp_coloring=0: no page_coloring group; 2: local accesses without pages"
else notok "temp_coloring 0 / 2 groups"; fi

# ---- the slow reference with coloring on (serial, tbas, rr) -------------
same=0
for extra in "--set cta_dispatch=serial" "--warp-sched tbas" "--set cta_dispatch=rr"; do
  # shellcheck disable=SC2086  # extra is two words
  "$GMC" "${S[@]}" $extra --set temp_coloring=1 -o "$T/a" 2>/dev/null
  # shellcheck disable=SC2086
  "$GMC" "${S[@]}" $extra --set temp_coloring=1 --step-every-cycle -o "$T/b" 2>/dev/null
  cmp -s "$T/a" "$T/b" && [ -s "$T/a" ] && same=$((same + 1))
done
[ $same = 3 ] && ok "--step-every-cycle: the same report bytes with coloring under serial, tbas and rr" \
  || notok "--step-every-cycle equals skipping with coloring" "$same of 3"

# ---- a hybrid memory colors its pages too --------------------------------
if "$GMC" sim --machine rtx2060s --workload moa --scale 0.03 --set cta_dispatch=serial --set dram_channels=12 \
     --set addr_map=derived --set hybrid_dram=gddr6-rtx2060s --set hybrid_channels=4 --set temp_coloring=1 \
     --json -o "$T/h.json" 2>"$T/err" &&
   python3 -c "import json,sys; g=json.load(open(sys.argv[1]))['page_coloring']; sys.exit(0 if g['pages'] > 0 and g['colors'] > 1 else 1)" "$T/h.json"
then ok "temp_coloring=1 with a bw-aware hybrid memory: pages colored"
else notok "temp_coloring with a hybrid memory" "$(head -c 300 "$T/err")"; fi

# ---- the text report's lines say the JSON's numbers -----------------------
T1=(sim --machine pae-gddr5 --workload moa --scale 0.03 --set cta_dispatch=serial --set temp_coloring=1)
"$GMC" "${T1[@]}" >"$T/t.txt" 2>/dev/null
"$GMC" "${T1[@]}" --json -o "$T/t.json" 2>/dev/null
want=$(python3 - "$T/t.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
b, c = j["thread_batches"], j["page_coloring"]
print(f"  thread batches (last kernel): stride {b['stride']} (profiled), {b['pages']} pages of 4 KB: "
      f"{b['pages_one_batch']} in one batch, {b['pages_two_batches']} in two consecutive, {b['pages_more_batches']} in more")
n = c["local_accesses"] + c["remote_accesses"]
print(f"  page coloring: {c['colors']} colors, {c['pages']} pages allocated at first touch, {c['fallbacks']} past the "
      f"SM's colors; local access ratio {c['local_access_ratio']:.4f} ({c['local_accesses']} of {n} sectors in the sending SM's banks)")
PY
)
if [ -n "$want" ] && [ "$(grep -E '^  (thread batches|page coloring)' "$T/t.txt")" = "$want" ]
then ok "text report: the thread-batch and page-coloring lines say the JSON's numbers"
else notok "text report lines" "$(grep -E '^  (thread|page)' "$T/t.txt") / $want"; fi
"$GMC" sim --machine pae-gddr5 --workload moa --scale 0.03 >"$T/p.txt" 2>/dev/null
grep -qE '^  (thread batches|page coloring)' "$T/p.txt" && notok "no TEMP lines without a mechanism" \
  || ok "no TEMP lines without a mechanism"

expect_fail "bad temp_coloring" 2 "^gmc sim: --set #1 \(temp_coloring=3\): temp_coloring: expected an integer in 0\.\.2, found .3.$" -- \
  "$GMC" sim --set temp_coloring=3 --workload moa --scale 0.01
finish
