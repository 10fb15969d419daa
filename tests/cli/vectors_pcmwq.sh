#!/usr/bin/env bash
# End-to-end tests of `gmc vectors pcmwq`.  Usage: vectors_pcmwq.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Header and one line per cycle, fields as the port list says.
if "$GMC" vectors pcmwq --entries 3 --high 3 --low 1 --intr 2 --max-intr 2 --cycles 40 --stim-seed 9 \
     -o "$T/v.vec" &&
   head -12 "$T/v.vec" | diff - <(printf '%s\n' '# gmc-vectors 1' '# block pcmwq' '# param ENTRIES 3' \
     '# param ADDR_BITS 12' '# param VER_BITS 8' '# param HIGH_WM 3' '# param LOW_WM 1' '# param INTR_MODE 2' \
     '# param MAX_INTR 2' '# stim-seed 9' '# cycles 40' \
     '# ports rst_ni:1:in wr_valid_i:1:in wr_addr_i:12:in wr_ver_i:8:in rd_valid_i:1:in rd_addr_i:12:in dev_rdy_i:1:in dev_idle_i:1:in intr_ok_i:1:in done_i:1:in wr_acc_o:1:out wr_coal_o:1:out rd_hit_o:1:out rd_ver_o:8:out drq_o:1:out drq_resume_o:1:out drq_addr_o:12:out drq_ver_o:8:out busy_o:1:out intr_o:1:out occ_o:2:out dmode_o:1:out') >/dev/null &&
   [ "$(grep -vc '^#' "$T/v.vec")" = 40 ] &&
   awk '!/^#/ && NF != 22 { exit 1 }' "$T/v.vec"
then ok "header, 40 lines of 22 fields"; else notok "header, 40 lines of 22 fields" "$(head -13 "$T/v.vec")"; fi

# The options spell the configuration name: the same bytes as `gmc block vectors`.
"$GMC" vectors pcmwq --entries 3 --high 3 --low 1 --intr 2 --max-intr 2 --cycles 40 --stim-seed 9 -o "$T/a.vec"
"$GMC" block vectors pcmwq n3_a12_v8_h3_l1_i2_k2 --cycles 40 --stim-seed 9 -o "$T/b.vec"
cmp -s "$T/a.vec" "$T/b.vec" && ok "options = configuration name" || notok "options = configuration name"

# The committed golden files are what the CLI writes, and the reader replays them.
for f in "$(dirname "$0")"/../../vectors/pcmwq/*.vec; do
  n=$(basename "$f" .vec); set -- $(echo "${n%_s1}" | tr '_' '\n' | sed 's/^[a-z]*//')
  "$GMC" vectors pcmwq --entries "$1" --addr-bits "$2" --ver-bits "$3" --high "$4" --low "$5" --intr "$6" \
    --max-intr "$7" --cycles 512 --stim-seed 1 -o "$T/g.vec" &&
    cmp -s "$T/g.vec" "$f" && ok "golden $n regenerates" || notok "golden $n regenerates"
  "$GMC" block check pcmwq "${n%_s1}" "$f" | grep -q "512 cycles, every output matches" \
    && ok "reader replays $n" || notok "reader replays $n"
done

# Bad inputs: one clear line, exit 2 (usage) or 1 (a configuration the
# parameters' cross-limits refuse), nothing half-written.
expect_fail "intr 3" 2 "^gmc vectors: --intr: expected 0\.\.2, found 3$" -- "$GMC" vectors pcmwq --intr 3 -o "$T/x.vec"
expect_fail "65 entries" 2 "--entries: expected 1\.\.64, found 65" -- "$GMC" vectors pcmwq --entries 65 -o "$T/x.vec"
expect_fail "49 address bits" 2 "--addr-bits: expected 1\.\.48, found 49" -- \
  "$GMC" vectors pcmwq --addr-bits 49 -o "$T/x.vec"
expect_fail "high watermark above the entries" 1 "pcmwq: HIGH_WM: expected 1\.\.4, found 5" -- \
  "$GMC" vectors pcmwq --entries 4 --high 5 -o "$T/x.vec"
expect_fail "low watermark not below the high one" 1 "pcmwq: LOW_WM: expected 0\.\.3, found 4" -- \
  "$GMC" vectors pcmwq --entries 4 --high 4 --low 4 -o "$T/x.vec"
expect_fail "max-intr 256" 2 "--max-intr: expected 0\.\.255, found 256" -- \
  "$GMC" vectors pcmwq --max-intr 256 -o "$T/x.vec"
expect_fail "block vectors: configuration name" 2 "expected 'i<number>' as field 6" -- \
  "$GMC" block vectors pcmwq n3_a2_v2_h2_l0_x1_k2 -o "$T/x.vec"
[ ! -e "$T/x.vec" ] && ok "nothing written on bad input" || notok "nothing written on bad input"
"$GMC" vectors pcmwq --help | grep -q -- '--max-intr K' && ok "--help" || notok "--help"

finish
