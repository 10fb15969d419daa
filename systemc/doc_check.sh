#!/usr/bin/env bash
# docs/systemc.md's example: the fenced block after the line
# "<!-- listing: FILE -->" must be FILE byte for byte, and the block after
# "<!-- output: PROGRAM -->" what the program prints (SystemC's banner off).
# Usage: doc_check.sh DOC FILE PROGRAM
set -u
doc=$1 file=$2 prog=$3
block() {   # the fenced block after the marker line $1
  awk -v m="$1" 'index($0, m) == 1 { on = 1; next } on && /^```/ { if (in_) exit; in_ = 1; next } in_ { print }' "$doc"
}
p=0 f=0
tmp=$(mktemp)
if diff <(block "<!-- listing: $file -->") "$file" >"$tmp" 2>&1 && [ -s "$file" ]; then
  echo "ok - $doc shows $file as it is"; p=$((p + 1))
else
  echo "not ok - $doc's listing differs from $file:"; cat "$tmp"; f=$((f + 1))
fi
out=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$prog" 2>&1); rc=$?
if [ $rc = 0 ] && diff <(block "<!-- output: $(basename "$prog") -->") <(echo "$out") >"$tmp" 2>&1; then
  echo "ok - $(basename "$prog") prints what $doc shows"; p=$((p + 1))
else
  echo "not ok - $(basename "$prog") (exit $rc) prints other than $doc shows:"; cat "$tmp"; f=$((f + 1))
fi
rm -f "$tmp"
echo "$p passed, $f failed (docs/systemc.md example)"
[ $f = 0 ]
