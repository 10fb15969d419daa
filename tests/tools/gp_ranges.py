#!/usr/bin/env python3
"""Checks the plots of a `gmc experiment` folder (its plots.gp and .dat
files): every plot has a y label and a y range fitted to the values it
draws -- all of them inside it, zero included (the bars' base), a margin
above the highest (a whisker is not cut by the frame) and no more than a
quarter of the data's span (or one unit) of empty room.  Prints one line
per plot and exits 1 if any plot fails.

Usage: gp_ranges.py DIR     (DIR/plots.gp, as gmc experiment writes it)
Knows the kinds of plot gmc experiment writes: clustered bars
`plot for [i=2:N] 'F' using (100*(column(i)-1))...` (the gain in percent
of the ratios in columns 2..N; the first row names them) or `using
(100*column(i))` (shares in percent, from zero), and candlesticks
`plot 'F' using 1:B:W:H:T...` (columns B..H).
"""
import os
import re
import sys


def columns(path, cols, header):
    vals = []
    with open(path) as f:
        for n, line in enumerate(f):
            if header and n == 0:
                continue
            words = line.split()
            for c in cols:
                vals.append(float(words[c - 1]))
    return vals


def check(name, ylabel, yrange, vals):
    errs = [] if ylabel else ["no y label"]
    m = re.fullmatch(r"\[\s*(-?[0-9.]+)\s*:\s*(-?[0-9.]+)\s*\]", yrange or "")
    if not m:
        errs.append(f"y range {yrange or '(none)'} is not fitted to the data")
    else:
        lo, hi = float(m.group(1)), float(m.group(2))
        vals = [v for v in vals if v == v] + [0.0]
        vmin, vmax = min(vals), max(vals)
        span = vmax - vmin
        if lo > vmin or hi < vmax + 0.02 * span:
            errs.append(f"y range [{lo}:{hi}] cuts the data [{vmin:.3f}:{vmax:.3f}] (or leaves no margin above it)")
        if hi - lo > max(1.25 * span, span + 1.0):
            errs.append(f"y range [{lo}:{hi}] is much wider than the data [{vmin:.3f}:{vmax:.3f}]")
    return f"{name}: " + "; ".join(errs) if errs else None


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    d = argv[1]
    ylabel = yrange = output = None
    bad = plots = 0
    for line in open(os.path.join(d, "plots.gp")):
        line = line.strip()
        if m := re.match(r"set output '([^']*)'", line):
            output = m.group(1)
        elif m := re.match(r"set ylabel (.+)", line):
            ylabel = m.group(1)
        elif line.startswith("unset ylabel"):
            ylabel = None
        elif m := re.match(r"set yrange (.+)", line):
            yrange = m.group(1)
        elif m := re.match(r"plot for \[i=2:(\d+)\] '([^']+)' using ([^:]+)", line):
            vals = columns(os.path.join(d, m.group(2)), range(2, int(m.group(1)) + 1), True)
            if "100*(column(i)-1)" in m.group(3):
                vals = [100 * (v - 1) for v in vals]
            elif "100*column(i)" in m.group(3):
                vals = [100 * v for v in vals]
            err = check(output, ylabel, yrange, vals)
            plots += 1
        elif m := re.match(r"plot '([^']+)' using 1:(\d+):\d+:(\d+):\d+", line):
            vals = columns(os.path.join(d, m.group(1)), range(int(m.group(2)), int(m.group(3)) + 1), False)
            err = check(output, ylabel, yrange, vals)
            plots += 1
        else:
            continue
        if line.startswith("plot"):
            print(err or f"{output}: y label {ylabel}, y range {yrange} fits")
            bad += err is not None
    if not plots:
        print(f"{d}/plots.gp: no plot found")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
