#!/usr/bin/env bash
# The docs' worked examples print what the docs show: each `$ gmc ...`
# line of a fenced block is run (in a scratch folder where tests/ is the
# repository's) and its output compared with the lines under it
# (tests/tools/doc_examples.py; "..." stands for lines a page leaves out).
# A change that moves a number a page quotes fails here until the page
# says what the binary prints.  Usage: doc_examples.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
W="$T/work"
mkdir -p "$W/build/run" && ln -s "$ROOT/tests" "$W/tests"

# check_doc DOC PREFIX...: the examples of DOC whose command starts with a PREFIX
check_doc() {
  local doc=$1; shift
  if python3 "$ROOT/tests/tools/doc_examples.py" "$GMC" "$W" "$ROOT/$doc" "$@" >"$T/doc.out" 2>&1; then
    ok "$doc: $(tail -1 "$T/doc.out" | sed "s|$ROOT/||")"
  else
    notok "$doc: every example prints what the page shows" "$(grep -v '^ok ' "$T/doc.out" | sed "s|$ROOT/||")"
  fi
}

# harness.md: the worked example (gmc sim, its JSON, two schedulers, a trace directory)
check_doc docs/harness.md "gmc sim" "for s in"
# entropy.md: the examples that make their own inputs (the error examples
# need files the page only describes)
check_doc docs/entropy.md "cat > fig3" "gmc entropy --trace fig3.trace --window" "printf" \
  "gmc entropy --trace fn1" "gmc entropy --gen"
# icnt.md: gmc icnt's worked examples and gmc overhead icnt's
check_doc docs/icnt.md "gmc icnt" "gmc overhead icnt"
# thread-batching.md: the text report's thread-batch and page-coloring lines
check_doc docs/thread-batching.md "gmc sim"
finish
