#!/usr/bin/env bash
# Inputs users bring to `gmc sim` and `gmc mem`: files that are not regular
# files (a FIFO blocks a plain open for ever), empty kernel lists, real
# traces' register counts, implausible runs, addresses above the map.
# Usage: inputs.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
AS="$(dirname "$0")/../data/accelsim"
# every command here is bounded: a gmc that waited on a FIFO fails the case
TO="timeout 10"

# ---- not a regular file: refused at once, one line, exit 1 ---------------
mkfifo "$T/fifo"
mkdir -p "$T/list-fifo" "$T/kernel-fifo" "$T/xz-fifo"
mkfifo "$T/list-fifo/kernelslist.g"
echo kernel-1.traceg >"$T/kernel-fifo/kernelslist.g"; mkfifo "$T/kernel-fifo/kernel-1.traceg"
echo kernel-1.traceg.xz >"$T/xz-fifo/kernelslist.g"; mkfifo "$T/xz-fifo/kernel-1.traceg.xz"
S=(--workload stream --set sms=4 --scale 0.01)
expect_fail "sim: kernelslist.g a FIFO" 1 "^gmc sim: $T/list-fifo/kernelslist\.g: expected a readable kernel list, found a FIFO$" -- \
  $TO "$GMC" sim --traces "$T/list-fifo"
expect_fail "sim: a listed .traceg a FIFO" 1 "^gmc sim: $T/kernel-fifo/kernelslist\.g:1: expected a readable trace file, found 'kernel-1\.traceg' \(a FIFO\)$" -- \
  $TO "$GMC" sim --traces "$T/kernel-fifo"
expect_fail "sim: a listed .traceg.xz a FIFO" 1 "^gmc sim: $T/xz-fifo/kernelslist\.g:1: expected a readable trace file, found 'kernel-1\.traceg\.xz' \(a FIFO\)$" -- \
  $TO "$GMC" sim --traces "$T/xz-fifo"
expect_fail "sim: --machine FILE a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --machine "$T/fifo"
expect_fail "sim: --machine NAME (no / or .) a FIFO" 1 "^gmc sim: fifo: is a FIFO, expected a regular file$" -- \
  env -C "$T" $TO "$GMC" sim "${S[@]}" --machine fifo
expect_fail "sim: --map-file a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --map-file "$T/fifo"
expect_fail "sim: --matrix a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --matrix "$T/fifo"
printf '0 R 0x0\n' >"$T/one.trc"
expect_fail "mem: --trace a FIFO" 1 "^gmc mem: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/fifo"
expect_fail "mem: --trace a character device" 1 "^gmc mem: /dev/null: is a character device, expected a regular file$" -- \
  $TO "$GMC" mem --trace /dev/null
expect_fail "mem: --dram-cfg a FIFO" 1 "^gmc mem: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/fifo"
expect_fail "mem: --channel-dram a FIFO" 1 "^gmc mem: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/one.trc" --channel-dram "0=$T/fifo"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/sock"
expect_fail "mem: --trace a socket" 1 "^gmc mem: $T/sock: is a socket, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/sock"
# a pipe is still read as standard input
printf '0 R 0x0\n5 R 0x40\n' | $TO "$GMC" mem --trace - --json >"$T/pipe.json" 2>/dev/null \
  && grep -q '"requests": 2' "$T/pipe.json" && ok "mem: --trace - reads a pipe" || notok "mem: --trace - reads a pipe"

# ---- a kernel list naming no kernel: an error, not a run of nothing -----
mkdir -p "$T/l0" "$T/l1" "$T/l2"
: >"$T/l0/kernelslist.g"
printf '\n\n' >"$T/l1/kernelslist.g"
printf 'MemcpyHtoD,0x00007f0000000000,64\n\nMemcpyHtoD,0x00007f0000100000,64\n' >"$T/l2/kernelslist.g"
expect_fail "sim: an empty kernelslist.g" 1 "^gmc sim: $T/l0/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found an empty file$" -- \
  "$GMC" sim --traces "$T/l0"
expect_fail "sim: a kernelslist.g of blank lines" 1 "^gmc sim: $T/l1/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found only blank lines$" -- \
  "$GMC" sim --traces "$T/l1"
expect_fail "sim: a kernelslist.g of MemcpyHtoD lines only" 1 "^gmc sim: $T/l2/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found none in 3 lines \(2 of them not kernels, such as MemcpyHtoD\)$" -- \
  "$GMC" sim --traces "$T/l2"
expect_fail "sim --check: an empty kernelslist.g" 1 "^gmc sim: $T/l0/kernelslist\.g: expected a line naming a kernel trace" -- \
  "$GMC" sim --traces "$T/l0" --check

finish
