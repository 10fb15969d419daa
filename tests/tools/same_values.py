#!/usr/bin/env python3
"""Same values, whatever the layout: every value of the OLD JSON report is
in the NEW one under the same name (nested names joined with '.') and is
equal, as the report wrote it.  Prints one line per report pair and a last
line "N fields same in M reports; K new fields; D differ or missing";
exits 1 if any differ or are missing.

Usage: same_values.py OLD.json NEW.json [OLD2.json NEW2.json ...]
For a change that moves fields on purpose (tests/cli/sim_pin.sh's pins
then change): run the pinned cases with the old and the new gmc and pass
each pair here (tests/tools/pin_compare.sh does).
"""
import json
import sys


def flat(obj, pre=""):
    out = {}
    for k, v in obj.items():
        name = pre + "." + k if pre else k
        if isinstance(v, dict):
            out.update(flat(v, name))
        else:
            out[name] = v
    return out


def main(argv):
    if len(argv) < 3 or len(argv) % 2 == 0:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    same = bad = 0
    new_names = set()
    for i in range(1, len(argv), 2):
        try:
            with open(argv[i]) as f:
                old = flat(json.load(f))
            with open(argv[i + 1]) as f:
                new = flat(json.load(f))
        except (OSError, ValueError) as e:
            print(f"same_values.py: {e}", file=sys.stderr)
            return 2
        for k, v in old.items():
            if k not in new:
                print(f"  {argv[i + 1]}: {k} missing (old: {v!r})")
                bad += 1
            elif new[k] != v:
                print(f"  {argv[i + 1]}: {k}: old {v!r}, new {new[k]!r}")
                bad += 1
            else:
                same += 1
        new_names |= set(new) - set(old)
    print(f"{same} fields same in {(len(argv) - 1) // 2} reports; {len(new_names)} new fields"
          f"{': ' + ', '.join(sorted(new_names)) if new_names else ''}; {bad} differ or missing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
