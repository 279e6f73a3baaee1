#!/usr/bin/env bash
# End-to-end tests of the hosted page in Debian's Chromium through Playwright. Installs Chromium
# (Debian package) and the npm packages when missing; never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! [ -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-noto-core
fi
# Fonts for every script the page is served in (Arabic and Devanagari come with noto-core; Chinese
# needs CJK), so screenshots show text, not boxes.
# fc-list's output is read whole first: `fc-list | grep -q` under pipefail fails when grep stops
# reading at its first match, which would reinstall the fonts on every run.
fonts="$(fc-list 2>/dev/null || true)"
if ! grep -qi "Noto Sans CJK" <<<"$fonts" || ! grep -qi "Noto Naskh Arabic" <<<"$fonts"; then
  echo "installing Debian's Noto fonts"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq fonts-noto-core fonts-noto-cjk
fi
node_major="$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')"
if [ -z "$node_major" ] || [ "$node_major" -lt 20 ]; then
  echo "Node.js 20 or newer (with npm) is needed for the Playwright tests; found: ${node_major:-none}" >&2
  exit 1
fi
scripts/build-site.sh
# Run alone, it builds the server; from test.sh, it uses the binary `cargo test` built (which the
# soak is running meanwhile: rebuilding it here would replace it under the soak).
if [ -z "${KASSA_E2E_PREBUILT:-}" ]; then
  cargo build -p kassa --bin kassa
fi

cd end2end
if ! [ -d node_modules/@playwright/test ] || ! [ -d node_modules/axe-core ]; then
  npm ci --no-audit --no-fund
fi
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
