#!/usr/bin/env bash
# End-to-end tests of `gmc bim` and `gmc vectors`.  Usage: bim.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# The acceptance interface: width + rows[i] hex masks, every preset x scheme.
for p in gddr5-hynix gddr6-rtx2060s; do
  for s in base pm rmp pae fae all; do
    if "$GMC" bim --preset $p --scheme $s --seed 7 --json >"$T/j" 2>"$T/e" &&
       python3 - "$T/j" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
w = j["width"]; rows = [int(r, 16) for r in j["rows"]]
assert len(rows) == w and all(0 < r < (1 << w) for r in rows)
# invertible: Gaussian elimination over GF(2)
basis = {}
for r in rows:
    while r:
        top = r.bit_length() - 1
        if top not in basis: basis[top] = r; break
        r ^= basis[top]
    else: raise SystemExit("singular")
PY
    then ok "json $p $s: width, rows, invertible"; else notok "json $p $s" "$(cat "$T/e")"; fi
  done
done

# Same seed, same bits; different seed, different matrix.
a=$("$GMC" bim --scheme pae --seed 7 --json); b=$("$GMC" bim --scheme pae --seed 7 --json)
c=$("$GMC" bim --scheme pae --seed 8 --json)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && ok "seed reproduces the matrix" || notok "seed reproduces the matrix"

# map then unmap returns the address; decode prints fields.
out=$("$GMC" bim --scheme fae --seed 3 --addr 0x2345678)
m=$(echo "$out" | awk '{print $4}')
back=$("$GMC" bim --scheme fae --seed 3 --unmap "$m" | awk '{print $4}')
[ "$back" = "0x2345678" ] && echo "$out" | grep -q 'ch [0-3] bank' && ok "map/unmap round trip" \
  || notok "map/unmap round trip" "$out / $back"

# Matrix file round trip: --emit-matrix, then --matrix gives the same rows.
"$GMC" bim --scheme all --seed 5 --emit-matrix -o "$T/m.txt"
r1=$("$GMC" bim --scheme all --seed 5 --json | grep '"rows"')
r2=$("$GMC" bim --matrix "$T/m.txt" --json | grep '"rows"')
[ -n "$r1" ] && [ "$r1" = "$r2" ] && ok "matrix file round trip" || notok "matrix file round trip"

# Cost JSON has the fields synth compares against.
"$GMC" bim --scheme base --cost --json | grep -q '"total_xors": 0' && \
  "$GMC" bim --scheme pm --cost --json | grep -q '"total_xors": 6' && ok "cost: base 0 XORs, pm 6" \
  || notok "cost: base 0 XORs, pm 6"

# Bad inputs: one clear line, file and line, non-zero exit.
{ echo "width 30"; for i in $(seq 0 29); do printf '0x%x\n' $((1 << i)); done; } >"$T/good.txt"
sed '14s/.*/0x00000800/' "$T/good.txt" >"$T/singular.txt"     # row 12 duplicates row 11
expect_fail "singular matrix names file and line" 1 "singular.txt:14: expected an invertible matrix, found row 12" -- \
  "$GMC" bim --matrix "$T/singular.txt"
head -n 10 "$T/good.txt" >"$T/trunc.txt"
expect_fail "truncated matrix file" 1 "trunc.txt:11: expected 30 rows, found 9" -- "$GMC" bim --matrix "$T/trunc.txt"
sed '5s/.*/0xZZ/' "$T/good.txt" >"$T/garbage.txt"
expect_fail "garbage row" 1 "garbage.txt:5: expected a hex row mask" -- "$GMC" bim --matrix "$T/garbage.txt"
MOD="Row[28:14] Bank[13:10] Ch%24@8 Col[9:5] Block[4:0]"
expect_fail "a scheme on a map with a channel modulo" 1 "scheme pae needs a map of address bits, found a channel modulo 24" -- \
  "$GMC" bim --map "$MOD" --scheme pae
"$GMC" bim --map "$MOD" >"$T/mod.txt" 2>&1 && "$GMC" bim --map "$MOD" --addr 0x1720 >>"$T/mod.txt" 2>&1 && grep -q '^map: Row\[28:14\] Bank\[13:10\] Ch%24@8 Col\[9:5\] Block\[4:0\]$' "$T/mod.txt" \
  && grep -q 'ch 23 bank 0 row 0 col 1 block 0' "$T/mod.txt" && grep -q '^33 hi\[25\]' "$T/mod.txt" \
  && ok "a channel modulo: decoded, the bits above it labelled hi[]" || notok "a channel modulo: decoded" "$(cat "$T/mod.txt")"
sed '1s/.*/width 31/' "$T/good.txt" >"$T/w31.txt"
expect_fail "matrix wider than map" 1 "expected 31 rows|expected width 30" -- "$GMC" bim --matrix "$T/w31.txt"
printf 'width 30\n0x1\n0x40000000\n' >"$T/wide.txt"
expect_fail "row above width" 1 "wide.txt:3: expected a mask below bit 30" -- "$GMC" bim --matrix "$T/wide.txt"
printf '\x00\x01binary' >"$T/bin.txt"
expect_fail "binary matrix file" 1 "bin.txt:1: expected text, found byte 0x00 at column 1" -- "$GMC" bim --matrix "$T/bin.txt"
expect_fail "missing matrix file" 1 "nope.txt: cannot open: No such file" -- "$GMC" bim --matrix "$T/nope.txt"
printf 'Row[29:18] Bank[17:15]\nCol[14:11] Bank[10] Ch[9:7] Col[7:6] Block[5:0]\n' >"$T/overlap.map"
expect_fail "overlapping map" 1 "overlap.map:2: expected each address bit once, found bit 7" -- \
  "$GMC" bim --map-file "$T/overlap.map"
printf 'Row[29:18]\n# comment\nBnak[17:0]\n' >"$T/typo.map"
expect_fail "misspelt field" 1 "typo.map:3: expected a field name .* found 'Bnak" -- "$GMC" bim --map-file "$T/typo.map"
expect_fail "unknown scheme" 2 "expected base, pm, rmp, pae, fae or all, found 'xyz'" -- "$GMC" bim --scheme xyz
expect_fail "unknown preset" 2 "unknown preset 'ddr9'" -- "$GMC" bim --preset ddr9
expect_fail "address above width" 2 "expected an address below 2\^30" -- "$GMC" bim --addr 0x40000000
expect_fail "bad seed" 2 "--seed: expected a non-negative integer" -- "$GMC" bim --seed -3
expect_fail "unknown option" 2 "unknown option" -- "$GMC" bim --frobnicate
expect_fail "vectors into a missing directory" 1 "cannot write" -- \
  "$GMC" vectors bim --cycles 10 -o "$T/no/such/dir/x.vec"
[ -z "$(ls "$T/no" 2>/dev/null)" ] && ok "nothing half-written" || notok "nothing half-written"

# Vectors: header describes the block; one line per cycle.
"$GMC" vectors bim --preset gddr6-rtx2060s --scheme pae --seed 7 --reg-out 1 --cycles 50 -o "$T/v.vec"
grep -q '^# ports rst_ni:1:in valid_i:1:in addr_i:33:in valid_o:1:out addr_o:33:out$' "$T/v.vec" &&
  [ "$(grep -vc '^#' "$T/v.vec")" = 50 ] && ok "vector header and cycle count" || notok "vector header and cycle count"

"$GMC" bim --help | grep -q -- '--emit-verilog' && "$GMC" help | grep -q entropy && ok "help texts" || notok "help texts"
finish
