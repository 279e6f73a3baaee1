#!/usr/bin/env bash
# Runs every test: formatting, lints, unit and integration tests on SQLite and PostgreSQL,
# and the browser end-to-end tests. Installs what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-postgres.sh
# The trusted-proxy test runs Kassa behind Debian's nginx (server/tests/api/proxy.rs).
if ! [ -x /usr/sbin/nginx ]; then
  echo "installing Debian's nginx (light)"
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nginx-light
fi

echo "== format and lints"
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings

echo "== unit and integration tests (SQLite and PostgreSQL)"
cargo test

echo "== soak with crashes, short (PostgreSQL, then SQLite; docs/RELIABILITY.md)"
cargo build -p kassa --bin kassa
bash scripts/soak.sh --short

echo "== schema-driven fuzzing of the API (schemathesis, PostgreSQL then SQLite; docs/RELIABILITY.md)"
bash scripts/schemathesis.sh

if [ -x scripts/e2e.sh ]; then
  echo "== end-to-end tests (Playwright, Chromium)"
  scripts/e2e.sh
fi
echo "== all tests passed"
