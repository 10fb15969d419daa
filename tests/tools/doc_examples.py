#!/usr/bin/env python3
"""Runs the worked examples of a doc page and compares what they print
with what the page shows.  In a fenced block, a line starting "$ " is a
command (a heredoc `<<'EOF'` takes the lines up to EOF with it); the lines
after it, up to the next command or the fence, are its expected output
(stdout and stderr together); a line "..." stands for any number of
lines the page leaves out.  A command is run only if it starts with one
of the prefixes given, so examples that need Slurm, files the page does
not make or a long run are left alone.  Prints one line per example and
exits 1 if any differs, showing the first line that differs.

Usage: doc_examples.py GMC WORKDIR DOC PREFIX...
Runs each command with bash in WORKDIR, `gmc` on PATH meaning GMC.
"""
import os
import subprocess
import sys


def examples(doc):
    """(line number, command, expected lines) of every example in doc."""
    lines = open(doc).read().split("\n")
    out, i, fence = [], 0, False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fence = not fence
            i += 1
            continue
        if fence and line.startswith("$ "):
            start, cmd = i + 1, line[2:]
            i += 1
            if "<<'EOF'" in cmd:
                while i < len(lines) and lines[i] != "EOF":
                    cmd += "\n" + lines[i]
                    i += 1
                cmd += "\nEOF"
                i += 1
            exp = []
            while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
                exp.append(lines[i])
                i += 1
            out.append((start, cmd, exp))
            continue
        i += 1
    return out


def first_difference(exp, got):
    """None if got matches exp ("..." matching any run of lines), else
    the (expected, got) indexes of the first line that differs."""
    e = g = 0
    while e < len(exp):
        if exp[e].strip() == "...":
            if e + 1 == len(exp):
                return None
            nxt = exp[e + 1]
            while g < len(got) and got[g] != nxt:
                g += 1
            e += 1
            continue
        if g >= len(got) or got[g] != exp[e]:
            return (e, g)
        e += 1
        g += 1
    return None if g == len(got) else (e, g)


def main(argv):
    if len(argv) < 5:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    gmc, work, doc, prefixes = os.path.abspath(argv[1]), argv[2], argv[3], argv[4:]
    bindir = os.path.join(work, ".bin")
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, "gmc")
    if not os.path.exists(link):
        os.symlink(gmc, link)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    bad = n = 0
    for line, cmd, exp in examples(doc):
        if not any(cmd.startswith(p) for p in prefixes):
            continue
        n += 1
        r = subprocess.run(["bash", "-c", cmd], cwd=work, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace")
        got = r.stdout.split("\n")
        if got and got[-1] == "":
            got.pop()
        first = cmd.split("\n")[0]
        k = first_difference(exp, got)
        if k is None:
            print(f"ok {doc}:{line}: {first[:70]}")
            continue
        bad += 1
        e, g = k
        print(f"DIFFERS {doc}:{line}: {first[:70]}\n"
              f"  {doc}:{line + e + 1} shows: {exp[e] if e < len(exp) else '(nothing more)'}\n"
              f"  the command prints:  {got[g] if g < len(got) else '(nothing more)'}")
    print(f"{n - bad} of {n} examples of {doc} print what it shows")
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
