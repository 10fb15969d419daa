#!/usr/bin/env bash
# End-to-end tests of `gmc block` (the verification flow's view of a block).
# Usage: block.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# Every block is listed with its configuration syntax and fault switch.
out=$("$GMC" block list)
for b in bim bankarb wmc hgalloc pcmwq; do
  echo "$out" | grep -q "^$b " && echo "$out" | grep -q "fault switch GMC_FAULT_$(echo $b | tr a-z A-Z):" \
    && ok "list names $b" || notok "list names $b" "$out"
done

# Flags come from the description, in RTL parameter names.
[ "$("$GMC" block flags bankarb nb5_tl0 verilator)" = "-GNumBanks=5 -GTwoLevel=0" ] \
  && ok "verilator flags" || notok "verilator flags" "$("$GMC" block flags bankarb nb5_tl0 verilator)"
[ "$("$GMC" block flags bankarb nb5_tl0 yosys)" = "-set NumBanks 5 -set TwoLevel 0" ] \
  && ok "yosys flags" || notok "yosys flags"
[ -z "$("$GMC" block flags bim gddr5-hynix_pae_s7_r1 verilator)" ] \
  && ok "bim: no flags (the generated top carries the matrix)" || notok "bim: no flags"

# The generated top and testbench; the file names the top module.
top=$("$GMC" block top bim gddr6-rtx2060s_all_s1_r1 -o "$T") && [ "$top" = gmc_bim_gddr6_rtx2060s_all ] &&
  grep -q "module $top" "$T/$top.sv" && ok "bim top written" || notok "bim top written"
"$GMC" block top bim gddr6-rtx2060s_all_s1_r1 --fault -o "$T" >/dev/null && grep -q 'FAULT INJECTED' "$T/$top.sv" \
  && ok "bim top with the fault" || notok "bim top with the fault"
"$GMC" block tb wmc sm2_w2_h0_p3_nb2_r4_s2_pt4 -o "$T/tb.sv" && grep -q '^module tb_gmc_wmc;' "$T/tb.sv" &&
  grep -q 'hdr\[2\] = "# param SM_BITS 2";' "$T/tb.sv" && ok "testbench generated" || notok "testbench generated"

# The vector writer is the golden files' writer; the reader replays them.
for v in "$ROOT"/vectors/wmc/sm2_w2_h0_p3_nb2_r4_s2_pt4_s1.vec "$ROOT"/vectors/bankarb/nb5_tl1_s1.vec \
         "$ROOT"/vectors/bim/gddr5-hynix_pae_s7_r1.vec "$ROOT"/vectors/hgalloc/c3_m2_p1_r2_b1_k1_l1_pb0_f1_s1.vec; do
  b=$(basename "$(dirname "$v")"); c=$(basename "$v" .vec); c=${c%_s1}; [ "$b" = bim ] && c=$(basename "$v" .vec)
  n=$(sed -n 's/^# cycles //p' "$v")
  "$GMC" block vectors "$b" "$c" --cycles "$n" --stim-seed 1 -o "$T/g.vec" && cmp -s "$T/g.vec" "$v" \
    && ok "golden $b $c regenerates" || notok "golden $b $c regenerates"
  "$GMC" block check "$b" "$c" "$v" | grep -q "$n cycles, every output matches" \
    && ok "reader replays $b $c" || notok "reader replays $b $c"
done

# Bad input: one line, file:line, expected/found; exit 1 or 2.
sed '20s/.$/x/' "$ROOT/vectors/bankarb/nb5_tl1_s1.vec" > "$T/bad.vec"
expect_fail "check: junk in a line" 1 "bad.vec:20: expected a hex value for valid_o, found 'x'" -- \
  "$GMC" block check bankarb nb5_tl1 "$T/bad.vec"
expect_fail "check: another configuration's file" 1 "nb5_tl1_s1.vec:3: expected '# param NB 6', found '# param NB 5'" -- \
  "$GMC" block check bankarb nb6_tl1 "$ROOT/vectors/bankarb/nb5_tl1_s1.vec"
expect_fail "check: missing file" 1 "no/such.vec: cannot open" -- "$GMC" block check bankarb nb5_tl1 no/such.vec
expect_fail "unknown block" 2 "expected a block \(gmc block list\), found 'nope'" -- "$GMC" block flags nope x yosys
expect_fail "bad configuration" 2 "configuration 'nb5': expected 2 fields, the next 'tl<number>', found the end" -- \
  "$GMC" block flags bankarb nb5 yosys
expect_fail "bad tool" 2 "expected verilator, iverilog or yosys, found 'vcs'" -- "$GMC" block flags bankarb nb5_tl1 vcs
expect_fail "unknown verb" 2 "expected list, flags, top, tb, vectors or check, found 'frob'" -- "$GMC" block frob
expect_fail "vectors to a full disk" 1 "/dev/full" -- "$GMC" block vectors bankarb nb5_tl1 -o /dev/full
finish
