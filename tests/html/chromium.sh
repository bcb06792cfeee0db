# Sourced by the browser tests: sets chromium_bin, or ends the test when chromium or python3 is
# missing: FAILS if TRNCOST_REQUIRE_CHROMIUM=1 (CI sets it and installs both), and is reported
# SKIPPED (exit 77) otherwise, so a developer without a browser sees it was not run rather than a pass.
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
