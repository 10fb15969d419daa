#!/usr/bin/env bash
# Outputs, all or none: a command with several outputs (files, and the
# report on stdout) that fails to write one leaves every other output's
# file as it was (gmc sim, gmc mem, gmc entropy; cli_outfile.h); a reader
# that goes away (-o /dev/stdout | head) is a quiet exit 141 for every way
# of writing there; --help into a full disk is an error for every command.
# Every write here goes into $T or /dev/full.  Usage: outputs.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
printf '0 R 0x0\n4 W 0x1000\n8 R 0x2000\n' >"$T/m.trc"
printf '0 0 0x100\n0 1 0x200\n' >"$T/e.trc"
echo file >"$T/afile"
SIM=(sim --workload moa --scale 0.02 --set sms=4)

# all_or_none NAME KEEP... -- CMD...: CMD fails (exit 1, one stderr line)
# and every KEEP file still holds "keep".
all_or_none() {
  local name=$1 keeps=() k; shift
  while [ "$1" != -- ]; do keeps+=("$1"); shift; done; shift
  for k in "${keeps[@]}"; do echo keep >"$k"; done
  "$@" >"$T/out" 2>"$T/err"; local rc=$? bad=
  for k in "${keeps[@]}"; do [ "$(cat "$k")" = keep ] || bad="$bad $(basename "$k")"; done
  if [ $rc = 1 ] && [ -z "$bad" ] && [ "$(wc -l <"$T/err")" = 1 ]; then ok "$name"
  else notok "$name" "rc $rc, replaced:${bad:- none}; stderr: $(head -c 300 "$T/err")"; fi
}
# the same with the command's stdout to a full disk
to_full() { "$@" >/dev/full; }

if [ -w /dev/full ]; then
  for bad in "-o /dev/full" "-o $T/nodir/r.json" "-o $T/afile/r.json"; do
    # shellcheck disable=SC2086
    all_or_none "mem $bad: --per-request's file as it was" "$T/keep.txt" -- \
      "$GMC" mem --trace "$T/m.trc" $bad --per-request "$T/keep.txt"
  done
  all_or_none "mem --per-request /dev/full: -o's file as it was" "$T/keep.json" -- \
    "$GMC" mem --trace "$T/m.trc" --per-request /dev/full -o "$T/keep.json"
  all_or_none "mem > /dev/full: --per-request's file as it was" "$T/keep.txt" -- \
    to_full "$GMC" mem --trace "$T/m.trc" --per-request "$T/keep.txt"

  for bad in "-o /dev/full" "-o $T/nodir/r" "--png /dev/full"; do
    # shellcheck disable=SC2086
    all_or_none "entropy $bad: --csv's and --gen-out's files as they were" "$T/keep.csv" "$T/keep.trc" -- \
      "$GMC" entropy --gen fig2-rm --csv "$T/keep.csv" --gen-out "$T/keep.trc" $bad
  done
  all_or_none "entropy --csv /dev/full: -o's file as it was" "$T/keep.json" -- \
    "$GMC" entropy --trace "$T/e.trc" --bits 12 --csv /dev/full -o "$T/keep.json"
  all_or_none "entropy > /dev/full: --csv's file as it was" "$T/keep.csv" -- \
    to_full "$GMC" entropy --trace "$T/e.trc" --bits 12 --csv "$T/keep.csv"

  all_or_none "sim --csv /dev/full: -o's file as it was" "$T/keep.json" -- \
    "$GMC" "${SIM[@]}" --json -o "$T/keep.json" --csv /dev/full
  all_or_none "sim > /dev/full: --csv's file as it was" "$T/keep.csv" -- \
    to_full "$GMC" "${SIM[@]}" --csv "$T/keep.csv"
else
  echo "# /dev/full not writable here: skipped"
fi

# A reader gone before gmc writes: quiet 141 whether the report goes to
# stdout itself, to -o /dev/stdout or to -o -.  The writer starts only once
# the reader has closed its end, so the write always finds it gone.
closed_pipe() {   # closed_pipe NAME CMD...
  local name=$1; shift
  rm -f "$T/closed"
  { while [ ! -e "$T/closed" ]; do sleep 0.01; done; exec "$@" 2>"$T/err"; } | { exec 0<&-; touch "$T/closed"; }
  local rc=${PIPESTATUS[0]}
  if [ "$rc" = 141 ] && [ ! -s "$T/err" ]; then ok "$name | closed: exit 141, quiet"
  else notok "$name | closed: exit 141, quiet" "rc $rc: $(head -c 300 "$T/err")"; fi
}
for out in "" "-o /dev/stdout" "-o -" "--json" "--json -o /dev/stdout"; do
  # shellcheck disable=SC2086
  closed_pipe "sim $out" "$GMC" "${SIM[@]}" $out
  # shellcheck disable=SC2086
  closed_pipe "mem $out" "$GMC" mem --trace "$T/m.trc" $out
done
closed_pipe "mem --per-request /dev/stdout" "$GMC" mem --trace "$T/m.trc" --per-request /dev/stdout -o "$T/r"
closed_pipe "entropy --csv /dev/stdout" "$GMC" entropy --trace "$T/e.trc" --bits 12 --csv /dev/stdout -o "$T/r"
closed_pipe "entropy -o /dev/stdout" "$GMC" entropy --trace "$T/e.trc" --bits 12 -o /dev/stdout
closed_pipe "bim -o /dev/stdout" "$GMC" bim -o /dev/stdout
closed_pipe "vectors wmc -o /dev/stdout" "$GMC" vectors wmc --cycles 10 -o /dev/stdout

# --help (and the other listings) into a full disk: exit 1 and one line,
# for every command and every way of asking.
if [ -w /dev/full ]; then
  for c in "sim --help" "sim -h" "mem --help" "mem -h" "bim --help" "entropy --help" "overhead --help" \
           "overhead warped-mc --help" "vectors --help" "vectors bim --help" "block --help" \
           "sweep --help" "sweep run --help" "experiment --help" "sim --machine-keys" \
           "sim --workload-info" "sim --machine list" "sim --workload list" "help" "--help"; do
    # shellcheck disable=SC2086
    "$GMC" $c >/dev/full 2>"$T/err"; rc=$?
    if [ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q 'writing standard output: ' "$T/err"
    then ok "gmc $c > /dev/full: one line, exit 1"
    else notok "gmc $c > /dev/full: one line, exit 1" "rc $rc: $(cat "$T/err")"; fi
  done
fi
finish
