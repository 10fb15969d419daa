#!/usr/bin/env python3
"""Random DRAM devices through `gmc mem`: the memory system's soak over
timings no preset has.

Usage: mem_random_devices.py GMC SEED RUNS

Each run takes a shipped preset's config (model/mem/presets), sets 2-10 of
its geometry and timing keys to random values (refresh intervals close to
tRFC included, the case docs/memory.md "Refresh" is about), in about a third
of the runs 2 or 4 ranks (unnamed, so that the map is derived from the
geometry and its bank bits reach every rank), writes a random
trace (streaming, random, or warps of GPU-like multi-request loads; with
and without warp ids; reads and writes) and runs `gmc mem --dram-cfg FILE`
with a random scheduler, channel count and queue sizes -- every choice from
SEED.  A run passes when gmc exits 0 with one JSON object and no error, or
exits 1 or 2 with its errors as "gmc mem: " lines (a device the checks
refuse must say so), and the slow reference (`--step-every-cycle`: every
controller stepped every cycle) gives the same bytes.  Prints a line per
failure with the files (kept) and the command, then "N passed, N failed";
exits 1 if any failed.
"""
import os
import random
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sim_random_machines import rerun_differs, run_gmc  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PRESETS = os.path.join(HERE, "..", "..", "model", "mem", "presets")

KEYS = {   # key -> (low, high) of the random value
    "bank_groups": (1, 4), "banks_per_group": (1, 8), "rows": (64, 65536), "columns": (8, 128),
    "tCL": (1, 40), "tCWL": (1, 20), "tRCD": (1, 40), "tRP": (1, 40), "tRAS": (1, 80), "tRC": (1, 120),
    "tRRD_S": (1, 16), "tRRD_L": (1, 16), "tCCD_S": (1, 8), "tCCD_L": (1, 8), "tWR": (1, 30),
    "tWTR_S": (1, 12), "tWTR_L": (1, 12), "tRTP": (1, 12), "tFAW": (0, 60), "tRTRS": (0, 4),
    "tRFC": (1, 600), "tREFI": (1, 8000), "refresh": (0, 1),
}


def device(rnd, base_text, ranks):
    lines = base_text.splitlines()
    if ranks > 1:   # the preset's map names one rank's banks: derive one for all
        lines = [l for l in lines if not re.match(r"\s*name\s*=", l)] + ["ranks = %d" % ranks]
    # the preset's map fits its geometry: change that only now and then
    pool = sorted(KEYS) if rnd.random() < 0.2 else sorted(k for k in KEYS if k.startswith("t") or k == "refresh")
    keys = rnd.sample(pool, min(len(pool), rnd.randint(2, 10)))
    vals = {}
    for k in keys:
        lo, hi = KEYS[k]
        v = rnd.randint(lo, hi)
        if k in ("rows", "columns"):
            v = 1 << rnd.randint(lo.bit_length() - 1, hi.bit_length() - 1)
        vals[k] = v
    if "tREFI" in vals and rnd.random() < 0.5:   # close to tRFC
        rfc = vals.get("tRFC", 420)
        vals["tREFI"] = rfc + rnd.randint(1, 200)
    out = []
    for line in lines:
        m = re.match(r"\s*(\w+)\s*=", line)
        if m and m.group(1) in vals:
            out.append("%s = %d" % (m.group(1), vals.pop(m.group(1))))
        else:
            out.append(line)
    out += ["%s = %d" % kv for kv in vals.items()]
    return "\n".join(out) + "\n"


def trace(rnd, n):
    kind = rnd.choice(["stream", "random", "warps"])
    warps = rnd.random() < 0.5
    t, out = 0, []
    addr = rnd.randrange(0, 1 << 28) & ~31
    for i in range(n):
        t += rnd.choice([0, 0, 1, 1, 2, 5, 20])
        w = "W" if rnd.random() < 0.25 else "R"
        if kind == "stream":
            addr += 32
            a = addr
        elif kind == "random":
            a = rnd.randrange(0, 1 << 32) & ~31
        else:
            a = (addr + rnd.randrange(0, 64) * 32 + (i // 8) * 8192) & ((1 << 32) - 1)
        extra = " %d %d 0x%x" % (i // 8 % 16, i // 8 % 48, 0x100 + 16 * (i % 3)) if warps else ""
        out.append("%d %s 0x%x%s" % (t, w, a, extra))
    return "\n".join(out) + "\n"


def main():
    gmc, seed, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(seed)
    presets = sorted(f for f in os.listdir(PRESETS) if f.endswith(".cfg"))
    print("mem_random_devices: seed %d, %d runs" % (seed, runs))
    top = tempfile.mkdtemp(prefix="gmc_mem_")
    passed = failed = same = ranked = 0
    exits = {}
    for i in range(runs):
        base = rnd.choice(presets)
        cfg = os.path.join(top, "dev%d.cfg" % i)
        trc = os.path.join(top, "t%d.trc" % i)
        # ranks from a stream of their own: the other choices stay those of SEED
        rk = random.Random(seed * 1000003 + i)
        ranks = rk.choice([2, 4]) if rk.random() < 0.35 else 1
        with open(cfg, "w") as f:
            f.write(device(rnd, open(os.path.join(PRESETS, base)).read(), ranks))
        with open(trc, "w") as f:
            f.write(trace(rnd, rnd.choice([200, 1000, 3000])))
        args = ["mem", "--preset", base[:-4], "--dram-cfg", cfg, "--trace", trc, "--json",
                "--sched", rnd.choice(["frfcfs", "fcfs", "bfifo", "divfirst", "warped-mc", "fcfs-strict"]),
                "--channels", str(rnd.choice([1, 2, 4])), "--wrap"]
        if rnd.random() < 0.4:
            q = rnd.randint(1, 64)
            args += ["--rq", str(q), "--wq", str(rnd.randint(2, 64))]
        cmd = "gmc " + " ".join(args)
        why = None
        p = run_gmc(gmc, args, 300)
        if p is None:
            rc, why = "timeout", "over 300 s"
        else:
            rc = p.returncode
        exits[rc] = exits.get(rc, 0) + 1
        if p is not None:
            err = [l for l in p.stderr.splitlines() if l.strip()]
            errors = [l for l in err if ": warning: " not in l and not l.startswith("gmc mem: note")
                      and " read as " not in l and " from preset " not in l]
            if rc == 0:
                out = p.stdout.strip()
                if not (out.startswith("{") and out.endswith("}")):
                    why = "exit 0 without one JSON object"
                else:
                    why = rerun_differs(gmc, args + ["--step-every-cycle"], p, 600,
                                        "the slow reference (--step-every-cycle)")
                    same += why is None
                    ranked += why is None and ranks > 1
            elif rc in (1, 2):
                if not errors or not all(l.startswith("gmc mem: ") or re.match(r"^\S+:\d+: ", l) for l in errors):
                    why = "exit %d, stderr not gmc mem's error lines: %r" % (rc, err[-3:])
            else:
                why = "exit %s (a crash?): %r" % (rc, err[-3:])
        if why:
            failed += 1
            print("FAIL run %d (from %s): %s\n  %s" % (i, base, why, cmd), flush=True)
        else:
            passed += 1
            os.unlink(cfg)
            os.unlink(trc)
    if not failed:
        shutil.rmtree(top)
    print("the slow reference (--step-every-cycle) gave the same bytes in %d runs, %d of them "
          "with ranks > 1" % (same, ranked))
    print("exits: %s" % ", ".join("%s x%d" % (k, v) for k, v in sorted(exits.items(), key=str)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
