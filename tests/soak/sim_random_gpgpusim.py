#!/usr/bin/env python3
"""Random GPGPU-Sim configurations through `gmc sim --machine FILE`.

Usage: sim_random_gpgpusim.py GMC SEED RUNS

Each run starts from one of the gpgpusim.config files in tests/data/gpgpusim
that gmc accepts, changes 1-6 of the options gmc reads (SM and partition
counts, clocks, the L1 and L2 cache strings, queues, the interconnect, the
DRAM's bus, burst and timing, the address mapping's channel bits) to other
plausible values -- every choice from SEED -- and runs a small synthetic
workload on the imported machine.  A run passes when gmc exits 0 with a
report that holds together (sim_random_machines.report_errors), or exits 1
or 2 with its errors as "gmc sim: " lines (an option gmc refuses must say
so in one line naming the file), never the watchdog; warnings are fine.
Prints a line per failure with the file (kept) and the command, then
"N passed, N failed"; exits 1 if any failed.
"""
import os
import random
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sim_random_machines import run_gmc, verdict  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BASES = ["rtx2060-super.config", "titanv.config"]   # the files gmc accepts as they are


def p2(rnd, lo, hi):
    return 1 << rnd.randint(lo, hi)


# option -> a function giving a new value (text)
def mutations(rnd):
    return {
        "-gpgpu_n_clusters": lambda: str(rnd.randint(1, 40)),
        "-gpgpu_n_cores_per_cluster": lambda: str(rnd.randint(1, 4)),
        "-gpgpu_n_mem": lambda: str(rnd.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 80, 96])),
        "-gpgpu_n_sub_partition_per_mchannel": lambda: str(rnd.choice([1, 2, 4])),
        "-gpgpu_clock_domains": lambda: ":".join("%.1f" % rnd.uniform(300, 4000) for _ in range(4)),
        "-gpgpu_shader_core_pipeline": lambda: "%d:32" % (32 * rnd.randint(1, 64)),
        "-gpgpu_shader_cta": lambda: str(rnd.randint(1, 32)),
        "-gpgpu_shader_registers": lambda: str(rnd.choice([8192, 16384, 32768, 65536])),
        "-gpgpu_num_sched_per_core": lambda: str(rnd.randint(1, 4)),
        "-gpgpu_scheduler": lambda: rnd.choice(["gto", "lrr", "two_level_active:6:0:1"]),
        "-gpgpu_cache:dl1": lambda: "%s:%d:128:%d,L:%s:m:N:L,A:%d:%d,16:0,32" % (
            rnd.choice(["S", "N"]), p2(rnd, 0, 7), rnd.choice([1, 2, 4, 8, 16, 64, 256]),
            rnd.choice(["T", "L"]), rnd.randint(1, 512), rnd.randint(1, 32)),
        "-gpgpu_cache:dl2": lambda: "%s:%d:128:%d,L:B:m:L:P,A:%d:%d,32:0,32" % (
            rnd.choice(["S", "N"]), p2(rnd, 0, 8), rnd.choice([1, 2, 4, 8, 16, 24, 32]),
            rnd.randint(1, 512), rnd.randint(1, 16)),
        "-gpgpu_l1_latency": lambda: str(rnd.randint(1, 200)),
        "-gpgpu_l2_rop_latency": lambda: str(rnd.randint(1, 400)),
        "-gpgpu_smem_latency": lambda: str(rnd.randint(1, 100)),
        "-gpgpu_dram_partition_queues": lambda: ":".join(str(rnd.randint(1, 128)) for _ in range(4)),
        "-icnt_flit_size": lambda: str(rnd.choice([4, 8, 16, 32, 40, 64])),
        "-icnt_in_buffer_limit": lambda: str(rnd.randint(1, 512)),
        "-icnt_out_buffer_limit": lambda: str(rnd.randint(1, 512)),
        "-gpgpu_frfcfs_dram_sched_queue_size": lambda: str(rnd.randint(0, 128)),
        "-gpgpu_dram_scheduler": lambda: str(rnd.randint(0, 1)),
        "-gpgpu_dram_buswidth": lambda: str(rnd.choice([1, 2, 4, 8])),
        "-gpgpu_dram_burst_length": lambda: str(rnd.choice([2, 4, 8, 16])),
        "-dram_data_command_freq_ratio": lambda: str(rnd.choice([1, 2, 4])),
        "-gpgpu_dram_timing_opt": lambda: '"nbk=%d:CCD=%d:RRD=%d:RCD=%d:RAS=%d:RP=%d:RC=%d:CL=%d:WL=%d:CDLR=%d:WR=%d:nbkgrp=%d:CCDL=%d:RTPL=%d"' % (
            rnd.choice([4, 8, 16]), rnd.randint(1, 8), rnd.randint(1, 20), rnd.randint(5, 40),
            rnd.randint(10, 80), rnd.randint(5, 40), rnd.randint(20, 120), rnd.randint(5, 40),
            rnd.randint(2, 20), rnd.randint(2, 20), rnd.randint(5, 40), rnd.choice([1, 2, 4]),
            rnd.randint(1, 8), rnd.randint(1, 8)),
    }


def read_options(path):
    """The file's options in order: (name, value text); a value may span lines (quoted)."""
    text = open(path).read()
    opts = []
    for m in re.finditer(r'^(-\S+)[ \t]+("[^"]*"|[^\n#]*)', text, re.M):
        opts.append((m.group(1), m.group(2).strip()))
    return opts


def main():
    gmc, seed, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(seed)
    muts = mutations(rnd)
    print("sim_random_gpgpusim: seed %d, %d runs" % (seed, runs))
    top = tempfile.mkdtemp(prefix="gmc_gpgpusim_")
    wls = ["stream", "moa", "kmeans", "spmv", "transpose", "stencil", "hoa"]
    passed = failed = 0
    exits = {}
    for i in range(runs):
        base = rnd.choice(BASES)
        opts = dict(read_options(os.path.join(HERE, "..", "data", "gpgpusim", base)))
        for name in rnd.sample(sorted(muts), rnd.randint(1, 6)):
            opts[name] = muts[name]()
        path = os.path.join(top, "run%d.config" % i)
        with open(path, "w") as f:
            for k, v in opts.items():
                f.write("%s %s\n" % (k, v))
        args = ["sim", "--machine", path, "--workload", rnd.choice(wls), "--scale", "0.01",
                "--json", "--max-cycles", "5000000"]
        cmd = "gmc " + " ".join(args)
        p = run_gmc(gmc, args, 300)
        if p is None:
            failed += 1
            print("FAIL run %d: over 300 s\n  %s" % (i, cmd), flush=True)
            continue
        rc = p.returncode
        exits[rc] = exits.get(rc, 0) + 1
        # an import's warnings and its count of options used are not errors
        why = verdict(p, lambda l: ": warning: " in l or
                      (l.startswith("gmc sim: %s: " % path) and " GPGPU-Sim options used, " in l))
        if why:
            failed += 1
            print("FAIL run %d (from %s): %s\n  %s" % (i, base, why, cmd), flush=True)
        else:
            passed += 1
            os.unlink(path)
    if not failed:
        shutil.rmtree(top)
    print("exits: %s" % ", ".join("%s x%d" % (k, v) for k, v in sorted(exits.items(), key=str)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
