#!/usr/bin/env python3
"""Random Accel-Sim trace directories through `gmc sim --traces`.

Usage: sim_random_traces.py GMC SEED RUNS

Each run writes a directory of 1-3 kernels in one of the layouts gmc reads
(tracer version 5 with an immediate per line, version 4 with or without
-enable lineinfo, or the old layout with "x y z warp" leading each line),
with random grids and blocks (partial last warps included), thread blocks in
random order and some of them (and some warps) left out, a fifth of the
files compressed as .traceg.xz, and per warp a
random mix of ALU, SFU, tensor, branch, global and generic loads and stores,
atomics and reductions, shared-memory accesses, barriers and EXIT/RET, with
random masks and all three address modes -- every choice from SEED.  It runs
it on a random small machine (`--set sms=`, `--warp-sched`, `--sched`) and
passes when gmc exits 0 with a report whose `instructions` and
`trace_instruction_lines` equal the instruction lines written, that holds
together (sim_random_machines.report_errors), and, every fourth run, that
gives the same bytes again, or, the run after, the same bytes as the slow
reference (--step-every-cycle).  Prints a line per failure with the directory
(kept) and the command, then "N passed, N failed"; exits 1 if any failed.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sim_random_machines import report_errors, rerun_differs, run_gmc  # noqa: E402

ALU = ["FADD", "FFMA", "IMAD", "IADD3", "LOP3.LUT", "MOV", "ISETP.GE.AND", "S2R", "SHF.R.U32.HI",
       "F2I.TRUNC", "DFMA", "HFMA2", "POPC", "PRMT", "SEL"]
SFU = ["MUFU.EX2", "MUFU.RSQ", "MUFU.SIN"]
TENSOR = ["HMMA.16816.F32", "IMMA.8816.S8.S8"]
BRANCH = ["BRA", "BSSY", "BSYNC", "WARPSYNC", "NOP"]
GLD = ["LDG.E", "LDG.E.64", "LDG.E.128", "LDG.E.CONSTANT", "LDL"]
GST = ["STG.E", "STG.E.64", "STG.E.128", "STL"]
ATOM = ["ATOMG.E.ADD.STRONG.GPU", "RED.E.ADD.STRONG.GPU", "ATOM.E.ADD"]
SHM = ["LDS.U.128", "LDS", "STS", "STS.64", "ATOMS.ADD", "LDSM.16.M88.4"]
GENERIC = ["LD.E", "ST.E"]
SHMEM_BASE = 0x00007F1000000000
LOCAL_BASE = 0x00007F1002000000
GLOBAL_BASE = 0x00007F0000000000


def width_of(op, rnd):
    for suffix, w in ((".128", 16), (".64", 8)):
        if suffix in op:
            return w
    return rnd.choice([4, 4, 4, 1, 2])


def lanes_of(mask):
    return [l for l in range(32) if mask >> l & 1]


def addresses(rnd, lanes, width, base):
    """mode and the address fields for the active lanes (Accel-Sim's three modes)."""
    first = base + rnd.randrange(0, 1 << 24) * width
    pattern = rnd.random()
    if pattern < 0.5:      # coalesced: lane k at first + k * width
        addrs = [first + k * width for k in range(len(lanes))]
    elif pattern < 0.75:   # strided
        stride = width * rnd.choice([2, 8, 32, 33, 128, 1024])
        addrs = [first + k * stride for k in range(len(lanes))]
    else:                  # scattered
        addrs = [base + rnd.randrange(0, 1 << 26) * width for _ in lanes]
    mode = rnd.choice([0, 1, 2])
    deltas = [addrs[k] - addrs[k - 1] for k in range(1, len(addrs))]
    if mode == 1 and (len(set(deltas)) > 1 or any(abs(d) >= 1 << 31 for d in deltas)):
        mode = 2
    if mode == 2 and any(abs(d) >= 1 << 31 for d in deltas):
        mode = 0
    if mode == 0:
        return "0 " + " ".join("0x%x" % a for a in addrs)
    if mode == 1:
        return "1 0x%x %d" % (addrs[0], deltas[0] if deltas else 0)
    return "2 0x%x" % addrs[0] + "".join(" %d" % d for d in deltas)


def inst_line(rnd, pc, lanemask, last, nbar):
    """One instruction line (without layout prefix and immediate) and whether it is a BAR."""
    mask = lanemask
    if rnd.random() < 0.3:
        mask &= rnd.getrandbits(32)
    kind = rnd.random()
    regs = lambda n: " ".join("R%d" % rnd.randrange(0, 64) for _ in range(n))
    if last:
        op = rnd.choice(["EXIT", "EXIT", "RET.ABS.NODEC"])
        return "%04x %08x 0 %s 0 0" % (pc, lanemask, op), False
    if kind < 0.04 and nbar:
        return "%04x %08x 0 BAR.SYNC.DEFER_BLOCKING 0 0" % (pc, lanemask), True
    if kind < 0.45 or not mask:
        op = rnd.choice(ALU + ALU + SFU + TENSOR + BRANCH)
        return "%04x %08x 1 %s %s 2 %s 0" % (pc, mask, regs(1), op, regs(2)), False
    lanes = lanes_of(mask)
    if kind < 0.65:
        op, base, nd = rnd.choice(GLD), GLOBAL_BASE, 1
    elif kind < 0.78:
        op, base, nd = rnd.choice(GST), GLOBAL_BASE, 0
    elif kind < 0.84:
        op, base, nd = rnd.choice(ATOM), GLOBAL_BASE, rnd.choice([0, 1])
    elif kind < 0.93:
        op, base, nd = rnd.choice(SHM), SHMEM_BASE, 1
    else:
        op, nd = rnd.choice(GENERIC), 1
        base = rnd.choice([GLOBAL_BASE, SHMEM_BASE])
    if op.startswith(("LDL", "STL")):
        base = LOCAL_BASE
    w = width_of(op, rnd)
    dst = ("1 %s" % regs(1)) if nd else "0"
    return "%04x %08x %s %s 2 %s %d %s" % (pc, mask, dst, op, regs(2), w, addresses(rnd, lanes, w, base)), False


def write_kernel(rnd, path, kid, layout):
    grid = [rnd.randint(1, 12), rnd.choice([1, 1, 2, 3]), rnd.choice([1, 1, 2])]
    threads = rnd.choice([32, 64, 96, 128, 256, 40, 200, 1])
    block = [threads, 1, 1] if rnd.random() < 0.7 else [max(1, threads // 2), 2, 1]
    nthreads = block[0] * block[1] * block[2]
    wpc = (nthreads + 31) // 32
    version = {"v5": 5, "v4": 4, "v4li": 4, "old": None}[layout]
    lineinfo = layout == "v4li"
    out = ["-kernel name = _Z6randomk%d" % kid, "-kernel id = %d" % kid,
           "-grid dim = (%d,%d,%d)" % tuple(grid), "-block dim = (%d,%d,%d)" % tuple(block),
           "-shmem = %d" % rnd.choice([0, 1024, 16384]), "-nregs = %d" % rnd.choice([16, 32, 40, 64]),
           "-binary version = 75", "-cuda stream id = 0",
           "-shmem base_addr = 0x%016x" % SHMEM_BASE, "-local mem base_addr = 0x%016x" % LOCAL_BASE,
           "-nvbit version = 1.5.5"]
    if version is not None:
        out.append("-accelsim tracer version = %d" % version)
        out.append("-enable lineinfo = %d" % (1 if lineinfo else 0))
    out.append("")
    out.append("#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
               "mem_width [adrrescompress?] [mem_addresses] immediate")
    out.append("")
    ctas = [(x, y, z) for z in range(grid[2]) for y in range(grid[1]) for x in range(grid[0])]
    rnd.shuffle(ctas)
    listed = [c for c in ctas if rnd.random() < 0.9]
    nlines = 0
    for (x, y, z) in listed:
        out += ["#BEGIN_TB", "", "thread block = %d,%d,%d" % (x, y, z), ""]
        nbar = rnd.choice([0, 0, 1, 2])   # the same number of barriers in every warp of the block
        warps = [w for w in range(wpc) if rnd.random() < 0.95]
        rnd.shuffle(warps)
        for w in warps:
            nl = min(32, nthreads - 32 * w)
            lanemask = (1 << nl) - 1
            n = rnd.randint(1, 24)
            bars = sorted(rnd.sample(range(n - 1), min(nbar, n - 1))) if n > 1 else []
            lines = []
            for i in range(n):
                line, _ = inst_line(rnd, 16 * i, lanemask, i == n - 1, 0)
                if i in bars:
                    line = "%04x %08x 0 BAR.SYNC.DEFER_BLOCKING 0 0" % (16 * i, lanemask)
                if layout == "v5":
                    line += " %d" % rnd.randint(-5, 5)
                if lineinfo:
                    line = "%d %s" % (rnd.randint(1, 300), line)
                if layout == "old":
                    line = "%d %d %d %d %s" % (x, y, z, w, line)
                lines.append(line)
            out += ["warp = %d" % w, "insts = %d" % n] + lines + [""]
            nlines += n
        out += ["#END_TB", ""]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return nlines


def main():
    gmc, seed, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(seed)
    xz = shutil.which("xz") is not None
    print("sim_random_traces: seed %d, %d runs%s" % (seed, runs, "" if xz else " (no xz: no .traceg.xz)"))
    top = tempfile.mkdtemp(prefix="gmc_traces_")
    passed = failed = refused = insts = dram = slow = 0
    for i in range(runs):
        d = os.path.join(top, "run%d" % i)
        os.mkdir(d)
        layout = rnd.choice(["v5", "v4", "v4li", "old"])
        nk = rnd.randint(1, 3)
        names, total = [], 0
        listing = []
        for k in range(nk):
            name = "kernel-%d.traceg" % (k + 1)
            total += write_kernel(rnd, os.path.join(d, name), k + 1, layout)
            if xz and rnd.random() < 0.2:   # Accel-Sim's compressed form, read through xz -dc
                subprocess.run(["xz", os.path.join(d, name)], check=True)
                name += ".xz"
            if rnd.random() < 0.3:
                listing.append("MemcpyHtoD,0x00007f0000000000,%d" % rnd.randint(1, 1 << 20))
            listing.append(name)
        with open(os.path.join(d, "kernelslist.g"), "w") as f:
            f.write("\n".join(listing) + "\n")
        args = ["sim", "--traces", d, "--json", "--max-cycles", "5000000",
                "--set", "sms=%d" % rnd.choice([1, 2, 4, 8]), "--machine", rnd.choice(["rtx2060s", "pae-gddr5", "yuan-gddr3"])]
        if rnd.random() < 0.5:
            args += ["--sched", rnd.choice(["frfcfs", "fcfs", "bfifo", "divfirst", "warped-mc", "fcfs-strict"])]
        if rnd.random() < 0.4:
            args += ["--warp-sched", rnd.choice(["lrr", "gto"])]
        if rnd.random() < 0.3:
            args += ["--set", "ignore_limits=1"]
        cmd = "gmc " + " ".join(args)
        p = run_gmc(gmc, args, 300)
        if p is None:
            failed += 1
            print("FAIL run %d (%s): over 300 s\n  %s" % (i, layout, cmd), flush=True)
            continue
        why = None
        notes = [l for l in p.stderr.splitlines() if l.strip()]
        if p.returncode != 0:
            if p.returncode == 1 and notes and "fits no SM" in notes[-1]:
                refused += 1   # a block that no SM of the machine holds: a clean refusal
                passed += 1
                shutil.rmtree(d)
                continue
            why = "exit %d: %s" % (p.returncode, notes[-3:])
        elif any(not l.startswith("gmc sim: note") for l in notes):
            why = "stderr: %s" % notes
        else:
            try:
                r = json.loads(p.stdout)
                bad = report_errors(r)
                if r["instructions"] != total or r["trace_instruction_lines"] != total:
                    bad.append("instructions %d, trace lines %d, written %d" %
                               (r["instructions"], r["trace_instruction_lines"], total))
            except (ValueError, KeyError) as e:
                bad = ["unreadable report: %s" % e]
            if not bad:
                insts += r["instructions"]
                dram += r["dram_requests"]
            if bad:
                why = "report: " + "; ".join(bad)
            elif i % 4 == 0:
                why = rerun_differs(gmc, args, p, 300, "the same command again")
            elif i % 4 == 1:
                why = rerun_differs(gmc, args + ["--step-every-cycle"], p, 600, "the slow reference (--step-every-cycle)")
                slow += 1
        if why:
            failed += 1
            print("FAIL run %d (%s): %s\n  %s" % (i, layout, why, cmd), flush=True)
        else:
            passed += 1
            shutil.rmtree(d)
    if not failed:
        shutil.rmtree(top)
    print("simulated: %d warp instructions, %d DRAM requests; %d runs refused a block no SM holds; "
          "the slow reference (--step-every-cycle) gave the same bytes in %d runs" % (insts, dram, refused, slow))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
