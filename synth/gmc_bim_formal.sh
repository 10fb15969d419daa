#!/usr/bin/env bash
# gmc_bim_formal.sh: Yosys equivalence proof of one BIM wrapper (REG_OUT = 0)
# against the flat XOR equations the C model emits for the same matrix.
#
#   synth/gmc_bim_formal.sh GMC PRESET SCHEME SEED OUTDIR [--inject-fault]
#
# Without --inject-fault: exit 0 only if the proof succeeds.
# With --inject-fault (mutation check: the wrapper carries one flipped matrix
# bit): exit 0 only if the proof FAILS, i.e. Yosys reports unproven $equiv
# cells -- not a parse or elaboration error.
set -u
gmc=$1 preset=$2 scheme=$3 seed=$4 out=$5 fault=${6:-}
. "$(dirname "$0")/lib.sh"
synth_init bim "$preset $scheme s$seed" "$out" "formal"
args=(--preset "$preset" --scheme "$scheme" --seed "$seed")
"$gmc" bim "${args[@]}" --reg-out 0 --emit-verilog $fault --module bim_dut -o bim_dut.sv || exit 1
"$gmc" bim "${args[@]}" --emit-spec --module bim_spec -o bim_spec.sv || exit 1

"$YOSYS" -q -l formal.log -p "read_verilog -sv bim_dut.sv $rtl bim_spec.sv; script $here/gmc_bim_formal.ys" \
  >/dev/null 2>&1
rc=$?
if [ -z "$fault" ]; then
  if [ $rc -eq 0 ] && grep -q 'Equivalence successfully proven' formal.log; then
    w=$(sed -n 's/.*input  *logic *\[\([0-9]*\):0\] *addr_i.*/\1/p' bim_spec.sv | head -1)
    echo "formal: $name: proved: RTL addr_o == spec for all 2^$((w + 1)) addresses"
    exit 0
  fi
  grep -E 'ERROR|unproven|Trying to prove' formal.log | head -5
  echo "formal: $name: NOT PROVED (exit $rc; log $out/formal.log)"
  exit 1
fi
if [ $rc -ne 0 ] && grep -q "unproven \$equiv cells in 'equiv_status -assert'" formal.log; then
  bits=$(sed -n 's/.*Trying to prove \$equiv for \\\(.*\): failed.*/\1/p' formal.log | tr '\n' ' ')
  echo "formal: $name: injected fault caught (not equivalent: ${bits% })"
  exit 0
fi
echo "formal: $name: injected fault NOT caught (exit $rc; log $out/formal.log)"
exit 1
