#!/usr/bin/env bash
# `gmc sim` on the mesh and the ring (icnt_topology), with virtual channels
# (icnt_vcs, icnt_vc_assign), placement (icnt_placement, icnt_mesh_cols),
# the hold grant in the routers (icnt_hold) and the saturation watchdog
# (icnt_watchdog): they run, they report what ran, skipping idle cycles
# gives the same bytes, and every bad key is one clear line with nothing
# written.  docs/interconnect.md.
# Usage: sim_noc.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# One number of a report: field PATH (dotted).
field() { python3 -c "import json,sys; j=json.load(open(sys.argv[1]))
for k in sys.argv[2].split('.'): j=j[k]
print(j)" "$1" "$2"; }
# mean interconnect latency (icnt cycles a packet spends from send to pop)
lat() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['icnt_latency_sum'] / j['icnt_packets'])" "$1"; }
gt() { python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)" "$1" "$2"; }

y=(sim --machine yuan-gddr3 --workload moa --scale 0.03 --json)
ring=(--set icnt_topology=ring --set icnt_flit=64 --set icnt_vcs=2)

# ---- each topology runs and says so -----------------------------------------
"$GMC" "${y[@]}" -o "$T/xbar.json" 2>"$T/err" || notok "xbar runs" "$(cat "$T/err")"
for t in mesh ring; do
  a=(--set icnt_topology=$t); [ $t = ring ] && a=("${ring[@]}")
  if "$GMC" "${y[@]}" "${a[@]}" -o "$T/$t.json" 2>"$T/err" &&
     [ "$(field "$T/$t.json" machine_config.icnt_topology)" = $t ] &&
     [ "$(field "$T/$t.json" machine_config.icnt_placement)" = gpgpusim ] &&
     [ "$(field "$T/$t.json" icnt_packets)" -gt 10000 ] &&
     gt "$(lat "$T/$t.json")" "$(lat "$T/xbar.json")"
  then ok "$t runs on yuan-gddr3, reports its topology and placement, packets take longer than the crossbar's"
  else notok "$t runs on yuan-gddr3" "$(head -c 300 "$T/err")"; fi
done
[ "$(field "$T/ring.json" machine_config.icnt_vcs)" = 2 ] && [ "$(field "$T/ring.json" machine_config.icnt_flit)" = 64 ] &&
  ok "the ring's run reports 2 VCs and 64-byte flits" || notok "the ring's run reports 2 VCs and 64-byte flits"
# the same program runs on every network (the workload, not the network, makes the instructions)
[ "$(field "$T/mesh.json" instructions)" = "$(field "$T/xbar.json" instructions)" ] &&
[ "$(field "$T/ring.json" instructions)" = "$(field "$T/xbar.json" instructions)" ] &&
  ok "mesh, ring and crossbar: the same instructions" || notok "mesh, ring and crossbar: the same instructions"

# ---- VCs and their assignment ----------------------------------------------
for t in xbar mesh ring; do
  a=(--set icnt_topology=$t); [ $t = ring ] && a=("${ring[@]}")
  for va in dvca svca; do
    if "$GMC" "${y[@]}" "${a[@]}" --set icnt_vcs=4 --set icnt_vc_assign=$va -o "$T/v.json" 2>"$T/err" &&
       [ "$(field "$T/v.json" machine_config.icnt_vc_assign)" = $va ] &&
       [ "$(field "$T/v.json" machine_config.icnt_vcs)" = 4 ]
    then ok "$t with 4 VCs, $va"; else notok "$t with 4 VCs, $va" "$(head -c 300 "$T/err")"; fi
  done
done
# one VC: the assignment has nothing to choose, every value the same
"$GMC" "${y[@]}" --set icnt_topology=mesh --set icnt_vc_assign=svca -o "$T/s1.json" 2>/dev/null &&
python3 - "$T/mesh.json" "$T/s1.json" <<'PY' && ok "mesh, one VC: svca = dvca, every value" || notok "mesh, one VC: svca = dvca, every value"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for j in (a, b):
    j["machine_config"].pop("icnt_vc_assign")
    j.pop("machine_source")
sys.exit(0 if a == b else 1)
PY

# ---- hold grant in the routers' VC allocation --------------------------------
for t in mesh ring; do
  a=(--set icnt_topology=$t); [ $t = ring ] && a=("${ring[@]}")
  if "$GMC" "${y[@]}" "${a[@]}" --sched bfifo --set icnt_hold=hg -o "$T/h.json" 2>"$T/err" &&
     [ "$(field "$T/h.json" icnt_holds)" -gt 1000 ] && [ "$(field "$T/h.json" machine_config.icnt_hold)" = hg ]
  then ok "$t with hold grant (icnt_hold=hg): $(field "$T/h.json" icnt_holds) holds"
  else notok "$t with hold grant (icnt_hold=hg)" "$(head -c 300 "$T/err")"; fi
done

# ---- placement ---------------------------------------------------------------
for p in spread row-major; do
  if "$GMC" "${y[@]}" --set icnt_topology=mesh --set icnt_placement=$p -o "$T/p.json" 2>"$T/err" &&
     [ "$(field "$T/p.json" machine_config.icnt_placement)" = $p ] && ! cmp -s "$T/p.json" "$T/mesh.json"
  then ok "mesh placed $p: runs, differs from gpgpusim's"; else notok "mesh placed $p" "$(head -c 300 "$T/err")"; fi
done
"$GMC" "${y[@]}" --set icnt_topology=mesh --set icnt_mesh_cols=9 -o "$T/c.json" 2>"$T/err" &&
  [ "$(field "$T/c.json" machine_config.icnt_mesh_cols)" = 9 ] && ok "a 9 x 4 mesh runs" || notok "a 9 x 4 mesh runs" "$(cat "$T/err")"
# the crossbar reads no placement: a rule with no map for the machine is fine there
"$GMC" sim --workload moa --scale 0.02 --set icnt_placement=gpgpusim -o "$T/g.json" 2>"$T/err" &&
  ok "xbar ignores icnt_placement" || notok "xbar ignores icnt_placement" "$(cat "$T/err")"

# ---- skipping idle cycles is invisible ---------------------------------------
for t in mesh ring; do
  a=(--set icnt_topology=$t); [ $t = ring ] && a=("${ring[@]}" --set icnt_vcs=4 --set icnt_vc_assign=svca)
  for w in moa stream; do
    s=(sim --machine yuan-gddr3 --workload $w --scale 0.02 --json "${a[@]}")
    if "$GMC" "${s[@]}" -o "$T/skip.json" 2>"$T/err" && "$GMC" "${s[@]}" --step-every all -o "$T/all.json" 2>>"$T/err" &&
       python3 - "$T/skip.json" "$T/all.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for j in (a, b):
    j.pop("machine_source", None); j.pop("sim", None); j.pop("jumps", None); j.pop("jumped_ps", None)
sys.exit(0 if a == b else 1)
PY
    then ok "$t, $w: skipping idle cycles gives every value of --step-every all"
    else notok "$t, $w: skipping idle cycles gives every value of --step-every all" "$(head -c 300 "$T/err")"; fi
  done
done

# ---- the watchdog -------------------------------------------------------------
# 2 cycles is shorter than a packet's trip: it fires on a healthy run, which
# shows its message; the default (100000) never does on one.
expect_fail "icnt_watchdog fires: topology, network, cycle, packets in flight, waiting packets" 1 \
  "^gmc sim: kernel moa: icnt watchdog: the (request|reply) network \(mesh\) moved no flit for 2 cycles \(icnt_watchdog\) at icnt cycle [0-9]+ with [0-9]+ packets in flight: a deadlock or a saturated sink; waiting: (node|dst) [0-9]+" -- \
  "$GMC" "${y[@]}" --set icnt_topology=mesh --set icnt_watchdog=2 -o "$T/wd.json"
[ ! -e "$T/wd.json" ] && ok "the watchdog's run writes no report" || notok "the watchdog's run writes no report"
expect_fail "icnt_watchdog on the crossbar" 1 "icnt watchdog: the (request|reply) network \(xbar\) moved no flit for 3 cycles" -- \
  "$GMC" "${y[@]}" --set icnt_watchdog=3 -o "$T/wd.json"
"$GMC" "${y[@]}" --set icnt_topology=mesh --set icnt_watchdog=0 -o "$T/w0.json" 2>"$T/err" &&
  cmp -s <(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['cycles'], j['icnt_packets'])" "$T/w0.json") \
         <(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['cycles'], j['icnt_packets'])" "$T/mesh.json") &&
  ok "icnt_watchdog=0: off, the same run" || notok "icnt_watchdog=0: off, the same run" "$(cat "$T/err")"

# ---- bad keys: one line, non-zero, nothing written ---------------------------
r=(sim --machine yuan-gddr3 --workload moa --scale 0.02 -o "$T/x.json")
expect_fail "icnt_vcs 0" 2 "icnt_vcs: expected an integer in 1\.\.8, found '0'" -- "$GMC" "${r[@]}" --set icnt_vcs=0
expect_fail "icnt_vcs 9" 2 "icnt_vcs: expected an integer in 1\.\.8, found '9'" -- "$GMC" "${r[@]}" --set icnt_vcs=9
expect_fail "a ring with one VC: the key and the reason" 2 \
  "^gmc sim: --set #2 \(icnt_vcs=1\): icnt_vcs: expected at least 2 with icnt_topology = ring \(its dateline needs two VC classes to avoid deadlock\), found 1$" -- \
  "$GMC" "${r[@]}" --set icnt_topology=ring --set icnt_vcs=1
expect_fail "a ring on a machine of one VC: blames the topology" 2 \
  "^gmc sim: --set #1 \(icnt_topology=ring\): icnt_vcs: expected at least 2 with icnt_topology = ring" -- \
  "$GMC" "${r[@]}" --set icnt_topology=ring
expect_fail "an unknown VC assignment" 2 "icnt_vc_assign: expected one of dvca, svca, found 'static'$" -- \
  "$GMC" "${r[@]}" --set icnt_vc_assign=static
expect_fail "an unknown placement" 2 "icnt_placement: expected one of gpgpusim, spread, row-major, found 'edges'$" -- \
  "$GMC" "${r[@]}" --set icnt_placement=edges
expect_fail "gpgpusim placement without a map for 32 + 32" 2 \
  "^gmc sim: --set #2 \(icnt_placement=gpgpusim\): icnt_placement gpgpusim: expected the SMs \+ L2 slices of one of GPGPU-Sim's maps \(8\+8, 28\+8, 56\+8, 110\+11\), found 32\+32" -- \
  "$GMC" sim --workload moa --scale 0.02 -o "$T/x.json" --set icnt_topology=mesh --set icnt_placement=gpgpusim
expect_fail "icnt_mesh_cols past the nodes" 2 \
  "^gmc sim: --set #2 \(icnt_mesh_cols=37\): icnt_mesh_cols: expected 0 \(near-square\) or 1\.\.36 \(the 28 SMs \+ 8 L2 slices\), found 37$" -- \
  "$GMC" "${r[@]}" --set icnt_topology=mesh --set icnt_mesh_cols=37
expect_fail "icnt_mesh_cols out of range" 2 "icnt_mesh_cols: expected an integer in 0\.\.1024, found '2000'" -- \
  "$GMC" "${r[@]}" --set icnt_mesh_cols=2000
expect_fail "icnt_watchdog not a number" 2 "icnt_watchdog: expected an integer in 0\.\.1000000000, found 'x'" -- \
  "$GMC" "${r[@]}" --set icnt_watchdog=x
printf 'icnt_topology = ring\nicnt_vcs = 1\n' >"$T/ring1.cfg"
expect_fail "a machine file's ring with one VC: its line" 1 "ring1\.cfg:2: icnt_vcs: expected at least 2 with icnt_topology = ring" -- \
  "$GMC" sim --machine "$T/ring1.cfg" --workload moa --scale 0.02 -o "$T/x.json"
[ ! -e "$T/x.json" ] && ok "nothing written on bad input" || notok "nothing written on bad input"

finish
