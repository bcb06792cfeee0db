#!/usr/bin/env bash
# The CTest test scaffold_component_kind: scripts/scaffold's "kind" on a copy of the sources builds
# and passes. It copies include/, docs/, tests/ and examples/ to a temporary folder, scaffolds a kind
# there, then compiles and runs, in one program, the test the scaffold wrote (the shipped example's
# total by hand, a refusal), the parity test (docs/scenario.md names exactly the keys the parser
# reads, the new kind's too) and the scenario tests that list every kind in order: the recipe of
# docs/architecture.md, "Adding a component kind", kept true by running it.
#   bash tests/scaffold/check_kind.sh CXX SOURCE_DIR [EXTRA_INCLUDE_DIR...]
set -euo pipefail
cxx=${1:?usage: check_kind.sh CXX SOURCE_DIR [INCLUDE_DIR...]}
src=$(cd "${2:?usage: check_kind.sh CXX SOURCE_DIR [INCLUDE_DIR...]}" && pwd)
shift 2
extra=()
# The compiler's own folders are left out: -isystem /usr/include breaks libstdc++'s #include_next.
for dir in "$@"; do
  case "$dir" in /usr/include | /usr/local/include | "") ;; *) extra+=(-isystem "$dir") ;; esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/include" "$src/docs" "$src/tests" "$src/examples" "$work/"
python3 "$src/scripts/scaffold" kind scaffold_probe --title "a probe of the scaffold" \
  --root "$work"

# A second run refuses to overwrite what the first wrote, and leaves the files as they are.
before=$(cat "$work/include/trncost/scenario/kinds/registry.ipp")
if python3 "$src/scripts/scaffold" kind scaffold_probe --root "$work" 2>"$work/again.err"; then
  echo "check_kind: a second scaffold of the same kind was accepted" >&2
  exit 1
fi
grep -q "already" "$work/again.err" || { cat "$work/again.err" >&2; exit 1; }
[[ "$(cat "$work/include/trncost/scenario/kinds/registry.ipp")" == "$before" ]]

cat >"$work/unity.cpp" <<'CPP'
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include "tests/scenario/scenario_scaffold_probe_test.cpp"
#include "tests/scenario/parity_test.cpp"
#include "tests/scenario/scenario_test.cpp"
CPP
"$cxx" -std=c++20 -O0 -DBOOST_ALL_NO_LIB "-DTRNCOST_TESTS_DIR=\"$work/tests\"" -I "$work/include" \
  -I "$work" "${extra[@]}" -Wall -Wextra -Werror "$work/unity.cpp" -lfmt -o "$work/probe"
"$work/probe" --no-intro=true
# The command's message names the new kind, as the kinds' test file expects.
grep -q ", compilation, scaffold_probe$" "$work/tests/scenario/data/typo-kind.stderr"
echo "check_kind: the scaffolded kind builds, parses, estimates and is documented"
