#!/usr/bin/env bash
# End-to-end tests of `gmc vectors wmc`.  Usage: vectors_wmc.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Header and one line per cycle, 43 fields (32 inputs, 11 outputs).
if "$GMC" vectors wmc --sm-bits 2 --warp-bits 2 --pend-bits 3 --banks 5 --rows 4 --score-bits 2 \
     --pt-bits 4 --cycles 40 --stim-seed 9 -o "$T/v.vec" &&
   head -14 "$T/v.vec" | diff - <(printf '%s\n' '# gmc-vectors 1' '# block wmc' '# param SM_BITS 2' \
     '# param WARP_BITS 2' '# param PC_HASH_BITS 0' '# param PEND_BITS 3' '# param NB 5' '# param ROWS 4' \
     '# param SCORE_BITS 2' '# param PT_BITS 4' '# param SCORE_AT 0' '# param M_RULE 0' '# stim-seed 9' \
     '# cycles 40') >/dev/null &&
   grep -q '^# ports rst_ni:1:in enq_i:1:in enq_sm_i:2:in .* hi_o:5:out$' "$T/v.vec" &&
   [ "$(grep -vc '^#' "$T/v.vec")" = 40 ] &&
   awk '!/^#/ && NF != 43 { exit 1 }' "$T/v.vec"
then ok "header, 40 lines of 43 fields"; else notok "header, 40 lines of 43 fields" "$(head -16 "$T/v.vec")"; fi

# Same seed, same file; another seed, another file; stdout = file.
"$GMC" vectors wmc --cycles 300 --stim-seed 4 -o "$T/a.vec"
"$GMC" vectors wmc --cycles 300 --stim-seed 4 -o "$T/b.vec"
"$GMC" vectors wmc --cycles 300 --stim-seed 5 -o "$T/c.vec"
"$GMC" vectors wmc --cycles 300 --stim-seed 4 -o - > "$T/d.vec"
cmp -s "$T/a.vec" "$T/b.vec" && ! cmp -s "$T/a.vec" "$T/c.vec" && cmp -s "$T/a.vec" "$T/d.vec" \
  && ok "stim-seed reproduces the file" || notok "stim-seed reproduces the file"

# The committed golden files are what the CLI writes (parameters from the name).
for f in "$(dirname "$0")"/../../vectors/wmc/*.vec; do
  n=$(basename "$f" .vec); set -- $(echo "$n" | tr '_' ' ' | sed 's/[a-z]*\([0-9]*\)/\1/g')
  # The readings' fields _a<SCORE_AT>_m<M_RULE> are optional (0 0 without).
  if [ $# = 11 ]; then at=$9 mr=${10} seed=${11}; else at=0 mr=0 seed=$9; fi
  "$GMC" vectors wmc --sm-bits "$1" --warp-bits "$2" --pc-hash-bits "$3" --pend-bits "$4" --banks "$5" \
    --rows "$6" --score-bits "$7" --pt-bits "$8" --score-at "$at" --m-rule "$mr" --cycles 512 \
    --stim-seed "$seed" -o "$T/g.vec" &&
    cmp -s "$T/g.vec" "$f" && ok "golden $n regenerates" || notok "golden $n regenerates"
done

# Bad inputs: one clear line, exit 2 (usage) or 1 (I/O), nothing half-written.
expect_fail "NB above 64" 2 "gmc vectors: --banks: expected 1\.\.64, found 65" -- \
  "$GMC" vectors wmc --banks 65 -o "$T/x.vec"
expect_fail "SM_BITS 0" 2 "--sm-bits: expected 1\.\.11, found 0" -- "$GMC" vectors wmc --sm-bits 0 -o "$T/x.vec"
expect_fail "SM + WARP bits above 12" 2 "--sm-bits \+ --warp-bits: expected at most 12, found 13" -- \
  "$GMC" vectors wmc --sm-bits 7 --warp-bits 6 -o "$T/x.vec"
expect_fail "PC hash above 16" 2 "--pc-hash-bits: expected 0\.\.16, found 17" -- \
  "$GMC" vectors wmc --pc-hash-bits 17 -o "$T/x.vec"
expect_fail "PEND_BITS 9" 2 "--pend-bits: expected 1\.\.8, found 9" -- "$GMC" vectors wmc --pend-bits 9 -o "$T/x.vec"
expect_fail "SCORE_BITS 0" 2 "--score-bits: expected 1\.\.8, found 0" -- "$GMC" vectors wmc --score-bits 0 -o "$T/x.vec"
expect_fail "ROWS not a power of 2" 2 "--rows: expected a power of 2, found 12" -- \
  "$GMC" vectors wmc --rows 12 -o "$T/x.vec"
expect_fail "PT_BITS not a power of 2" 2 "--pt-bits: expected a power of 2, found 48" -- \
  "$GMC" vectors wmc --pt-bits 48 -o "$T/x.vec"
expect_fail "PT_BITS above 64" 2 "--pt-bits: expected 1\.\.64, found 128" -- \
  "$GMC" vectors wmc --pt-bits 128 -o "$T/x.vec"
expect_fail "not a number" 2 "--cycles: expected a number, found '12x'" -- \
  "$GMC" vectors wmc --cycles 12x -o "$T/x.vec"
expect_fail "zero cycles" 2 "--cycles: expected 1\.\.100000000, found 0" -- \
  "$GMC" vectors wmc --cycles 0 -o "$T/x.vec"
expect_fail "missing -o" 2 "-o FILE is required" -- "$GMC" vectors wmc --banks 4
expect_fail "unknown option" 2 "unknown option '--bank'" -- "$GMC" vectors wmc --bank 4 -o "$T/x.vec"
expect_fail "missing value" 2 "--rows: expected a value" -- "$GMC" vectors wmc --rows
expect_fail "unwritable output" 1 "nodir/x.vec: cannot write" -- \
  "$GMC" vectors wmc -o "$T/nodir/x.vec"
[ ! -e "$T/x.vec" ] && ok "nothing written on bad input" || notok "nothing written on bad input"
"$GMC" vectors wmc --help | grep -q -- '--pc-hash-bits N' && ok "--help" || notok "--help"

finish
