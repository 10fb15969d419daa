#!/usr/bin/env bash
# Ranks: DRAMsim3's own configs through gmc mem --dram-cfg as DRAMsim3 reads
# them (tests/data/dramsim3: GDDR5_8Gb_x32.ini, one rank; DDR4_8Gb_x8_2400_2.ini,
# two ranks from its channel_size), the import note saying how the ranks
# were derived, the report's rank count, the slow reference (--step-every-cycle)
# giving the same bytes with every scheduler, and the rank checks of configs
# and maps.  Usage: dram_cfg_ranks.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
DATA="$(dirname "$0")/../data/dramsim3"
GDDR5="$DATA/GDDR5_8Gb_x32.ini"
DDR4="$DATA/DDR4_8Gb_x8_2400_2.ini"

# 3000 requests over 2^36 bytes (--wrap keeps each map's bits): both ranks, reads and writes
python3 - "$T/t.trc" <<'PY'
import random, sys
r = random.Random(5)
t = 0
with open(sys.argv[1], "w") as f:
    for i in range(3000):
        t += r.choice([0, 1, 2, 8])
        a = (r.randrange(1 << 36) & ~63) if i % 4 else (i * 64) % (1 << 36)
        f.write("%d %s 0x%x\n" % (t, "W" if r.random() < 0.3 else "R", a))
PY

# GDDR5_8Gb_x32.ini: one rank (a GDDR column is BL device columns: 128 columns
# x 32 B bursts... x 16 banks x 16384 rows x 4 devices = channel_size 4096 MB).
if "$GMC" mem --dram-cfg "$GDDR5" --trace "$T/t.trc" --wrap --json >"$T/g.json" 2>"$T/g.err" &&
   grep -q '"banks": 16, "rq"' "$T/g.json" &&
   grep -q '"map": "Row\[31:18\] Bank\[17:14\] Col\[13:7\] Block\[6:0\]"' "$T/g.json" &&
   grep -q 'read as dramsim3-ini; 1 rank: channel_size 4096 MB / 4096 MB a rank (64 MB banks x 16 x 4 devices)' "$T/g.err"; then
  ok "GDDR5_8Gb_x32.ini runs: one rank, 16 banks, 128 columns, the note says why"
else notok "GDDR5_8Gb_x32.ini runs: one rank, 16 banks, 128 columns, the note says why" "$(head -c 600 "$T/g.err")"; fi

# DDR4_8Gb_x8_2400_2.ini: channel_size 16384 MB / 8192 MB a rank = 2 ranks.
if "$GMC" mem --dram-cfg "$DDR4" --trace "$T/t.trc" --wrap --json --per-request "$T/d.req" \
     >"$T/d.json" 2>"$T/d.err" &&
   grep -q '"channels": 1, "banks": 32, "ranks": 2, "rq"' "$T/d.json" &&
   grep -q '"map": "Row\[33:18\] Rank\[17\] Bank\[14:13\] Bank\[16:15\] Col\[12:6\] Block\[5:0\]"' "$T/d.json" &&
   grep -q 'read as dramsim3-ini; 2 ranks: channel_size 16384 MB / 8192 MB a rank (64 MB banks x 16 x 8 devices)' "$T/d.err" &&
   ! grep -q "rank" <(grep warning "$T/d.err"); then
  ok "DDR4_8Gb_x8_2400_2.ini runs with 2 ranks (JSON ranks, Rank map field, the note)"
else notok "DDR4_8Gb_x8_2400_2.ini runs with 2 ranks (JSON ranks, Rank map field, the note)" "$(head -c 600 "$T/d.err")"; fi
n0=$(awk '!/^#/ && $4 < 16' "$T/d.req" 2>/dev/null | wc -l); n1=$(awk '!/^#/ && $4 >= 16' "$T/d.req" 2>/dev/null | wc -l)
if [ "$n0" -gt 500 ] && [ "$n1" -gt 500 ]; then ok "requests reach both ranks ($n0 rank 0, $n1 rank 1)"
else notok "requests reach both ranks" "rank 0: $n0, rank 1: $n1"; fi
if "$GMC" mem --dram-cfg "$DDR4" --trace "$T/t.trc" --wrap 2>/dev/null | head -1 |
   grep -q '^gmc mem: .*DDR4_8Gb_x8_2400_2.ini, 1 channel x 2 ranks x 16 banks, sched frfcfs'; then
  ok "text report: 1 channel x 2 ranks x 16 banks"
else notok "text report: 1 channel x 2 ranks x 16 banks"; fi

# Every scheduler, both files: clean runs, and the slow reference gives the same bytes.
same=0
for f in "$GDDR5" "$DDR4"; do
  for s in frfcfs fcfs bfifo divfirst warped-mc fcfs-strict; do
    "$GMC" mem --dram-cfg "$f" --sched "$s" --trace "$T/t.trc" --wrap --json >"$T/a" 2>/dev/null &&
    "$GMC" mem --dram-cfg "$f" --sched "$s" --trace "$T/t.trc" --wrap --json --step-every-cycle \
      >"$T/b" 2>/dev/null && cmp -s "$T/a" "$T/b" && same=$((same + 1))
  done
done
if [ "$same" -eq 12 ]; then ok "6 schedulers x 2 DRAMsim3 configs: --step-every-cycle gives the same bytes (12 of 12)"
else notok "6 schedulers x 2 DRAMsim3 configs: --step-every-cycle gives the same bytes" "$same of 12"; fi

# A rank is busy refreshing while the other serves: more ranks, no fewer REFs
# per rank (each rank every tREFI), and the run with refresh keeps both ranks busy.
refs=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['commands']['REF'])" "$T/d.json" 2>/dev/null)
cyc=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['cycles'])" "$T/d.json" 2>/dev/null)
want=$((${cyc:-0} / 4680))   # tREFI 9360 / 2 ranks: one REF every 4680 cycles
if [ -n "$refs" ] && [ "$refs" -ge "$want" ] && [ "$refs" -le $((want + 2)) ]; then
  ok "2 ranks refresh in turn: $refs REFs in $cyc cycles (one per tREFI / 2)"
else notok "2 ranks refresh in turn" "REF '$refs' in $cyc cycles, expected about $want"; fi

# channel_size past the controller's 64 banks: one file:line error.
sed 's/^channel_size = 16384/channel_size = 65536/' "$DDR4" >"$T/big.ini"
expect_fail "8 ranks x 16 banks: refused at channel_size's line" 1 \
  "big.ini:57: expected ranks \* bank_groups \* banks_per_group <= 64 \(banks of a channel\), found '8 \* 4 \* 4'" -- \
  "$GMC" mem --dram-cfg "$T/big.ini" --trace "$T/t.trc" --wrap

# gmc's own format: ranks = 2 with a map naming Rank; the map must put the
# Rank bits above a rank's bank bits, and a one-rank device refuses them.
sed -e 's/^channels .*/channels = 1\nranks = 2/' "$(dirname "$0")/../../model/mem/presets/gddr5-hynix.cfg" |
  grep -v '^name' >"$T/r2.cfg"
if "$GMC" mem --dram-cfg "$T/r2.cfg" --map "Row[28:17] Rank[16] Bank[15:12] Col[11:6] Block[5:0]" \
     --trace "$T/t.trc" --wrap --json >"$T/r2.json" 2>"$T/r2.err" &&
   grep -q '"ranks": 2' "$T/r2.json" && grep -q 'Rank\[16\]' "$T/r2.json"; then
  ok "gmc format: ranks = 2 with a Rank map field"
else notok "gmc format: ranks = 2 with a Rank map field" "$(head -c 400 "$T/r2.err")"; fi
expect_fail "a Rank field below a rank's bank bits: refused" 1 \
  "map custom: expected at most 1 Rank bits above 4 Bank bits \(the device's 2 ranks of 16 banks\), found 1 Rank bit above 3 Bank bits" -- \
  "$GMC" mem --dram-cfg "$T/r2.cfg" --map "Row[27:16] Rank[15] Bank[14:12] Col[11:6] Block[5:0]" --trace "$T/t.trc" --wrap
expect_fail "a Rank field on a one-rank preset: refused" 1 \
  "expected at most 0 Rank bits above 4 Bank bits \(the device's 1 rank of 16 banks\)" -- \
  "$GMC" mem --preset gddr5-hynix --map "Row[28:17] Rank[16] Bank[15:12] Col[11:6] Block[5:0]" --trace "$T/t.trc" --wrap
finish
