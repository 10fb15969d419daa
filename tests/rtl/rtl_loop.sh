# RTL in the loop: gmc-rtl runs gmc sim (and gmc mem) with each block's
# Verilated RTL stepped beside its C twin.  For each block, on a run that
# exercises it: the report bytes equal gmc's, the steps compared are counted
# (> 0, the same in the JSON), and the gmc-rtl built with the block's RTL
# fault stops with a MISMATCH naming the block.  Also: a configuration that
# was not built is refused, bad --rtl values.
#   bash tests/rtl/rtl_loop.sh GMC GMC_RTL RTL_BUILD_DIR   (make rtl-sim-test)
# RTL_SOAK=1 (make soak-rtl): the same checks on longer runs, more workloads.
GMC=${1:?gmc}; RTL=${2:?gmc-rtl}; RL=${3:?build/rtl-sim}
source "$(dirname "$0")/../cli/lib.sh"

# Warped-MC scheduler (wmc, its bank arbiter) with PAE's BIM on the address
# path; the hold-grant crossbar (8 SM ports are too wide for the flow's
# 64-bit ports: 4 SMs) with a hold limit, so the limit is exercised.
WMC="--machine rtx2060s --scheme pae --sched warped-mc --workload hoa --scale 0.05"
HG="--machine yuan-gddr3 --set sms=4 --set icnt_hold=hg --set icnt_hold_limit=2 --workload moa --scale 0.05"
# The PCM write queue as the controllers' write policy.
PCM="--workload moa --scale 0.05 --set mc_write_policy=pcmwq"
if [ -n "${RTL_SOAK:-}" ]; then
  RUNS=("sim $WMC" "sim $HG" "sim $PCM"
        "sim --workload stream --scale 1 --set mc_write_policy=pcmwq"
        "sim --machine rtx2060s --scheme pae --sched warped-mc --workload moa --scale 1"
        "sim --machine rtx2060s --scheme pae --sched warped-mc --workload transpose --scale 1"
        "sim --machine rtx2060s --scheme pae --sched warped-mc --wmc-score receive --wmc-m pending2 --workload spmv --scale 1"
        "sim --machine yuan-gddr3 --set sms=4 --set icnt_hold=hg --set icnt_hold_limit=2 --workload hoa --scale 1")
else
  RUNS=("sim $WMC" "sim $HG" "sim $PCM")
fi

# A trace over the whole 33-bit address space of gddr6-rtx2060s's map, so
# that BIM's top input bit (the one its RTL fault flips) is exercised.
python3 -c "
import random
r = random.Random(7)
for i in range(3000):
    print(i * 4, 'W' if r.random() < 0.3 else 'R', hex(r.getrandbits(33) & ~31), r.randrange(16), r.randrange(32), '0x100')
" > "$T/bim.trc"
MEM="mem --trace $T/bim.trc --scheme pae"
# GPU workloads seldom read an address while its write waits in the queue
# (the L2 absorbs it); a trace over 24 lines does, so that the write
# queue's forwarding (which its RTL fault breaks) is exercised.
python3 -c "
import random
r = random.Random(3)
lines = [r.getrandbits(30) & ~31 for _ in range(24)]
for i in range(4000):
    print(i * 2, 'W' if r.random() < 0.5 else 'R', hex(r.choice(lines)), r.randrange(16), r.randrange(32), '0x100')
" > "$T/pcm.trc"
PMEM="mem --trace $T/pcm.trc --write-policy pcmwq"

# same_report NAME BLOCKS ARGS: report bytes equal, every block's steps > 0
same_report() {
  local name=$1 blocks=$2; shift 2
  "$GMC" "$@" > "$T/a" 2>/dev/null; local ra=$?
  "$RTL" "$@" --rtl "$blocks" --rtl-json "$T/j" > "$T/b" 2> "$T/e"; local rb=$?
  if [ $ra -ne 0 ] || [ $rb -ne 0 ]; then notok "$name" "exit gmc $ra, gmc-rtl $rb: $(grep -v warning "$T/e" | head -c 400)"; return; fi
  if ! cmp -s "$T/a" "$T/b"; then notok "$name" "reports differ: $* ($(cmp "$T/a" "$T/b"))"; return; fi
  local b n j
  for b in ${blocks//,/ }; do
    n=$(sed -n "s/^gmc-rtl: $b: \([0-9]*\) steps compared.*/\1/p" "$T/e")
    j=$(python3 -c "import json,sys; print([x['steps'] for x in json.load(open('$T/j'))['rtl'] if x['block'] == '$b'][0])")
    if [ -z "$n" ] || [ "$n" -eq 0 ] || [ "$n" != "$j" ]; then notok "$name" "$b: steps compared '$n' (JSON '$j'), expected > 0 and equal"; return; fi
    echo "    $b: $(grep "^gmc-rtl: $b:" "$T/e" | cut -d' ' -f3-)"
  done
  ok "$name"
}

# caught NAME BLOCK ARGS: the gmc-rtl with BLOCK's RTL fault must stop with
# exit 1 and a MISMATCH naming the block, its cycle and both outputs.
caught() {
  local name=$1 b=$2; shift 2
  "$RL/fault-$b/gmc-rtl" "$@" --rtl "$b" > "$T/b" 2> "$T/e"; local rc=$?
  if [ $rc -eq 1 ] && grep -q "^gmc-rtl: MISMATCH block $b instance [0-9]* configuration .* (RTL fault built in): cycle [0-9]*" "$T/e" &&
     grep -q '<-- differs' "$T/e" && [ ! -s "$T/b" ]; then
    ok "$name"; echo "    $(grep -m1 MISMATCH "$T/e" | cut -c1-160)"
  else notok "$name" "exit $rc: $(head -c 400 "$T/e")"; fi
}

for r in "${RUNS[@]}"; do
  case "$r" in *warped-mc*) bl=wmc,bankarb,bim ;; *pcmwq*) bl=pcmwq,bankarb ;; *) bl=hgalloc,bankarb ;; esac
  # shellcheck disable=SC2086
  same_report "gmc-rtl $r --rtl $bl: report bytes equal gmc's, steps compared" "$bl" $r
done
# shellcheck disable=SC2086
same_report "gmc-rtl mem (full-width trace) --scheme pae --rtl bim,bankarb: gmc mem report equal, steps compared" bim,bankarb $MEM
# shellcheck disable=SC2086
same_report "gmc-rtl mem (24-line trace) --write-policy pcmwq --rtl pcmwq,bankarb: gmc mem report equal, steps compared" pcmwq,bankarb $PMEM

# shellcheck disable=SC2086
{
caught "RTL fault wmc caught on the Warped-MC run" wmc sim $WMC
caught "RTL fault bankarb caught on the hold-grant run" bankarb sim $HG
caught "RTL fault hgalloc caught on the hold-grant run" hgalloc sim $HG
caught "RTL fault bim caught on the full-width trace" bim $MEM
caught "RTL fault pcmwq caught on the 24-line trace" pcmwq $PMEM
}

# shellcheck disable=SC2086
expect_fail "a configuration not built is refused, naming it, the built ones and the make line" 2 \
  "^gmc-rtl: block wmc: configuration sm5_w5_h0_p7_nb16_r64_s4_pt64 was not built into this gmc-rtl \(built: [^)]+\); build it with make rtl-sim RTL_EXTRA=wmc:sm5_w5_h0_p7_nb16_r64_s4_pt64$" -- \
  "$RTL" sim --rtl wmc --machine pae-gddr5 --sched warped-mc --workload moa --scale 0.02
# usage_fail NAME REGEX CMD...: exit 2, the first stderr line matches (the
# usage follows it)
usage_fail() {
  local name=$1 re=$2; shift 2
  "$@" > /dev/null 2> "$T/e"; local rc=$?
  if [ $rc -eq 2 ] && head -1 "$T/e" | grep -Eq -e "$re"; then ok "$name"
  else notok "$name" "exit $rc, first line '$(head -1 "$T/e")'"; fi
}
usage_fail "--rtl with an unknown block" "^gmc-rtl: --rtl: expected bim, bankarb, wmc, hgalloc, pcmwq or all, found 'nope'$" \
  "$RTL" sim --rtl wmc,nope --workload moa
usage_fail "gmc-rtl without --rtl" "^gmc-rtl: expected --rtl BLOCK" "$RTL" sim --workload moa
usage_fail "--rtl without a value" "^gmc-rtl: --rtl needs a value$" "$RTL" sim --workload moa --rtl
finish
