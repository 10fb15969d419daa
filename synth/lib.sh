# synth/lib.sh: the set-up every per-block Yosys script shares.  Sourced:
#   . "$(dirname "$0")/lib.sh"; synth_init <block> "<configuration>" OUTDIR [label]
# sets here (this folder), rtl (rtl/gmc_<block>.sv), YOSYS (default yosys),
# name, and fail() ("<label>: <name>: why" on stderr, exit 1), then enters
# OUTDIR (created).
synth_init() {
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  rtl=$(cd "$here/.." && pwd)/rtl/gmc_$1.sv
  YOSYS=${YOSYS:-yosys}
  name=$2
  _synth_label=${4:-synth $1}
  fail() { echo "$_synth_label: $name: $*" >&2; exit 1; }
  mkdir -p "$3" && cd "$3" || exit 1
}
