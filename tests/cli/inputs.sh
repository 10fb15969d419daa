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
jcheck() {   # jcheck FILE PYTHON-EXPR-ON-j: the expression holds
  python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}

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

# ---- -nregs above what a SASS thread has: a tracer artifact, run with 255 --
# (tests/data/accelsim/regs says 21955, as a real PyTorch trace of Accel-Sim's
# repository does; copies here say other counts)
regs_copy() {   # regs_copy DIR SED-EXPR: the regs trace with its header edited
  mkdir -p "$1" && cp "$AS/regs/kernelslist.g" "$1/" && sed "$2" "$AS/regs/kernel-3.traceg" >"$1/kernel-3.traceg"
}
W="^gmc sim: warning: $AS/regs/kernel-3\.traceg: kernel _Z9pow_floatPfS_i: -nregs = 21955 is more than the 255 registers a SASS thread has \(an NVBit tracer artifact\): it runs with 255 registers per thread$"
if "$GMC" sim --traces "$AS/regs" --set sms=4 --json >"$T/r.json" 2>"$T/err" \
   && [ "$(wc -l <"$T/err")" = 1 ] && grep -Eq "$W" "$T/err" \
   && jcheck "$T/r.json" "j['nregs_clamped'] == {'kernels': 1, 'regs_per_thread': 255, 'first': [{'file': '$AS/regs/kernel-3.traceg', 'kernel': '_Z9pow_floatPfS_i', 'nregs': 21955}]} and j['kernels_over_limits'] == 0 and j['instructions'] == 96 and j['ctas'] == 6"
then ok "regs: -nregs 21955 runs with 255 by default, one warning, the report says so"
else notok "regs: -nregs 21955 runs with 255 by default" "$(cat "$T/err")"; fi
regs_copy "$T/r255" 's/^-nregs = 21955$/-nregs = 255/'
if "$GMC" sim --traces "$T/r255" --set sms=4 --json >"$T/r255.json" 2>"$T/err" && [ ! -s "$T/err" ] \
   && jcheck "$T/r255.json" "j['nregs_clamped']['kernels'] == 0 and j['nregs_clamped']['first'] == []" \
   && python3 - "$T/r.json" "$T/r255.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for j in (a, b):
    del j["nregs_clamped"], j["traces"]
sys.exit(0 if a == b else 1)
PY
then ok "regs: -nregs 255 is no artifact (no warning), and 21955 runs as 255 does"
else notok "regs: -nregs 255 is no artifact, and 21955 runs as 255 does" "$(cat "$T/err")"; fi
regs_copy "$T/r256" 's/^-nregs = 21955$/-nregs = 256/'
"$GMC" sim --traces "$T/r256" --set sms=4 --json >"$T/r256.json" 2>"$T/err" \
  && grep -q -- "-nregs = 256 is more than the 255 registers" "$T/err" && jcheck "$T/r256.json" "j['nregs_clamped']['kernels'] == 1" \
  && ok "regs: -nregs 256 is one over: clamped" || notok "regs: -nregs 256 is one over: clamped" "$(cat "$T/err")"
# ignore_limits still covers a CTA over an SM's registers (within 255 a
# thread) or shared memory: an error naming it, then one such CTA per SM
regs_copy "$T/rblk" 's/^-nregs = 21955$/-nregs = 128/; s/^-block dim = (64,1,1)$/-block dim = (1024,1,1)/'
regs_copy "$T/rsmem" 's/^-nregs = 21955$/-nregs = 32/; s/^-shmem = 1$/-shmem = 70000/'
for c in rblk rsmem; do
  expect_fail "$c: a CTA over the SM's registers or shared memory names ignore_limits" 1 "^gmc sim: $T/$c/kernel-3\.traceg: kernel _Z9pow_floatPfS_i: a CTA .* fits no SM .*; --set ignore_limits=1 runs one CTA per SM anyway$" -- \
    "$GMC" sim --traces "$T/$c" --set sms=4
  "$GMC" sim --traces "$T/$c" --set sms=4 --set ignore_limits=1 --json >"$T/c.json" 2>"$T/err" \
    && jcheck "$T/c.json" "j['kernels_over_limits'] == 1 and j['ctas'] == 6" \
    && grep -q '^gmc sim: note: 1 kernel(s) needed more registers .*ran one CTA per SM (ignore_limits)$' "$T/err" \
    && ok "$c: ignore_limits=1 runs it one CTA per SM, kernels_over_limits 1" || notok "$c: ignore_limits=1 runs it" "$(cat "$T/err")"
done

finish
