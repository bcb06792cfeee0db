#!/usr/bin/env bash
# Compile time of a translation unit using trncost against one using only Boost.Units' SI system and
# fmt (the target: at most 1.5x), of one using trncost's fmt formatters (readers/fmt.hpp), and of the
# estimate-only reports (tu_markdown, tu_report_json: a one-line model built with model.hpp,
# evaluated and rendered; tu_render_markdown, tu_render_json: one writer header rendering an estimate
# it is given; target at most 2x) and of the scenario file's header (tu_scenario: target at most 3x).
#
# Each trncost TU is compiled twice: header-only (the default; "tu_x") and with
# TRNCOST_SEPARATE_COMPILATION ("tu_x/sep": the non-template functions declared only, compiled once
# elsewhere by <trncost/src.hpp>, as the anchor's fmt is compiled once in libfmt; README.md).
#
# Usage: bash benchmarks/compile_time/measure.sh [N]     (N compilations of each TU, default 7)
# Environment: CXX (default g++), CXXFLAGS (default "-std=c++20 -O2").
#
# Each round compiles every TU once, in turn, so a burst of load on a shared machine hits them all
# alike; the script prints the median wall time of each (and the median CPU time, user + system,
# which a loaded machine disturbs less), the ratios of the medians to the anchor's, and the median
# and range of each round's ratio to that round's anchor.
set -euo pipefail

n="${1:-7}"
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [N]   (N >= 1 compilations of each translation unit)" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
include_dir="$(cd "$here/../../include" && pwd)"
cxx="${CXX:-g++}"
read -r -a flags <<<"${CXXFLAGS:--std=c++20 -O2}"
out_dir="$(mktemp -d)"
trap 'rm -rf "$out_dir"' EXIT

sources=(tu_trncost tu_markdown tu_report_json tu_render_markdown tu_render_json tu_scenario tu_io_fmt)
tus=(tu_anchor)
for tu in "${sources[@]}"; do tus+=("$tu" "$tu/sep"); done

# The source and the extra flags of a TU name: "tu_x/sep" is tu_x.cpp in separate compilation.
source_of() { echo "$here/${1%/sep}.cpp"; }
mode_flags() { [[ "$1" == */sep ]] && echo "-DTRNCOST_SEPARATE_COMPILATION" || true; }
object_of() { echo "$out_dir/${1//\//_}.o"; }

# One untimed compilation of each: checks that they compile and warms the file cache.
for tu in "${tus[@]}"; do
  # shellcheck disable=SC2046 # mode_flags: zero or one word
  "$cxx" "${flags[@]}" $(mode_flags "$tu") -I "$include_dir" -c "$(source_of "$tu")" \
    -o "$(object_of "$tu")"
done

declare -A wall cpu
TIMEFORMAT='%R %U %S'  # bash's `time`: wall, user and system seconds
for ((round = 1; round <= n; ++round)); do
  for tu in "${tus[@]}"; do
    # shellcheck disable=SC2046 # mode_flags: zero or one word
    t=$({ time "$cxx" "${flags[@]}" $(mode_flags "$tu") -I "$include_dir" -c "$(source_of "$tu")" \
      -o "$(object_of "$tu")" 2>/dev/null; } 2>&1)
    read -r real user sys <<<"$t"
    wall[$tu]+="$real "
    cpu[$tu]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }') "
  done
done

median() {
  tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) printf "%.3f", v[(NR + 1) / 2]
    else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
range() { tr ' ' '\n' | grep -v '^$' | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END {
  printf "%.3f-%.3f", lo, hi }'; }

echo "compiler: $("$cxx" --version | head -n 1)"
echo "flags:    ${flags[*]} -I $include_dir -c"
echo "runs:     $n per translation unit (interleaved); $(nproc) CPUs;" \
  "load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
printf '%-19s %14s %14s %14s\n' "TU" "median wall s" "wall range s" "median CPU s"
declare -A med_wall med_cpu
for tu in "${tus[@]}"; do
  med_wall[$tu]=$(median <<<"${wall[$tu]}")
  med_cpu[$tu]=$(median <<<"${cpu[$tu]}")
  printf '%-19s %14s %14s %14s\n' "$tu" "${med_wall[$tu]}" "$(range <<<"${wall[$tu]}")" \
    "${med_cpu[$tu]}"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
for tu in "${tus[@]}"; do
  [[ "$tu" == tu_anchor ]] && continue
  target=""
  base="${tu%/sep}"
  [[ "$base" == tu_trncost ]] && target="   (target: at most 1.5)"
  [[ "$base" == tu_markdown || "$base" == tu_report_json || "$base" == tu_render_* ]] &&
    target="   (target: at most 2)"
  [[ "$base" == tu_scenario ]] && target="   (target: at most 3)"
  # Each round's CPU time over the same round's anchor: a host that slows down for a while slows
  # a round's units alike, so the median of these ratios moves less than the ratio of the medians.
  per_round=$(paste -d ' ' <(tr ' ' '\n' <<<"${cpu[$tu]}" | grep -v '^$') \
    <(tr ' ' '\n' <<<"${cpu[tu_anchor]}" | grep -v '^$') | awk '{ printf "%.3f ", $1 / $2 }')
  printf 'ratio %s / tu_anchor: wall %s, CPU %s; CPU round by round: median %s, range %s%s\n' \
    "$tu" "$(ratio "${med_wall[$tu]}" "${med_wall[tu_anchor]}")" \
    "$(ratio "${med_cpu[$tu]}" "${med_cpu[tu_anchor]}")" "$(median <<<"$per_round")" \
    "$(range <<<"$per_round")" "$target"
done
