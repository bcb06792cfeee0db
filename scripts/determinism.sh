#!/usr/bin/env bash
# Determinism: the JSON report of every example that makes estimates must be byte-identical in every
# build given (e.g. g++ optimised, clang++ -O0 with sanitizers). Runs each example of each build
# with --json-dir, then compares every report with the first build's.
#
#   bash scripts/determinism.sh build build-asan
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
(($# >= 2)) || { echo "usage: bash scripts/determinism.sh BUILD_DIR BUILD_DIR..." >&2; exit 2; }

# The examples that write JSON reports with --json-dir (each runs from the repository root).
examples=(example_flagship example_custom_component example_trainium_vs_gpu)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for build in "$@"; do
  dir="$out/$(basename "$build")"
  mkdir -p "$dir"
  for e in "${examples[@]}"; do
    "$build/examples/$e" --json-dir "$dir" >/dev/null
  done
  # The command-line program on every shipped scenario, when it is built.
  if [[ -x "$build/examples/cli/trncost-estimate" ]]; then
    for s in examples/scenarios/*.toml; do
      "$build/examples/cli/trncost-estimate" "$s" --format json --output "$dir/scenario-$(basename "$s" .toml).json"
    done
  fi
done

first=$(basename "$1")
status=0
count=$(find "$out/$first" -name '*.json' | wc -l)
((count > 0)) || { echo "determinism: no report written by $1" >&2; exit 1; }
for build in "${@:2}"; do
  other=$(basename "$build")
  if diff -r "$out/$first" "$out/$other" >/dev/null; then
    echo "determinism: $count reports identical in $first and $other"
  else
    echo "determinism: reports differ between $first and $other:" >&2
    diff -r "$out/$first" "$out/$other" | head -40 >&2
    status=1
  fi
done
exit $status
