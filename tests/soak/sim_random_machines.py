#!/usr/bin/env python3
"""Random machines through `gmc sim`: a soak of the GPU harness's closed loop.

Usage: sim_random_machines.py GMC SEED RUNS

Each run takes a preset, a workload, a scale and a scheduler at random,
sometimes a BIM scheme, no refresh, another ALU count or a mesh or ring
with VCs (each network's watchdog, icnt_watchdog, must not fire either),
and 2-6 machine
keys (`--set`), most near the bottom of their range (one MSHR, a queue of
two, a buffer of one: where a closed loop can deadlock), every choice from
SEED.  A run passes when it
  - exits 0 with one JSON object on stdout and only notes on stderr, or
  - exits 1 or 2 with its error as lines starting "gmc sim: ", and the
    error is not the watchdog (nothing issued, returned or exited for 10^6
    core cycles: a machine the checks accept must never hang);
and its report holds together (report_errors below: counts that must
add up, distributions in order, rates within 0..1); every fifth
successful run, run again, gives the same bytes, and every third one the
same bytes as the slow reference (--step-every-cycle: every SM, slice,
network and controller stepped at every edge, nothing skipped).
Prints one line per failure with the command that reproduces it, then
"N passed, N failed" and the exit counts; exits 1 if any failed.
"""
import json
import math
import os
import random
import re
import subprocess
import sys

def run_gmc(gmc, args, timeout):
    """gmc's run, or None after `timeout` seconds: a hung run is a failed case
    that names its command, not a traceback that ends a soak before its count
    (the soaks of traces and DRAM devices use it too)."""
    try:
        return subprocess.run([gmc] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def rerun_differs(gmc, args, p, timeout, what):
    """None if gmc ARGS, run again, prints p's stdout byte for byte; else why
    not, with WHAT naming the rerun."""
    q = run_gmc(gmc, args, timeout)
    if q is None:
        return "%s ran over %d s" % (what, timeout)
    return "%s gave other bytes" % what if q.stdout != p.stdout else None


def machine_keys(header):
    keys = {}
    for line in open(header):
        m = re.match(r'\s*X\((\w+),\s*(\d+),\s*(\d+),', line)
        if m:
            keys[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return keys

# the keys that size a resource a request waits for
SMALL = ["l1_mshr", "l1_merge", "l2_mshr", "l2_merge", "l2_queue", "icnt_in_buf", "icnt_out_buf",
         "mc_queue", "l1_assoc", "l2_assoc", "warps_per_sm", "ctas_per_sm", "schedulers_per_sm",
         "l2_slices_per_ch", "icnt_flit", "icnt_latency", "l1_lat", "l2_lat"]

def report_errors(r):
    """What is inconsistent in one JSON report (a list of strings)."""
    bad = []
    def want(cond, what):
        if not cond:
            bad.append(what)
    d, l1, l2 = r["dram"], r["l1"], r["l2"]
    want(r["dram_requests"] == d["reads"] + d["writes"], "dram_requests != reads + writes")
    want(r["instructions"] == sum(r["ops"].values()), "instructions != the sum of ops")
    want(r["cycles"] > 0 and abs(r["ipc"] - r["instructions"] / r["cycles"]) <= 1e-4 * max(1, r["ipc"]),
         "ipc != instructions / cycles")
    want(r["load_warps"] == r["ops"]["ld"], "load_warps != ops.ld")
    want(r["load_warp_time"]["n"] <= r["load_warps"], "more load-warp times than loads")
    want(r["load_warps_multi_offchip"] <= r["load_warps_offchip"] <= r["load_warps"],
         "load warps: multi <= off-chip <= all fails")
    for k in ("divergence", "divergence_in_mc", "load_warp_channels"):
        want(r[k]["n"] == r["load_warps_multi_offchip"], "%s.n != load_warps_multi_offchip" % k)
    for k in ("load_warp_time", "divergence", "divergence_in_mc", "load_warp_channels"):
        x = r[k]
        want(x["p25"] <= x["p50"] <= x["p75"] <= x["p95"] <= x["p99"] <= x["max"], "%s percentiles out of order" % k)
        want(x["n"] > 0 or x["max"] == 0, "%s: values without samples" % k)
        want(x["mean"] <= x["max"] + 1e-9, "%s: mean above max" % k)
    want(r["load_warp_channels"]["max"] <= r["machine_config"]["dram_channels"] or
         r["machine_config"]["dram_channels"] == 0, "a load over more channels than there are")
    want(l1["read_sectors"] == l1["hit_sectors"] + l1["merged"] + l1["sent"], "L1: read != hit + merged + sent")
    want(l2["read_sectors"] == l2["hit_sectors"] + l2["merged"] + l2["sent"], "L2: read != hit + merged + sent")
    want(d["reads"] == l2["sent"], "DRAM reads != the L2's sent sectors")
    for name, v in (("l1.hit_rate", l1["hit_rate"]), ("l2.hit_rate", l2["hit_rate"]),
                    ("dram.row_hit_rate", d["row_hit_rate"]), ("dram.bus_efficiency", d["bus_efficiency"]),
                    ("dram.efficiency", d["efficiency"]),
                    ("divergence_in_mc_fraction", r["divergence_in_mc_fraction"])):
        want(0 <= v <= 1, "%s %s outside 0..1" % (name, v))
    return [b for b in bad if b]

def verdict(p, quiet=lambda l: False):
    """Why one finished `gmc sim` run fails the soak, or None: exit 0 with
    one JSON object that report_errors accepts and nothing on stderr but
    notes (and lines quiet() accepts, such as an import's warnings), or
    exit 1 or 2 with "gmc sim: " error lines that are not the watchdog."""
    rc = p.returncode
    err = [l for l in p.stderr.splitlines() if l.strip()]
    errors = [l for l in err if not l.startswith("gmc sim: note") and not quiet(l)]
    if rc == 0:
        out = p.stdout.strip()
        if not (out.startswith("{") and out.endswith("}")):
            return "exit 0 without one JSON object"
        if errors:
            return "exit 0 with errors: %s" % errors[-1]
        try:
            bad = report_errors(json.loads(out))
        except (ValueError, KeyError, TypeError) as e:
            bad = ["unreadable report: %s" % e]
        return "report: " + "; ".join(bad) if bad else None
    if rc in (1, 2):
        if not errors or not all(l.startswith("gmc sim: ") for l in errors):
            return "exit %d, stderr not 'gmc sim: ' lines: %r" % (rc, err[-3:])
        if "watchdog" in errors[-1]:
            return "hangs: %s" % errors[-1]
        return None
    return "exit %d (a crash?): %r" % (rc, err[-3:])

# Each breaks one rule of report_errors: run on the first good report, so
# a checker that no longer catches them fails the soak.
PERTURB = [
    ("dram.reads + 1", lambda r: r["dram"].__setitem__("reads", r["dram"]["reads"] + 1)),
    ("ops.alu + 1", lambda r: r["ops"].__setitem__("alu", r["ops"]["alu"] + 1)),
    ("l1.sent + 1", lambda r: r["l1"].__setitem__("sent", r["l1"]["sent"] + 1)),
    ("load_warp_time.p50 past max", lambda r: r["load_warp_time"].__setitem__("p50", r["load_warp_time"]["max"] + 1)),
    ("divergence.n + 1", lambda r: r["divergence"].__setitem__("n", r["divergence"]["n"] + 1)),
    ("l2.hit_rate 1.5", lambda r: r["l2"].__setitem__("hit_rate", 1.5)),
]

def checks_can_fail(report):
    caught = 0
    for name, f in PERTURB:
        r = json.loads(report)
        f(r)
        if report_errors(r):
            caught += 1
        else:
            print("FAIL: the report check misses '%s'" % name)
    print("report checks: %d of %d perturbations of a good report caught" % (caught, len(PERTURB)))
    return caught == len(PERTURB)

def main():
    gmc, seed, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    here = os.path.dirname(os.path.abspath(__file__))
    keys = machine_keys(os.path.join(here, "..", "..", "model", "gpu", "gmc_machine.h"))
    rnd = random.Random(seed)
    wls = subprocess.run([gmc, "sim", "--workload", "list"], capture_output=True, text=True,
                         check=True).stdout.split()
    presets = subprocess.run([gmc, "sim", "--machine", "list"], capture_output=True, text=True,
                             check=True).stdout.split()
    scheds = ["frfcfs", "fcfs", "bfifo", "divfirst", "warped-mc", "fcfs-strict"]
    print("sim_random_machines: seed %d, %d runs" % (seed, runs))

    def value(k):
        lo, hi = keys[k]
        if k == "icnt_watchdog":   # a healthy run never trips it at these (2 would: shorter than a trip)
            return rnd.choice([0, 100000, 1000000])
        if k in SMALL and rnd.random() < 0.7:
            return rnd.randint(lo, min(hi, lo + 7))
        if hi - lo < 64:
            return rnd.randint(lo, hi)
        return int(math.exp(rnd.uniform(math.log(max(lo, 1)), math.log(hi))))

    passed = failed = slow = 0
    exits = {}
    perturbed = False
    for i in range(runs):
        args = ["sim", "--machine", rnd.choice(presets), "--workload", rnd.choice(wls),
                "--scale", str(rnd.choice([0.005, 0.01, 0.02])), "--seed", str(rnd.randint(1, 99)),
                "--json", "--max-cycles", "3000000"]
        if rnd.random() < 0.5:
            args += ["--sched", rnd.choice(scheds)]
        if rnd.random() < 0.3:
            args += ["--warp-sched", rnd.choice(["lrr", "gto"])]
        if rnd.random() < 0.2:   # a BIM scheme (gmc bim) on the GPU's addresses
            args += ["--scheme", rnd.choice(["base", "pm", "rmp", "pae", "fae", "all"])]
        if rnd.random() < 0.1:
            args += ["--no-refresh"]
        if rnd.random() < 0.15:
            args += ["--alu-per-mem", str(rnd.choice([0, 1, 3, 20]))]
        if rnd.random() < 0.25:   # a network of routers (docs/interconnect.md), its VCs and placement
            t = rnd.choice(["mesh", "ring"])
            args += ["--set", "icnt_topology=" + t, "--set", "icnt_vcs=%d" % rnd.randint(2 if t == "ring" else 1, 4),
                     "--set", "icnt_vc_assign=" + rnd.choice(["dvca", "svca"]),
                     "--set", "icnt_placement=" + rnd.choice(["spread", "row-major"])]
        pool = SMALL if rnd.random() < 0.7 else sorted(keys)
        for k in rnd.sample(pool, rnd.randint(2, 6)):
            args += ["--set", "%s=%d" % (k, value(k))]
        cmd = "gmc " + " ".join(args)
        p = run_gmc(gmc, args, 120)
        if p is None:
            failed += 1
            exits["timeout"] = exits.get("timeout", 0) + 1
            print("FAIL run %d: over 120 s: %s" % (i, cmd), flush=True)
            continue
        rc = p.returncode
        exits[rc] = exits.get(rc, 0) + 1
        why = verdict(p)
        if why is None and rc == 0 and passed % 5 == 0:
            why = rerun_differs(gmc, args, p, 120, "the same command again")
        if why is None and rc == 0 and passed % 3 == 1:
            why = rerun_differs(gmc, args + ["--step-every-cycle"], p, 600, "the slow reference (--step-every-cycle)")
            slow += 1
        if why is None and rc == 0 and not perturbed:
            perturbed = True
            if not checks_can_fail(p.stdout):
                failed += 1
        if why:
            failed += 1
            print("FAIL run %d: %s\n  %s" % (i, why, cmd), flush=True)
        else:
            passed += 1
    if not perturbed:
        print("FAIL: no run succeeded, so nothing was checked")
        failed += 1
    print("the slow reference (--step-every-cycle) gave the same bytes in %d runs" % slow)
    print("exits: %s" % ", ".join("%s x%d" % (k, v) for k, v in sorted(exits.items(), key=str)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
