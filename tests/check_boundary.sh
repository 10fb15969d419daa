#!/usr/bin/env bash
# The public-header boundary (model/PUBLIC_HEADERS says the rules):
#   1. every header it lists exists and has an extern "C" guard;
#   2. every other header under model/ (the CLI's aside) is marked internal:
#      its name ends in _impl.h;
#   3. the GPU harness (model/gpu/) includes, of mc/ and mem/, only headers
#      listed as "embedder": it drives the memory system through its public
#      API, as any embedder would;
#   4. (self-test) the same checks on a copy of the tree with one internal
#      include added to model/gpu/ must fail -- the check can fail.
# Usage: check_boundary.sh [ROOT]   (default: the repository root).  Ends
# with "N passed, M failed".
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $*"; }
bad() { fail=$((fail + 1)); echo "not ok - $*"; }

check() {   # check ROOT -> prints violations, returns their count (capped)
  local r=$1 n=0 h kind f inc
  declare -A listed=()
  while read -r h kind _; do
    case "$h" in ''|'#'*) continue ;; esac
    if [ "$kind" != embedder ] && [ "$kind" != plug-in ]; then
      echo "  model/PUBLIC_HEADERS: $h: expected kind embedder or plug-in, found '$kind'"; n=$((n + 1)); continue
    fi
    listed[$h]=$kind
    if [ ! -f "$r/model/$h" ]; then
      echo "  model/PUBLIC_HEADERS: $h: listed but no such file"; n=$((n + 1))
    elif ! grep -q 'extern "C"' "$r/model/$h"; then
      echo "  model/$h: public, but has no extern \"C\" guard"; n=$((n + 1))
    fi
  done < "$r/model/PUBLIC_HEADERS"
  while read -r f; do
    h=${f#"$r"/model/}
    case "$h" in cli/*|*_impl.h) continue ;; esac
    [ -n "${listed[$h]:-}" ] && continue
    echo "  model/$h: neither listed in model/PUBLIC_HEADERS nor named *_impl.h"; n=$((n + 1))
  done < <(find "$r/model" -name '*.h' | sort)
  while IFS=: read -r f inc; do
    inc=$(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' <<<"$inc")
    case "$inc" in mc/*|mem/*) ;; *) continue ;; esac
    [ "${listed[$inc]:-}" = embedder ] && continue
    echo "  ${f#"$r"/}: includes $inc, which is not a public embedder header of the memory system"; n=$((n + 1))
  done < <(grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$r"/model/gpu/*.[ch] | sed 's/:[0-9]*:/:/')
  return $((n > 100 ? 100 : n))
}

out=$(check "$root"); v=$?
if [ $v = 0 ]; then
  ok "model/PUBLIC_HEADERS: $(grep -c '^[a-z]' "$root/model/PUBLIC_HEADERS") public headers, every other header _impl.h, model/gpu includes only embedder headers of mc/ and mem/"
else
  bad "the public-header boundary: $v violation(s)"; echo "$out"
fi

# The self-test: an internal include slipped into the harness must be caught.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/model"
cp -r "$root/model/." "$tmp/model/"
sed -i '0,/#include "/s//#include "mc\/gmc_memsys_impl.h"\n#include "/' "$tmp/model/gpu/gmc_l2.c"
out=$(check "$tmp"); v=$?
if [ $v -gt 0 ] && grep -q 'gmc_l2.c: includes mc/gmc_memsys_impl.h' <<<"$out"; then
  ok "an internal include added to model/gpu/gmc_l2.c is caught"
else
  bad "an internal include added to model/gpu/gmc_l2.c was not caught"; echo "$out"
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
