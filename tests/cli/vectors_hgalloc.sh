#!/usr/bin/env bash
# End-to-end tests of `gmc vectors hgalloc`.  Usage: vectors_hgalloc.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Header and one line per cycle, fields as the port list says.
if "$GMC" vectors hgalloc --inputs 3 --outputs 2 --policy 3 --hold-limit 2 --cycles 40 --stim-seed 9 \
     -o "$T/v.vec" &&
   head -14 "$T/v.vec" | diff - <(printf '%s\n' '# gmc-vectors 1' '# block hgalloc' '# param NUM_IN 3' \
     '# param NUM_OUT 2' '# param POLICY 3' '# param ROW_BITS 8' '# param BANK_BITS 2' '# param HASH_BITS 4' \
     '# param HOLD_LIMIT 2' '# param PER_BANK 0' '# param HOLD_FORCE 1' '# stim-seed 9' '# cycles 40' \
     '# ports rst_ni:1:in en_i:2:in req_i:6:in row_i:24:in bank_i:6:in gnt_o:2:out gnt_in_o:4:out hold_o:2:out lim_o:2:out') >/dev/null &&
   [ "$(grep -vc '^#' "$T/v.vec")" = 40 ] &&
   awk '!/^#/ && NF != 9 { exit 1 }' "$T/v.vec"
then ok "header, 40 lines of 9 fields"; else notok "header, 40 lines of 9 fields" "$(head -15 "$T/v.vec")"; fi

# The options spell the configuration name: the same bytes as `gmc block vectors`.
"$GMC" vectors hgalloc --inputs 3 --outputs 2 --policy 3 --hold-limit 2 --cycles 40 --stim-seed 9 -o "$T/a.vec"
"$GMC" block vectors hgalloc c3_m2_p3_r8_b2_k4_l2_pb0_f1 --cycles 40 --stim-seed 9 -o "$T/b.vec"
cmp -s "$T/a.vec" "$T/b.vec" && ok "options = configuration name" || notok "options = configuration name"

# The committed golden files are what the CLI writes.
for f in "$(dirname "$0")"/../../vectors/hgalloc/*.vec; do
  n=$(basename "$f" .vec); set -- $(echo "${n%_s1}" | tr '_' '\n' | sed 's/^[a-z]*//')
  "$GMC" vectors hgalloc --inputs "$1" --outputs "$2" --policy "$3" --row-bits "$4" --bank-bits "$5" \
    --hash-bits "$6" --hold-limit "$7" --per-bank "$8" --force "$9" --cycles 512 --stim-seed 1 -o "$T/g.vec" &&
    cmp -s "$T/g.vec" "$f" && ok "golden $n regenerates" || notok "golden $n regenerates"
done

# Bad inputs: one clear line, exit 2 (usage) or 1 (I/O), nothing half-written.
expect_fail "policy 4" 2 "gmc vectors: --policy: expected 0\.\.3, found 4" -- \
  "$GMC" vectors hgalloc --policy 4 -o "$T/x.vec"
expect_fail "65 inputs" 2 "--inputs: expected 1\.\.64, found 65" -- "$GMC" vectors hgalloc --inputs 65 -o "$T/x.vec"
expect_fail "ports wider than 64 bits" 1 \
  "expected ports of at most 64 bits \(C\*M, C\*ROW_BITS, C\*BANK_BITS, M\*clog2\(C\)\), found req_i 72, row_i 72" -- \
  "$GMC" vectors hgalloc --inputs 9 --outputs 8 -o "$T/x.vec"
expect_fail "bank bits 6" 2 "--bank-bits: expected 1\.\.5, found 6" -- "$GMC" vectors hgalloc --bank-bits 6 -o "$T/x.vec"
expect_fail "force 2" 2 "--force: expected 0 or 1, found 2" -- "$GMC" vectors hgalloc --force 2 -o "$T/x.vec"
expect_fail "block check: configuration name" 2 "expected 'pb<number>' as field 8" -- \
  "$GMC" block vectors hgalloc c3_m2_p3_r8_b2_k4_l2_x0_f1 -o "$T/x.vec"
[ ! -e "$T/x.vec" ] && ok "nothing written on bad input" || notok "nothing written on bad input"
"$GMC" vectors hgalloc --help | grep -q -- '--hold-limit L' && ok "--help" || notok "--help"

finish
