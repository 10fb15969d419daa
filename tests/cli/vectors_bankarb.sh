#!/usr/bin/env bash
# End-to-end tests of `gmc vectors bankarb`.  Usage: vectors_bankarb.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Header and one line per cycle, fields as the port list says.
if "$GMC" vectors bankarb --banks 5 --two-level 0 --cycles 40 --stim-seed 9 -o "$T/v.vec" &&
   head -7 "$T/v.vec" | diff - <(printf '%s\n' '# gmc-vectors 1' '# block bankarb' '# param NB 5' \
     '# param TWO_LEVEL 0' '# stim-seed 9' '# cycles 40' \
     '# ports rst_ni:1:in en_i:1:in req_i:5:in hi_i:5:in gnt_o:5:out gnt_hi_o:1:out gnt_idx_o:3:out valid_o:1:out') >/dev/null &&
   [ "$(grep -vc '^#' "$T/v.vec")" = 40 ] &&
   awk '!/^#/ && NF != 8 { exit 1 }' "$T/v.vec"
then ok "header, 40 lines of 8 fields"; else notok "header, 40 lines of 8 fields" "$(head -9 "$T/v.vec")"; fi

# Same seed, same file; another seed, another file; stdout = file.
"$GMC" vectors bankarb --banks 16 --cycles 300 --stim-seed 4 -o "$T/a.vec"
"$GMC" vectors bankarb --banks 16 --cycles 300 --stim-seed 4 -o "$T/b.vec"
"$GMC" vectors bankarb --banks 16 --cycles 300 --stim-seed 5 -o "$T/c.vec"
"$GMC" vectors bankarb --banks 16 --cycles 300 --stim-seed 4 -o - > "$T/d.vec"
cmp -s "$T/a.vec" "$T/b.vec" && ! cmp -s "$T/a.vec" "$T/c.vec" && cmp -s "$T/a.vec" "$T/d.vec" \
  && ok "stim-seed reproduces the file" || notok "stim-seed reproduces the file"

# The committed golden files are what the CLI writes.
for f in "$(dirname "$0")"/../../vectors/bankarb/*.vec; do
  n=$(basename "$f" .vec); nb=${n%%_*}; nb=${nb#nb}; tl=${n#*_tl}; tl=${tl%%_*}
  "$GMC" vectors bankarb --banks "$nb" --two-level "$tl" --cycles 512 --stim-seed 1 -o "$T/g.vec" &&
    cmp -s "$T/g.vec" "$f" && ok "golden $n regenerates" || notok "golden $n regenerates"
done

# Bad inputs: one clear line, exit 2 (usage) or 1 (I/O), nothing half-written.
expect_fail "NB above 64" 2 "gmc vectors: --banks: expected 1\.\.64, found 65" -- \
  "$GMC" vectors bankarb --banks 65 -o "$T/x.vec"
expect_fail "NB 0" 2 "--banks: expected 1\.\.64, found 0" -- "$GMC" vectors bankarb --banks 0 -o "$T/x.vec"
expect_fail "TWO_LEVEL 2" 2 "--two-level: expected 0 or 1, found 2" -- \
  "$GMC" vectors bankarb --two-level 2 -o "$T/x.vec"
expect_fail "not a number" 2 "--cycles: expected a number, found '12x'" -- \
  "$GMC" vectors bankarb --cycles 12x -o "$T/x.vec"
expect_fail "zero cycles" 2 "--cycles: expected 1\.\.100000000, found 0" -- \
  "$GMC" vectors bankarb --cycles 0 -o "$T/x.vec"
expect_fail "missing -o" 2 "-o FILE is required" -- "$GMC" vectors bankarb --banks 4
expect_fail "unknown option" 2 "unknown option '--bank'" -- "$GMC" vectors bankarb --bank 4 -o "$T/x.vec"
expect_fail "missing value" 2 "--banks: expected a value" -- "$GMC" vectors bankarb --banks
expect_fail "unwritable output" 1 "nodir/x.vec: cannot write" -- \
  "$GMC" vectors bankarb -o "$T/nodir/x.vec"
[ ! -e "$T/x.vec" ] && ok "nothing written on bad input" || notok "nothing written on bad input"
"$GMC" vectors bankarb --help | grep -q -- '--two-level 0|1' && ok "--help" || notok "--help"

finish
