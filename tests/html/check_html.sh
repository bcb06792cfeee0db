#!/usr/bin/env bash
# Opens the HTML report in real headless Chromium: checks the DOM Chromium built (the charts' SVG and
# bars, the placeholders for later charts, no external resource) and that a screenshot shows the bars.
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

missing=()
chromium_bin=$(command -v chromium || command -v chromium-browser || true)
[[ -n $chromium_bin ]] || missing+=(chromium)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if ((${#missing[@]} != 0)); then
  if [[ ${TRNCOST_REQUIRE_CHROMIUM:-} == 1 ]]; then
    echo "FAIL: not found: ${missing[*]} (TRNCOST_REQUIRE_CHROMIUM=1); install the Debian packages: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "SKIPPED: not found: ${missing[*]}; install the Debian packages (apt-get install ${missing[*]}) to run this test; CI requires them (TRNCOST_REQUIRE_CHROMIUM=1)"
  exit 77
fi

rm -rf "$work"
mkdir -p "$work"
"$render" "$work/report.html"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Self-contained: nothing to fetch.
if grep -Eiq '<script|<link|<img|<iframe|src=|url\(|@import' "$work/report.html"; then
  fail "the report refers to an external resource or a script"
fi

# Chromium with no network (every host unresolvable), its own profile, no sandbox (runs as root in CI).
run_chromium() {
  timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --hide-scrollbars --user-data-dir="$work/profile" \
    --host-resolver-rules='MAP * ~NOTFOUND' "$@" "file://$work/report.html"
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
for id in chart-tornado chart-comparison chart-burndown; do
  expect_at_least "placeholder $id" "<figure class=\"placeholder\" id=\"$id\"" 1
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
echo "html report checked in $("$chromium_bin" --version 2>/dev/null | head -1)"
