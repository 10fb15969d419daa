#!/usr/bin/env bash
# An interrupted command leaves no FILE.tmp.XXXXXX behind: every output is
# written to a temporary file first (model/cli/cli_outfile.c), and SIGTERM
# or SIGINT removes the uncommitted ones before the process dies of the
# signal.  Each case starts a long write, waits for its temporary file,
# interrupts it, and checks: killed by the signal, no temporary file, no
# half-written output.  Usage: interrupt.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"

# interrupted NAME SIGNAL OUT -- CMD...: CMD writes OUT
interrupted() {
  local name=$1 sig=$2 out=$3; shift 4
  rm -f "$out" "$out".tmp.*
  # a background job may start with SIGINT ignored (no job control, nohup),
  # which the shell cannot undo ("trap - INT" keeps a signal ignored at
  # entry) and gmc keeps, as documented: start it with the default action
  python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@" >/dev/null 2>&1 &
  local p=$! k=0
  while ! ls "$out".tmp.* >/dev/null 2>&1 && [ $k -lt 100 ]; do sleep 0.05; k=$((k + 1)); done
  if ! ls "$out".tmp.* >/dev/null 2>&1; then
    kill -KILL $p 2>/dev/null; wait $p 2>/dev/null
    notok "$name: interrupted by SIG$sig" "its temporary file never appeared"
    return
  fi
  kill -"$sig" $p; wait $p; local rc=$?
  local left; left=$(ls "$out"* 2>/dev/null)
  if [ $rc -ge 128 ] && [ -z "$left" ]; then
    ok "$name: SIG$sig leaves nothing behind (exit $rc)"
  else
    notok "$name: SIG$sig leaves nothing behind" "exit $rc, left: $left"
  fi
}

interrupted "gmc vectors wmc" TERM "$T/w.vec" -- "$GMC" vectors wmc --cycles 100000000 -o "$T/w.vec"
interrupted "gmc vectors wmc" INT "$T/w.vec" -- "$GMC" vectors wmc --cycles 100000000 -o "$T/w.vec"
interrupted "gmc block vectors" TERM "$T/b.vec" -- "$GMC" block vectors bankarb nb16_tl1 --cycles 100000000 -o "$T/b.vec"
# a reader waiting on its input: a FIFO this shell holds open (no EOF)
mkfifo "$T/fifo"
exec 7<>"$T/fifo"
for sig in INT TERM; do
  printf '0 R 0x100\n1 R 0x200\n' >&7   # a first record: gmc mem reads one before it opens its outputs
  interrupted "gmc mem --per-request" $sig "$T/pr.txt" -- "$GMC" mem --trace "$T/fifo" --per-request "$T/pr.txt"
done
interrupted "gmc entropy --csv" INT "$T/e.csv" -- "$GMC" entropy --trace "$T/fifo" --bits 12 --csv "$T/e.csv"
exec 7>&-
finish
