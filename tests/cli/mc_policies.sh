#!/usr/bin/env bash
# The memory controller's policies from the command line (docs/mc-policies.md):
# gmc mem --write-policy / --refresh-policy / --row-policy / --row-timeout and
# the machine keys mc_write_policy, mc_refresh_policy, mc_row_policy,
# mc_row_timeout of gmc sim.  Usage: mc_policies.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# A random trace (reads and writes, bursts and gaps) and a stream that
# reads one row of one bank every 400 cycles (each read served before the
# next arrives): hits under open page, misses under close page.
python3 - "$T" <<'PY'
import random, sys
d = sys.argv[1]; rnd = random.Random(11)
t = 0
with open(f"{d}/mix.trc", "w") as f:
    for i in range(3000):
        t += rnd.randrange(0, 4) + (300 if rnd.random() < 0.01 else 0)
        a = (rnd.randrange(0, 1 << 33) & ~31) if rnd.random() < 0.5 else ((rnd.randrange(64) << 18) | (rnd.randrange(2048) << 5))
        f.write(f"{t} {'W' if rnd.random() < 0.4 else 'R'} 0x{a:x}\n")
with open(f"{d}/row.trc", "w") as f:
    for i in range(50):
        f.write(f"{400 * i} R 0x{(7 << 18) | (i % 4) << 5:x}\n")
PY

# Bad names and values: one line naming what was expected, exit 2.
expect_fail "unknown --write-policy lists the known ones" 2 \
  "^gmc mem: --write-policy: expected one of gpgpusim, ramulator2, pcmwq, found 'lazy'$" -- \
  "$GMC" mem --trace "$T/mix.trc" --write-policy lazy
expect_fail "unknown --refresh-policy lists the known ones" 2 \
  "^gmc mem: --refresh-policy: expected one of all-bank, found 'per-bank'$" -- \
  "$GMC" mem --trace "$T/mix.trc" --refresh-policy per-bank
expect_fail "unknown --row-policy lists the known ones" 2 \
  "^gmc mem: --row-policy: expected one of open, close, timeout, found 'ajar'$" -- \
  "$GMC" mem --trace "$T/mix.trc" --row-policy ajar
expect_fail "--row-timeout 0 is refused" 2 \
  "^gmc mem: --row-timeout: expected 1\.\.1048576 cycles, found 0$" -- \
  "$GMC" mem --trace "$T/mix.trc" --row-policy timeout --row-timeout 0
expect_fail "--row-timeout without the timeout policy is refused" 2 \
  "^gmc mem: --row-timeout: expected --row-policy timeout with it, found --row-policy close$" -- \
  "$GMC" mem --trace "$T/mix.trc" --row-policy close --row-timeout 50
expect_fail "--row-policy needs a value" 2 "option --row-policy needs a value" -- \
  "$GMC" mem --trace "$T/mix.trc" --row-policy

# The defaults spelled out are the defaults: the same bytes.
"$GMC" mem --trace "$T/mix.trc" --channels 1 --json >"$T/d0.json" 2>/dev/null &&
"$GMC" mem --trace "$T/mix.trc" --channels 1 --json --write-policy gpgpusim \
  --refresh-policy all-bank --row-policy open >"$T/d1.json" 2>/dev/null &&
cmp -s "$T/d0.json" "$T/d1.json" && ! grep -q '"policies"' "$T/d0.json" &&
  ok "explicit default policies give the default report, byte for byte" ||
  notok "explicit default policies give the default report, byte for byte"

# Every combination: skipping idle cycles gives the bytes stepping every
# cycle gives, and the report names the policies.
for w in gpgpusim ramulator2; do
  for r in open close "timeout --row-timeout 40"; do
    for ch in 1 4; do
      # shellcheck disable=SC2086  # r carries its option's value
      a=$("$GMC" mem --trace "$T/mix.trc" --channels $ch --wq 8 --write-policy $w --row-policy $r --json 2>/dev/null) &&
      b=$("$GMC" mem --trace "$T/mix.trc" --channels $ch --wq 8 --write-policy $w --row-policy $r --json \
            --step-every-cycle 2>/dev/null)
      if [ $? = 0 ] && [ -n "$a" ] && [ "$a" = "$b" ]; then
        if [ "$w/$r" = "gpgpusim/open" ] || grep -q "\"write\": \"$w\", \"refresh\": \"all-bank\", \"row\": \"${r%% *}\"" <<<"$a"; then
          ok "$w / ${r%% *}, $ch channel(s): skip-ahead = every cycle, policies reported"
        else
          notok "$w / ${r%% *}, $ch channel(s): policies reported" "$(grep -A1 '"sched"' <<<"$a")"
        fi
      else
        notok "$w / ${r%% *}, $ch channel(s): skip-ahead = every cycle"
      fi
    done
  done
done

# Close page on the row stream: no hit, one activation per request, and
# every PRE is the row policy's; open page hits all but the first.  The
# run ends with the last request's data, before the last row's PRE: 49.
row_stats() { "$GMC" mem --trace "$T/row.trc" --channels 1 --no-refresh --json "$@" 2>/dev/null |
  python3 -c 'import json, sys; j = json.load(sys.stdin); p = j.get("policies", {})
print(j["row_hits"], j["commands"]["ACT"], j["commands"]["PRE"], p.get("row_policy_precharges", 0))'; }
[ "$(row_stats)" = "49 1 0 0" ] && ok "open page: the row stream hits" ||
  notok "open page: the row stream hits" "$(row_stats)"
[ "$(row_stats --row-policy close)" = "0 50 49 49" ] &&
  ok "close page: no hit, activations = requests, every PRE the policy's" ||
  notok "close page: no hit, activations = requests" "$(row_stats --row-policy close)"
[ "$(row_stats --row-policy timeout --row-timeout 500)" = "49 1 0 0" ] &&
  ok "timeout longer than the gaps: the row stays open, hits" ||
  notok "timeout 500" "$(row_stats --row-policy timeout --row-timeout 500)"
[ "$(row_stats --row-policy timeout --row-timeout 300)" = "0 50 49 49" ] &&
  ok "timeout shorter than the gaps: every row closes before the next read" ||
  notok "timeout 300" "$(row_stats --row-policy timeout --row-timeout 300)"
"$GMC" mem --trace "$T/row.trc" --channels 1 --no-refresh --row-policy timeout --row-timeout 300 2>/dev/null |
  grep -q "^policies: write gpgpusim, refresh all-bank, row timeout (300 idle cycles); row policy precharges 49$" &&
  ok "the text report names the policies" || notok "the text report names the policies"

# gmc sim: the machine keys.
expect_fail "machine key mc_row_policy: unknown name" 2 \
  "^gmc sim: --set #1 \(mc_row_policy=ajar\): mc_row_policy: expected one of open, close, timeout, found 'ajar'$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_row_policy=ajar
expect_fail "machine key mc_write_policy: unknown name" 2 \
  "^gmc sim: --set #1 \(mc_write_policy=lazy\): mc_write_policy: expected one of gpgpusim, ramulator2, pcmwq, found 'lazy'$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_write_policy=lazy
expect_fail "machine key mc_refresh_policy: unknown name" 2 \
  "mc_refresh_policy: expected one of all-bank, found 'x'$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_refresh_policy=x
expect_fail "machine key mc_row_timeout: out of range" 2 \
  "mc_row_timeout: expected an integer in 0\.\.1048576, found '1048577'$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_row_timeout=1048577
expect_fail "machine key mc_row_timeout without the timeout policy" 2 \
  "mc_row_timeout: expected mc_row_policy = timeout with it, found open$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_row_timeout=50
sim_acts() { "$GMC" sim --workload moa --scale 0.05 --json "$@" 2>/dev/null |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["dram"]["activations"])'; }
a0=$(sim_acts) a1=$(sim_acts --set mc_write_policy=gpgpusim --set mc_row_policy=open)
a2=$(sim_acts --set mc_row_policy=close)
[ -n "$a0" ] && [ "$a0" = "$a1" ] && [ -n "$a2" ] && [ "$a2" -gt "$a0" ] &&
  ok "gmc sim: default keys change nothing, close page activates more ($a0 -> $a2)" ||
  notok "gmc sim: the row policy reaches the controllers" "$a0 $a1 $a2"
b0=$("$GMC" sim --workload moa --scale 0.05 --json --machine rtx2060s --set mc_row_policy=timeout \
       --set mc_row_timeout=60 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["cycles"])')
[ -n "$b0" ] && ok "gmc sim: timeout policy by --set runs ($b0 cycles)" || notok "gmc sim: timeout policy by --set runs"

# The pcmwq write policy (docs/pcm.md "The write queue"): its keys, its
# report, skip-ahead against every cycle, and gmc sim.
expect_fail "--pcmwq-high above the entries is refused" 2 \
  "^gmc mem: --pcmwq-high: expected 1\.\.4 \(the entries\), found 5$" -- \
  "$GMC" mem --trace "$T/mix.trc" --write-policy pcmwq --pcmwq-entries 4 --pcmwq-high 5
expect_fail "--pcmwq-entries without --write-policy pcmwq is refused" 2 \
  "^gmc mem: --pcmwq-entries: expected --write-policy pcmwq with it$" -- \
  "$GMC" mem --trace "$T/mix.trc" --pcmwq-entries 4
expect_fail "--pcmwq-low not below the high watermark is refused" 2 \
  "^gmc mem: --pcmwq-low: expected less than --pcmwq-high \(8\), found 8$" -- \
  "$GMC" mem --trace "$T/mix.trc" --write-policy pcmwq --pcmwq-low 8
# few addresses (so writes coalesce and reads hit), bursts that fill the queue
python3 - "$T/pq.trc" <<'PY'
import random, sys
rnd = random.Random(5); t = 0
with open(sys.argv[1], "w") as f:
    for i in range(3000):
        t += rnd.randrange(0, 3) + (400 if rnd.random() < 0.01 else 0)
        a = (rnd.randrange(24) << 5) if rnd.random() < 0.6 else (rnd.randrange(1 << 20) << 5)
        f.write(f"{t} {'W' if rnd.random() < 0.4 else 'R'} 0x{a:x}\n")
PY
pq() { "$GMC" mem --trace "$T/pq.trc" --channels 1 --json --write-policy pcmwq "$@" 2>/dev/null; }
pq > "$T/pq.json"; pq --step-every-cycle > "$T/pq_slow.json"
cmp -s "$T/pq.json" "$T/pq_slow.json" && ok "pcmwq: skipping ahead gives the bytes of stepping every cycle" ||
  notok "pcmwq: skipping ahead gives the bytes of stepping every cycle"
python3 - "$T/pq.json" <<'PY' && ok "pcmwq: report fields add up" || notok "pcmwq: report fields add up"
import json, sys
j = json.load(open(sys.argv[1])); p = j["pcmwq"]
w = sum(1 for l in open(sys.argv[1].replace("pq.json", "pq.trc")) if " W " in l)
assert (p["entries"], p["high"], p["low"]) == (8, 8, 0), p
assert p["writes_accepted"] == w, (p, w)           # every write, none dropped
assert 0 < p["coalesced"] < w and 0 < p["hits"] < p["reads"], p
assert p["drains_completed"] <= p["drains"] and p["drains"] >= w - p["coalesced"] - p["left"], p
assert j["commands"]["WR"] == p["drains"], (j["commands"], p)
assert 0 < p["mean_occupancy"] <= 8 and p["full_cycles"] > 0, p
PY
s0=$("$GMC" sim --workload moa --scale 0.05 --json --set mc_write_policy=pcmwq 2>/dev/null |
     python3 -c 'import json, sys; print(json.load(sys.stdin)["machine_config"]["mc_write_policy"])')
[ "$s0" = pcmwq ] && ok "gmc sim: mc_write_policy = pcmwq runs" || notok "gmc sim: mc_write_policy = pcmwq runs" "$s0"
expect_fail "gmc sim: pcmwq_entries without a pcmwq write policy" 2 \
  "^gmc sim: --set #1 \(pcmwq_entries=16\): pcmwq_entries: expected mc_write_policy or hybrid_mc_write_policy = pcmwq with it, found gpgpusim$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set pcmwq_entries=16
expect_fail "gmc sim: pcmwq_high above the entries" 2 \
  "^gmc sim: --set #2 \(pcmwq_high=9\): pcmwq_high: expected at most pcmwq_entries \(8\), found 9$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_write_policy=pcmwq --set pcmwq_high=9
expect_fail "gmc sim: pcmwq_low not below the high watermark" 2 \
  "pcmwq_low: expected less than pcmwq_high \(4\), found 4$" -- \
  "$GMC" sim --workload stream --scale 0.02 --set mc_write_policy=pcmwq --set pcmwq_entries=4 --set pcmwq_low=4
# The keys reach the controllers, and the report's pcmwq group adds up: a
# stream whose stores reach DRAM (8 KB L2 slices), on all-PCM channels
# (every write goes through the queue: WR commands = drains).
"$GMC" sim --workload stream --scale 0.02 --set l2_slice_size=8192 --set dram=pcm-thesis \
  --set addr_map=derived --set mc_write_policy=pcmwq --set pcmwq_entries=16 --set pcmwq_high=12 \
  --set pcmwq_low=4 --json -o "$T/pq_sim.json" 2>/dev/null
python3 - "$T/pq_sim.json" <<'PY' && ok "gmc sim: pcmwq keys reach the queue, its report adds up" ||
import json, sys
j = json.load(open(sys.argv[1])); p = j["pcmwq"]
assert (p["entries"], p["high"], p["low"]) == (16, 12, 4), p
assert p["writes_accepted"] == j["dram"]["writes"], (p, j["dram"])
assert p["drains"] >= p["writes_accepted"] - p["coalesced"] - p["left"] > 0, p
assert p["reads"] + p["writes_accepted"] > 0 and p["hits"] <= p["reads"], p
assert p["queues"] == 16 and 0 < p["mean_occupancy"] <= 16 * 16, p   # a queue per bank
PY
  notok "gmc sim: pcmwq keys reach the queue, its report adds up"
q1=$("$GMC" sim --workload stream --scale 0.02 --set l2_slice_size=8192 --set dram=pcm-thesis \
  --set addr_map=derived --set mc_write_policy=pcmwq --set pcmwq_per_channel=1 --json 2>/dev/null |
  python3 -c 'import json, sys; j = json.load(sys.stdin); print(j["pcmwq"]["queues"], j["dram"]["bank_parallelism"] < 4)')
q16=$(python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(j["pcmwq"]["queues"], j["dram"]["bank_parallelism"] > 4)' "$T/pq_sim.json")
[ "$q1 / $q16" = "1 True / 16 True" ] && ok "gmc sim: pcmwq_per_channel = 1 gives one queue, fewer banks at work" ||
  notok "gmc sim: pcmwq_per_channel = 1 gives one queue, fewer banks at work" "$q1 / $q16"

# Write cancellation (docs/pcm.md "The write queue"): a read of its bank
# stops a drained write during its pulse on a PCM device.  Skipping ahead
# gives the bytes of stepping every cycle; reads wait less; the limit per
# drain holds; bad settings are refused.
python3 - "$T/pc.trc" <<'PY'
import random, sys
random.seed(7)
rows = [random.randrange(1 << 24) << 6 for _ in range(64)]
with open(sys.argv[1], "w") as f:
    for i in range(4000):
        f.write(f"{i * 6} {'W' if random.random() < 0.4 else 'R'} 0x{random.choice(rows) + 32 * random.randrange(2):x}\n")
    f.write(f"{4000 * 6 + 2000000} R 0x40\n")   # a tail: every queued write drains before it
PY
pc() { "$GMC" mem --preset pcm-thesis --trace "$T/pc.trc" --channels 2 --json --write-policy pcmwq "$@" 2>/dev/null; }
for v in "" "--pcmwq-max-intr 1" "--pcmwq-max-intr 3 --pcmwq-per-channel"; do
  # shellcheck disable=SC2086  # the options are separate words
  pc --pcmwq-intr cancel $v >"$T/pc.json"
  # shellcheck disable=SC2086
  pc --pcmwq-intr cancel $v --step-every-cycle >"$T/pc_slow.json"
  cmp -s "$T/pc.json" "$T/pc_slow.json" && ok "pcmwq cancel $v: skipping ahead gives the bytes of stepping every cycle" ||
    notok "pcmwq cancel $v: skipping ahead gives the bytes of stepping every cycle"
done
pc >"$T/pn.json"; pc --pcmwq-intr cancel >"$T/pc.json"; pc --pcmwq-intr cancel --pcmwq-max-intr 1 >"$T/p1.json"
python3 - "$T/pn.json" "$T/pc.json" "$T/p1.json" <<'PY' && ok "pcmwq cancel: reads wait less, drains are redone, the limit holds" ||
import json, sys
n, c, one = (json.load(open(f)) for f in sys.argv[1:])
pn, pc, p1 = n["pcmwq"], c["pcmwq"], one["pcmwq"]
assert pn["interruption"] == "none" and pn["interrupts"] == 0, pn
assert pc["interruption"] == "cancel" and pc["interrupts"] > 0 and pc["left"] == 0 == pn["left"], (pc, pn)
assert c["read_latency"]["mean"] < n["read_latency"]["mean"], (c["read_latency"], n["read_latency"])
# a cancelled drain starts again: starts = completions + cancellations (nothing left running)
assert pc["drains"] == pc["drains_completed"] + pc["interrupts"], pc
assert c["commands"]["WR"] == pc["drains"], (c["commands"], pc)
assert 0 < p1["interrupts"] <= p1["drains_completed"], p1   # at most one per drain that completes
print(f"    read latency mean {n['read_latency']['mean']} -> {c['read_latency']['mean']}, "
      f"{pc['interrupts']} cancellations", file=sys.stderr)
PY
  notok "pcmwq cancel: reads wait less, drains are redone, the limit holds"
expect_fail "pcmwq cancel on a device whose writes cannot be cancelled" 1 \
  "expected a device whose writes can be cancelled \(kind pcm\), found gddr6-rtx2060s" -- \
  "$GMC" mem --trace "$T/pc.trc" --write-policy pcmwq --pcmwq-intr cancel
expect_fail "--pcmwq-intr pause is refused with the reason" 2 \
  "^gmc mem: --pcmwq-intr: expected none or cancel, found 'pause' \(pausing needs a device" -- \
  "$GMC" mem --preset pcm-thesis --trace "$T/pc.trc" --write-policy pcmwq --pcmwq-intr pause
expect_fail "--pcmwq-max-intr without cancellation" 2 \
  "^gmc mem: --pcmwq-max-intr: expected --pcmwq-intr cancel with it$" -- \
  "$GMC" mem --preset pcm-thesis --trace "$T/pc.trc" --write-policy pcmwq --pcmwq-max-intr 2

finish
