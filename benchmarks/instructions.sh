#!/usr/bin/env bash
# Instructions per operation of each benchmark kernel, counted by valgrind (cachegrind without cache
# simulation): unlike time, a count is not disturbed by other work on a shared machine, so it can
# tell a 5 % difference that timing noise hides. Each kernel runs twice under valgrind, with 0 and
# with N extra runs after the same setup and warm-up; the difference divided by N x operations per
# run is the count of one operation.
#
# Usage: bash benchmarks/instructions.sh <build dir>/benchmarks/bench_instructions [N] [filter] [--raw]
#   N (default 20) runs of each kernel; filter: an extended regex on kernel names (default all);
#   --raw prints only "kernel instructions/op" lines (what check_instructions reads).
# Caveat: valgrind presents its own CPU to glibc, which may then pick other variants of strtod,
# memcpy... than on the bare machine; trncost's own code is the same machine code either way.
set -euo pipefail

bin="${1:?usage: $0 <path to bench_instructions> [N] [filter]}"
n="${2:-20}"
filter="${3:-.}"
raw=0
[[ "${4:-}" == "--raw" ]] && raw=1
if ! command -v valgrind >/dev/null; then
  echo "valgrind not found (Debian: apt-get install valgrind)" >&2
  exit 1
fi
if [[ ! -x "$bin" ]]; then
  echo "not an executable: $bin" >&2
  exit 1
fi

count() {  # count <kernel> <runs>: instructions executed by the whole process
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 |
    awk '/ I +refs:/ { gsub(",", "", $NF); print $NF }'
}

declare -A per_op
names=()
if ((!raw)); then
  printf '| %-28s | %14s |\n' "kernel" "instructions/op"
  printf '|%s|%s:|\n' "------------------------------" "----------------"
fi
while read -r name ops compare; do
  [[ "$name" =~ $filter ]] || continue
  base=$(count "$name" 0)
  full=$(count "$name" "$n")
  per_op[$name]=$(awk -v a="$base" -v b="$full" -v n="$n" -v o="$ops" \
    'BEGIN { printf "%.1f", (b - a) / (n * o) }')
  if ((raw)); then
    echo "$name ${per_op[$name]}"
  else
    printf '| %-28s | %14s |\n' "$name" "${per_op[$name]}"
  fi
  names+=("$name|$compare")
done < <("$bin" --list)
((raw)) && exit 0

echo
printf '| %-28s | %-24s | %7s | %s\n' "kernel" "anchor" "ratio" "target |"
printf '|%s|%s|%s:|%s\n' "------------------------------" "--------------------------" \
  "--------" "--------|"
for entry in "${names[@]}"; do
  name=${entry%%|*}
  compare=${entry#*|}
  [[ -n "$compare" ]] || continue
  IFS=',' read -r -a anchors <<<"$compare"
  for a in "${anchors[@]}"; do
    anchor=${a%%<=*}
    target=""
    [[ "$a" == *"<="* ]] && target=${a#*<=}
    [[ -n "${per_op[$anchor]:-}" ]] || continue
    ratio=$(awk -v x="${per_op[$name]}" -v y="${per_op[$anchor]}" 'BEGIN { printf "%.3f", x / y }')
    verdict=""
    if [[ -n "$target" ]]; then
      verdict="<= $target: $(awk -v r="$ratio" -v t="$target" \
        'BEGIN { print (r <= t ? "met" : "MISSED") }')"
    fi
    printf '| %-28s | %-24s | %7s | %s |\n' "$name" "$anchor" "$ratio" "$verdict"
  done
done
