#!/usr/bin/env bash
# Output and input errors of every command: a full disk (/dev/full) is one
# error line and exit 1, a closed pipe a quiet exit 141, a directory given
# as an input file one consistent message; gmc --version; conflicting
# options.  Usage: io_errors.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
echo "0 R 0x0" >"$T/one"
printf '0 0 0x100\n0 1 0x200\n' >"$T/e.trc"
"$GMC" vectors bankarb --banks 4 --cycles 10 -o "$T/arb.vec"

# stdout to a full disk: every command.
if [ -w /dev/full ]; then
  # (stdout of expect_fail's command goes to a file; these run by hand)
  for c in "bim" "bim --json" "overhead warped-mc" "overhead frfcfs --json" \
           "mem --trace $T/one --preset gddr5-hynix" "entropy --trace $T/e.trc --bits 12" \
           "vectors bim --cycles 10 -o -" "vectors bankarb --cycles 10 -o -" "vectors wmc --cycles 10 -o -" \
           "block list" "block flags bankarb nb16_tl1 verilator" "block check bankarb nb4_tl1 $T/arb.vec" \
           "help" "--version" "sim --workload moa --scale 0.01" "sim --machine-keys" "experiment --list" \
           $(for c in $("$GMC" help | awk '/^commands:/ { on = 1; next } on && NF && $1 != "help" && $1 !~ /^-/ { print $1 }'); do
               echo "$c--help"; done); do
    c=${c/--help/ --help}
    # shellcheck disable=SC2086
    "$GMC" $c >/dev/full 2>"$T/err"; rc=$?
    if [ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q 'writing standard output: No space left on device' "$T/err"
    then ok "gmc $c > /dev/full: one line, exit 1"
    else notok "gmc $c > /dev/full: one line, exit 1" "rc $rc: $(cat "$T/err")"; fi
  done
  for c in "bim -o /dev/full" "mem --trace $T/one --preset gddr5-hynix -o /dev/full" \
           "vectors wmc --cycles 10 -o /dev/full" "entropy --trace $T/e.trc --bits 12 -o /dev/full"; do
    # shellcheck disable=SC2086
    "$GMC" $c 2>"$T/err"; rc=$?
    if [ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q '/dev/full: cannot write: No space left on device' "$T/err"
    then ok "gmc $c: one line, exit 1"; else notok "gmc $c: one line, exit 1" "rc $rc: $(cat "$T/err")"; fi
  done
else
  echo "# /dev/full not writable here: skipped"
fi

# A closed pipe: quiet exit 141 (128 + SIGPIPE), no message, no temp file left.
for c in "vectors bim --cycles 20000 -o -" "mem --trace $T/big --preset gddr5-hynix --per-request -"; do
  for i in $(seq 0 3000); do echo "$((i * 4)) R 0x$(printf %x $((i * 64)))"; done >"$T/big"
  # shellcheck disable=SC2086
  TMPDIR="$T/tmpd" bash -c 'mkdir -p "$TMPDIR"; "$0" "$@" 2>"'"$T"'/err" | head -1 >/dev/null; echo ${PIPESTATUS[0]}' "$GMC" $c >"$T/rc"
  if [ "$(cat "$T/rc")" = 141 ] && [ ! -s "$T/err" ] && [ -z "$(ls "$T/tmpd")" ]
  then ok "gmc $c | head -1: exit 141, quiet, no temp file"
  else notok "gmc $c | head -1: exit 141, quiet, no temp file" "rc $(cat "$T/rc"): $(cat "$T/err") $(ls "$T/tmpd")"; fi
done

# A directory as an input file: the same message everywhere.
mkdir -p "$T/dir"
msg="dir: is a directory, expected a regular file"
expect_fail "mem --trace DIR" 1 "$msg" -- "$GMC" mem --trace "$T/dir"
expect_fail "mem --dram-cfg DIR" 1 "$msg" -- "$GMC" mem --trace "$T/one" --dram-cfg "$T/dir"
expect_fail "mem --map-file DIR" 1 "$msg" -- "$GMC" mem --trace "$T/one" --map-file "$T/dir"
expect_fail "bim --map-file DIR" 1 "$msg" -- "$GMC" bim --map-file "$T/dir"
expect_fail "bim --matrix DIR" 1 "$msg" -- "$GMC" bim --matrix "$T/dir"
expect_fail "vectors bim --matrix DIR" 1 "$msg" -- "$GMC" vectors bim --matrix "$T/dir" -o "$T/v"
expect_fail "entropy --trace DIR" 1 "$msg" -- "$GMC" entropy --trace "$T/dir"
expect_fail "block check DIR" 1 "$msg" -- "$GMC" block check bankarb nb4_tl1 "$T/dir"
# --machine DIR is Accel-Sim's config folder: without its gpgpusim.config, a usage error
expect_fail "sim --machine DIR without gpgpusim.config" 2 \
  "expected a directory holding gpgpusim.config \(and trace.config\), found no $T/dir/gpgpusim.config" \
  -- "$GMC" sim --machine "$T/dir" --workload moa
expect_fail "sim --map-file DIR" 1 "$msg" -- "$GMC" sim --workload moa --map-file "$T/dir"
expect_fail "sweep run DIR" 1 "$msg" -- "$GMC" sweep run "$T/dir" -o "$T/sw"
# inside an Accel-Sim trace directory: the list, or the line naming the kernel file (docs/cli.md)
mkdir -p "$T/tr/kernelslist.g" "$T/tk/kernel-1.traceg"
expect_fail "sim --traces: kernelslist.g a directory" 1 \
  "tr/kernelslist.g: expected a readable kernel list, found a directory" -- "$GMC" sim --traces "$T/tr"
echo kernel-1.traceg >"$T/tk/kernelslist.g"
expect_fail "sim --traces: a kernel file a directory" 1 \
  "tk/kernelslist.g:1: expected a readable trace file, found 'kernel-1.traceg' \(a directory\)" -- "$GMC" sim --traces "$T/tk"

# --version: gmc and a version.
"$GMC" --version | grep -Eq '^gmc [0-9]+\.[0-9]+\.[0-9]+' && ok "gmc --version" || notok "gmc --version" "$("$GMC" --version)"

# gmc mem -o FILE: the report there, atomically; nothing on a failed run.
"$GMC" mem --trace "$T/one" --json -o "$T/r.json" >"$T/stdout" 2>/dev/null && [ ! -s "$T/stdout" ] \
  && grep -q '"requests": 1' "$T/r.json" && ok "mem -o FILE" || notok "mem -o FILE"
printf '0 X 0x0\n' >"$T/bad.trc"
"$GMC" mem --trace "$T/bad.trc" -o "$T/r2.json" 2>/dev/null; [ ! -e "$T/r2.json" ] && [ -z "$(ls "$T" | grep r2.json)" ] \
  && ok "mem -o: nothing written on error" || notok "mem -o: nothing written on error"

# Conflicting or impossible options.
expect_fail "--channels above the device's" 2 "--channels: expected 1..16 \(the channels of gddr6-rtx2060s\), found 17" -- \
  "$GMC" mem --trace "$T/one" --channels 17
expect_fail "--channels 0" 2 "--channels: expected 1..4096, found 0" -- "$GMC" mem --trace "$T/one" --channels 0
expect_fail "bad --module name" 2 "--module: expected a Verilog identifier .*found '9-bad'" -- \
  "$GMC" bim --emit-verilog --module 9-bad

# The device's warnings on stderr, not in the report.
"$GMC" mem --trace "$T/one" >"$T/out" 2>"$T/err"
grep -q '^preset gddr6-rtx2060s:22: warning: tRC = 62' "$T/err" && ! grep -q warning "$T/out" \
  && ok "preset warning on stderr only" || notok "preset warning on stderr only"

# divfirst / warped-mc without warp ids: said once.
for s in divfirst:bfifo warped-mc:frfcfs; do
  "$GMC" mem --trace "$T/big" --sched "${s%%:*}" >/dev/null 2>"$T/err"
  [ "$(grep -c 'carry no warp ids' "$T/err")" = 1 ] && grep -q "orders those as ${s##*:} does (the whole run)" "$T/err" \
    && ok "${s%%:*} without warp ids: one note" || notok "${s%%:*} without warp ids: one note" "$(cat "$T/err")"
done
"$GMC" mem --trace "$T/big" --sched frfcfs --preset gddr5-hynix >/dev/null 2>"$T/err"
[ ! -s "$T/err" ] && ok "frfcfs: no note" || notok "frfcfs: no note" "$(cat "$T/err")"

# Trace lines: gmc mem documents its 4096-byte cap with a clear error; gmc entropy reads any length.
{ printf '0 R 0x0 # '; head -c 5000 /dev/zero | tr '\0' x; printf '\n'; } >"$T/long.trc"
expect_fail "mem: a line over 4096 bytes" 1 "long.trc:1: expected a line of at most 4096 bytes" -- "$GMC" mem --trace "$T/long.trc"
{ printf '0 0 0x100 # '; head -c 100000 /dev/zero | tr '\0' x; printf '\n0 1 0x200\n'; } >"$T/long.e"
"$GMC" entropy --trace "$T/long.e" --bits 12 >/dev/null 2>&1 && ok "entropy: a 100 kB line" || notok "entropy: a 100 kB line"
finish
