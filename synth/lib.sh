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

# Reading Yosys's reports: the cell count of a `stat` file, the depth of
# an `ltp` file, and the flip-flops of a `stat` file (every DFF kind).
cells() { awk '/Number of cells:/{print $NF; exit}' "$1"; }
ltp()   { sed -n 's/.*(length=\([0-9]*\)).*/\1/p' "$1" | head -1; }
ffs()   { awk '$1 ~ /^\$_(S?DFF|DFFE|ALDFF|DFFSR)/ {n += $2} END {print n + 0}' "$1"; }
