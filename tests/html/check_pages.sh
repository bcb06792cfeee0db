#!/usr/bin/env bash
# Every shipped example of one kind of page, written by the trncost command as HTML and as JSON,
# opened in headless Chromium at 1280 and 390 px by check_pages.py: no text cut off, nothing wider
# than the page, nothing fetched, every chart its report's data calls for; a screenshot of each in
# WORK_DIR for whoever changes a writer to look at.
#
# usage: check_pages.sh KIND TRNCOST_PROGRAM REPOSITORY WORK_DIR
#   KIND: estimates (examples/scenarios/*.toml), studies (examples/studies/*.toml), plans
#   (examples/plans/*.toml), reconciliation (the shipped FOCUS bill against the fine-tuning
#   estimate it bills) or diffs (pairs of shipped estimates' reports, and of studies' reports).
#
# Needs chromium and python3: when one is missing the test FAILS if TRNCOST_REQUIRE_CHROMIUM=1,
# and is reported SKIPPED (exit 77) otherwise (chromium.sh).
set -euo pipefail

kind=$1
trncost=$2
repo=$3
work=$4
here=$(cd "${BASH_SOURCE[0]%/*}" && pwd)

source "$here/chromium.sh"

rm -rf "$work"
mkdir -p "$work/pages"
cd "$repo"  # the examples name their data relative to the repository

pages=()
write() { # KIND_OF_PAGE INPUT NAME: the page and its JSON, both from the trncost command
  "$trncost" estimate "$2" --format html --output "$work/pages/$3.html"
  "$trncost" estimate "$2" --format json --output "$work/pages/$3.json"
  pages+=("$1" "$work/pages/$3.html" "$work/pages/$3.json")
}
case $kind in
  estimates)
    for s in examples/scenarios/*.toml; do write estimate "$s" "$(basename "$s" .toml)"; done
    ;;
  studies)
    for s in examples/studies/*.toml; do write study "$s" "$(basename "$s" .toml)"; done
    ;;
  plans)
    # A plan has no JSON form: its charts are checked against its Markdown's tables.
    for s in examples/plans/*.toml; do
      name=$(basename "$s" .toml)
      "$trncost" estimate "$s" --format html --output "$work/pages/$name.html"
      "$trncost" estimate "$s" --format md --output "$work/pages/$name.md"
      pages+=(plan "$work/pages/$name.html" "$work/pages/$name.md")
    done
    ;;
  diffs)
    # Pairs of shipped estimates (a diff has no JSON form: its chart is checked against its
    # Markdown's table of the lines that moved); the last pair is one report with itself.
    s=examples/scenarios
    for pair in fine-tune-8b-trn1:fine-tune-8b-trn2 qwen3-32b-serving-p5-40:qwen3-32b-serving-trn2-40 \
      qwen3-32b-serving-trn2-40:qwen3-32b-serving-trn2-90 continued-pretraining-trn2:cpt-8b-trn2-interrupted \
      qwen3-32b-serving-p5-90:qwen3-32b-serving-p5-40 lr-sweep-trn1:lr-sweep-trn1; do
      a=${pair%%:*} b=${pair##*:}
      for x in "$a" "$b"; do
        [[ -f $work/pages/$x.json ]] || "$trncost" estimate "$s/$x.toml" --format json --output "$work/pages/$x.json"
      done
      name="diff-$a-to-$b"
      for f in html md; do
        "$trncost" diff "$work/pages/$a.json" "$work/pages/$b.json" --format "$f" --output "$work/pages/$name.$f"
      done
      pages+=(diff "$work/pages/$name.html" "$work/pages/$name.md")
    done
    # Two study reports, option by option: one option in both and the others on one side only;
    # then a study with itself.
    for pair in api-or-fleets-on-credits:qwen3-hosting-vs-bedrock fine-tune-trn1-trn2-p5:fine-tune-trn1-trn2-p5; do
      a=${pair%%:*} b=${pair##*:}
      for x in "$a" "$b"; do
        [[ -f $work/pages/$x.json ]] || "$trncost" estimate "examples/studies/$x.toml" --format json --output "$work/pages/$x.json"
      done
      name="diff-$a-to-$b"
      for f in html md; do
        "$trncost" diff "$work/pages/$a.json" "$work/pages/$b.json" --format "$f" --output "$work/pages/$name.$f"
      done
      pages+=(studydiff "$work/pages/$name.html" "$work/pages/$name.md")
    done
    ;;
  reconciliation)
    est=examples/scenarios/fine-tune-8b-trn1.toml
    bill=examples/data/bills/fine-tune-8b-trn1-focus.csv
    "$trncost" estimate "$est" --format json --output "$work/pages/estimate.json"
    for f in html json; do
      "$trncost" reconcile "$work/pages/estimate.json" "$bill" --format "$f" \
        --output "$work/pages/reconcile-fine-tune-8b-trn1.$f"
    done
    pages+=(reconciliation "$work/pages/reconcile-fine-tune-8b-trn1.html"
      "$work/pages/reconcile-fine-tune-8b-trn1.json")
    ;;
  *)
    echo "unknown kind $kind: estimates, studies, plans, reconciliation or diffs" >&2
    exit 2
    ;;
esac

python3 "$here/check_pages.py" "$chromium_bin" "$work" "${pages[@]}"

if [[ $kind == reconciliation ]]; then
  # The check itself: it must refuse the page as trncost drew it before its labels fit.
  fixture="$here/data/clipped-page.html"
  if python3 "$here/check_pages.py" "$chromium_bin" "$work/refused" page "$fixture" - \
    >"$work/refused.log" 2>&1; then
    echo "FAIL: the check passed $fixture, whose text is cut off (log $work/refused.log)" >&2
    exit 1
  fi
  for said in 'at 1280 px: text cut off by svg#billed-chart: "AmazonEC2, us-east-1' \
    'at 1280 px: text cut off by svg#billed-chart: "billed 354.75' \
    'texts drawn over each other in svg#billed-chart' \
    'at 390 px: the page is [0-9]* px wide in a 390 px window' \
    'at 390 px: table#rows spans' 'external resource or script: img'; do
    grep -q -- "$said" "$work/refused.log" ||
      { echo "FAIL: the check of $fixture did not say: $said (log $work/refused.log)" >&2; exit 1; }
  done
  echo "ok: the check refuses a page with cut-off and overlapping text, a table wider than a phone and an image"
fi
