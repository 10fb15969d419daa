# Helpers for the CLI test scripts: `check NAME CMD...` runs a case, counts it.
# Sourced, not run.  Each script ends with `finish`.
pass=0; failn=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ok()     { echo "ok - $1"; pass=$((pass + 1)); }
notok()  { echo "not ok - $1"; [ -n "${2:-}" ] && echo "    $2"; failn=$((failn + 1)); }
# expect_fail NAME EXIT_CODE STDERR_REGEX -- cmd...
expect_fail() {
  local name=$1 code=$2 re=$3; shift 4
  "$@" >"$T/out" 2>"$T/err"; local rc=$?
  if [ $rc -ne "$code" ]; then notok "$name" "exit $rc, expected $code; stderr: $(head -c 300 "$T/err")"; return; fi
  if [ "$(wc -l <"$T/err")" -ne 1 ]; then notok "$name" "expected one stderr line, got: $(cat "$T/err")"; return; fi
  if ! grep -Eq -e "$re" "$T/err"; then notok "$name" "stderr '$(cat "$T/err")' does not match /$re/"; return; fi
  ok "$name"
}
finish() { echo "$pass passed, $failn failed"; [ $failn -eq 0 ]; }
