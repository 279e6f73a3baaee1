#!/usr/bin/env bash
# End-to-end tests of the hosted page in Debian's Chromium through Playwright. Installs Chromium
# (Debian package) and the npm packages when missing; never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! [ -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
scripts/build-site.sh
cargo build -p kassa --bin kassa

cd end2end
if ! [ -d node_modules/@playwright/test ] || ! [ -d node_modules/axe-core ]; then
  npm ci --no-audit --no-fund
fi
rm -rf screenshots && mkdir -p screenshots
npx playwright test "$@"
echo "screenshots of the final screens: end2end/screenshots/"
