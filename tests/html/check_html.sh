#!/usr/bin/env bash
# Opens the HTML report in real headless Chromium: checks the DOM Chromium built (the charts' SVG and
# bars, no empty box for an analysis the report lacks, no external resource) and that a screenshot shows the bars.
#
# usage: check_html.sh RENDER_PROGRAM WORK_DIR
#
# Needs the Debian packages chromium and python3. When one is missing the test FAILS if
# TRNCOST_REQUIRE_CHROMIUM=1 (CI sets it and installs both), and is reported SKIPPED (exit 77)
# otherwise, so a developer without a browser sees it was not run rather than a pass.
set -euo pipefail

render=$1
work=$2
here=$(cd "${BASH_SOURCE[0]%/*}" && pwd)

# Sets chromium_bin, or skips (exit 77) or fails when chromium or python3 is missing.
source "$here/chromium.sh"

rm -rf "$work"
mkdir -p "$work"
"$render" "$work/report.html" "$work/extras.html"
page="$work/report.html"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Self-contained: nothing to fetch.
if grep -Eiq '<script|<link|<img|<iframe|src=|url\(|@import' "$work/report.html" "$work/extras.html"; then
  fail "the report refers to an external resource or a script"
fi

# Chromium with no network (every host unresolvable), its own profile, no sandbox (runs as root in CI).
run_chromium() {
  timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --hide-scrollbars --user-data-dir="$work/profile" \
    --host-resolver-rules='MAP * ~NOTFOUND' "$@" "file://$page"
}

run_chromium --dump-dom >"$work/dom.html" 2>"$work/chromium-dom.log" ||
  fail "chromium --dump-dom failed (log: $work/chromium-dom.log)"
dom="$work/dom.html"
[[ -s $dom ]] || fail "chromium dumped an empty DOM"

count() { grep -o "$1" "$dom" | wc -l; }
expect_at_least() { # what regex minimum
  local n
  n=$(count "$2")
  ((n >= $3)) || fail "$1: found $n, expected at least $3 (pattern $2)"
  echo "ok: $1 ($n)"
}
expect_at_least "category chart" '<svg[^>]*id="chart-category"' 1
expect_at_least "category bars" '<rect class="bar" data-category="[^"]*" data-amount="[^"]*" x="[0-9]*" y="[0-9]*" width="[0-9.]*"' 6
expect_at_least "phase chart" '<svg[^>]*id="chart-phase"' 1
expect_at_least "useful phase bars" 'data-kind="useful"' 1
expect_at_least "overhead phase bars" 'data-kind="overhead"' 1
expect_at_least "useful and overhead totals" 'data-kind="\(useful\|overhead\)-total"' 2
# No analysis, no empty box: a chart appears only when it has content.
for id in chart-tornado chart-comparison chart-burndown; do
  if grep -q "id=\"$id\"" "$dom"; then fail "$id shown although the report has no such analysis"; fi
done
expect_at_least "status" '<body data-status="[a-z]*"' 1
expect_at_least "sources table" '<table id="sources">' 1
# The largest category (compute) gets the full bar width: 300 px.
expect_at_least "a full-width bar" 'width="300.00"' 1

run_chromium --window-size=1400,1100 --screenshot="$work/shot.png" >"$work/chromium-shot.log" 2>&1 ||
  fail "chromium --screenshot failed (log: $work/chromium-shot.log)"
[[ -s $work/shot.png ]] || fail "no screenshot written"
# compute bars, useful and overhead bars, storage bars must be visible in the first 1100 px.
python3 "$here/check_png.py" "$work/shot.png" 1f77b4:2000 2e7d32:2000 c62828:300 ff7f0e:100 ||
  fail "the screenshot does not show the charts ($work/shot.png)"
# The small estimate with every analysis extra: the tornado, comparison and burn-down charts replace
# their placeholders (tests/reports/extras_fixtures.hpp gives the figures).
page="$work/extras.html"
run_chromium --dump-dom >"$work/dom-extras.html" 2>"$work/chromium-dom-extras.log" ||
  fail "chromium --dump-dom failed on the extras report (log: $work/chromium-dom-extras.log)"
dom="$work/dom-extras.html"
[[ -s $dom ]] || fail "chromium dumped an empty DOM for the extras report"
expect_at_least "tornado chart" '<svg[^>]*id="chart-tornado"' 1
# 4 measured inputs, a bar to the low end and one to the high end each.
expect_at_least "tornado bars" '<rect class="bar tornado-bar" data-input="[a-z_]*" data-group="observed" data-side="\(low\|high\)"' 8
# The largest swing (throughput, 40.40...) on top: at its low end the total rises most (+22.22), so
# that bar starts at the baseline (x 360) and takes the full half-width (160 px).
expect_at_least "largest swing on top, full half-width" 'data-input="throughput" data-group="observed" data-side="low" data-swing="40.40404040404040404" x="360" y="34" width="160.00"' 1
expect_at_least "comparison chart" '<svg[^>]*id="chart-comparison"' 1
expect_at_least "ranked options" '<rect class="bar option-ranked" data-option="[^"]*" data-rank="[12]"' 2
expect_at_least "options set apart" '<rect class="option-apart" data-option="trn2"' 1
expect_at_least "burn-down chart" '<svg[^>]*id="chart-burndown"' 1
expect_at_least "credits used per period" '<rect class="bar burn-credits" data-period="2026-0[123]-01"' 3
expect_at_least "paid in cash per period" '<rect class="bar burn-cash" data-period="2026-0[123]-01"' 3
expect_at_least "balance line" '<polyline class="burn-balance" points="[0-9., ]*"' 1
expect_at_least "decision" '<section id="decision"><h2>Decision: compare another option' 1
for id in chart-tornado chart-comparison chart-burndown; do
  if grep -q "<figure class=\"placeholder\" id=\"$id\"" "$dom"; then
    fail "placeholder $id still shown although its chart is drawn"
  fi
done
run_chromium --window-size=1400,1700 --screenshot="$work/shot-extras.png" >"$work/chromium-shot-extras.log" 2>&1 ||
  fail "chromium --screenshot failed on the extras report (log: $work/chromium-shot-extras.log)"
# Tornado low and high bars, the balance line, credits (green) and cash (red) bars must be visible.
python3 "$here/check_png.py" "$work/shot-extras.png" 1565c0:1000 ef6c00:1000 6a1b9a:300 2e7d32:1000 c62828:300 ||
  fail "the screenshot does not show the analysis charts ($work/shot-extras.png)"

echo "html report checked in $("$chromium_bin" --version 2>/dev/null | head -1)"
