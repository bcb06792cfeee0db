#!/usr/bin/env bash
# Shows that check_instructions catches a slowdown: against a baseline made from this very build
# (in a temporary file, so any compiler works) the check passes; with one kernel made to do its
# work twice (TRNCOST_DELIBERATE_SLOWDOWN) it must fail and name that kernel; an update without a
# reason must be refused. One kernel only (the flagship evaluation), to keep valgrind's time short.
# Usage: bash benchmarks/check_instructions_test.sh <build>/benchmarks/bench_instructions
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: $0 <path to bench_instructions>}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
check=("$here/check_instructions" --baseline "$tmp/baseline.txt" --filter '^flagship_evaluate$')
fail() { echo "check_instructions_test: $*" >&2; exit 1; }

"${check[@]}" "$bin" --update "test baseline" >"$tmp/update.out" 2>&1 ||
  fail "could not make a baseline: $(cat "$tmp/update.out")"
grep -q '^kernel flagship_evaluate [0-9]' "$tmp/baseline.txt" || fail "no count in the baseline"
grep -q '^why .* test baseline$' "$tmp/baseline.txt" || fail "the reason line is missing"

"${check[@]}" "$bin" >"$tmp/same.out" 2>&1 || fail "the same build fails its own baseline: $(cat "$tmp/same.out")"

TRNCOST_DELIBERATE_SLOWDOWN=flagship_evaluate "${check[@]}" "$bin" >"$tmp/slow.out" 2>&1
rc=$?
[[ $rc -eq 1 ]] || fail "a kernel doing twice the work was not caught (exit $rc): $(cat "$tmp/slow.out")"
grep -q 'flagship_evaluate .*MORE THAN 10 % ABOVE THE BASELINE' "$tmp/slow.out" ||
  fail "the failure does not name the kernel: $(cat "$tmp/slow.out")"

"${check[@]}" "$bin" --update "" >"$tmp/noreason.out" 2>&1
rc=$?
[[ $rc -eq 2 ]] || fail "an update without a reason was accepted (exit $rc)"

echo "check_instructions_test: passes on its own baseline, fails on a 2x slowdown:"
cat "$tmp/slow.out"
