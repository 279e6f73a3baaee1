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
# Eight at a time: the integration tests mostly wait (on their servers, timers and PostgreSQL),
# so two cores run eight of them in 98 s where two at a time took 163 s.
cargo test -- --test-threads 8

# The soak mostly waits too (60 s of traffic per backend, kills, restarts): it runs in the
# background, its output kept in a file and shown once it is done, while schemathesis and the
# browser tests run. All three use target/debug/kassa as `cargo test` left it (built for the
# integration tests): a `cargo build` here compiles ~30 crates again with the features of the
# non-test build (the dev-dependencies add some to tokio, reqwest and rustix), 1 min on a fresh
# machine. That binary is the code the tests above just passed.
if ! [ -x target/debug/kassa ]; then
  cargo build -p kassa --bin kassa
fi
export KASSA_E2E_PREBUILT=1
logs="target/test-logs"
mkdir -p "$logs"
echo "== soak with crashes, short (PostgreSQL, then SQLite; docs/RELIABILITY.md): started in the background"
bash scripts/soak.sh --short >"$logs/soak.log" 2>&1 &
soak=$!
trap 'kill "$soak" 2>/dev/null || true' EXIT

echo "== schema-driven fuzzing of the API (schemathesis, PostgreSQL and SQLite at once; docs/RELIABILITY.md)"
bash scripts/schemathesis.sh --parallel

if [ -x scripts/e2e.sh ]; then
  echo "== end-to-end tests (Playwright, Chromium)"
  scripts/e2e.sh
fi

echo "== soak with crashes: its output"
soak_status=0
wait "$soak" || soak_status=$?
trap - EXIT
cat "$logs/soak.log"
if [ "$soak_status" -ne 0 ]; then
  echo "the soak failed (exit $soak_status): its output is above and in $logs/soak.log" >&2
  exit "$soak_status"
fi
echo "== all tests passed"
