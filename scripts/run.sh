#!/usr/bin/env bash
# Runs Kassa in demo mode on the embedded SQLite database (data/kassa.db, created and migrated
# on first start): a demo project, requisites for every country and method, the demo shop at
# http://127.0.0.1:3000/ and the sandbox panel on the payment page. Builds the browser bundle
# first (installing the wasm target when missing). Any KASSA_* variable
# set in the environment overrides the demo defaults below.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/build-site.sh >/dev/null
export KASSA_DEMO="${KASSA_DEMO:-1}"
export KASSA_ALLOW_PRIVATE_CALLBACKS="${KASSA_ALLOW_PRIVATE_CALLBACKS:-1}"
export KASSA_SITE_ROOT="${KASSA_SITE_ROOT:-$PWD/target/site}"
exec cargo run -p kassa --bin kassa -- "$@" serve
