#!/usr/bin/env bash
# End-to-end tests of the hosted page in Debian's Chromium through Playwright. Installs Chromium
# (Debian package) and the npm packages when missing; never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/test-deps.sh browser npm
scripts/build-site.sh
# Run alone, it builds the server; from test.sh, it uses the binary `cargo test` built (which the
# soak is running meanwhile: rebuilding it here would replace it under the soak).
if [ -z "${KASSA_E2E_PREBUILT:-}" ]; then
  cargo build -p kassa --bin kassa
fi

cd end2end
rm -rf screenshots test-results && mkdir -p screenshots ../target/test-logs
export E2E_SERVER_LOG="$PWD/../target/test-logs/e2e-server.log"
status=0
npx playwright test "$@" || status=$?
if [ "$status" -ne 0 ]; then
  # What a failed test's page held (Playwright's snapshot of it) and what the server said, so
  # that a failure on CI can be understood from its output alone.
  while read -r context; do
    echo "== $context"
    sed "/^# Test source/,\$d" "$context"
  done < <(find test-results -name error-context.md 2>/dev/null || true)
  echo "== the server's warnings and errors (all of it: $E2E_SERVER_LOG)"
  grep -E ' (WARN|ERROR) ' "$E2E_SERVER_LOG" | tail -n 60 || true
  exit "$status"
fi
echo "screenshots of the final screens: end2end/screenshots/"
