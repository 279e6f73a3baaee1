#!/usr/bin/env bash
# Cold load of the hosted payment page (/pay/{token}) in Debian's Chromium on a throttled link
# (400 kbit/s, 400 ms round trip): first contentful paint, DOMContentLoaded, load, the moment the
# page's script has made it interactive, and the bytes on the wire, with JavaScript on and off.
# Two pages, the heaviest with JavaScript: the payment instructions (copy buttons, live
# countdown) and the e-commerce card form (the card rules, kassa_rules.wasm, loaded
# before the form is ready). Fails (exit 1) when, on either page, the median FCP reaches 2 s or
# the median interactive time 4 s. See end2end/bench/coldload.mjs.
#
#   scripts/coldload.sh             builds the release server and the browser bundle first
#   scripts/coldload.sh --bin PATH  measures an existing server binary (no build)
#
# The server runs in demo mode on a fresh SQLite database and a free loopback port, and stops
# when the script ends. CHROMIUM=path picks another Chromium build.
set -euo pipefail

usage() { echo "usage: scripts/coldload.sh [--bin PATH]" >&2; exit 2; }
invocation="scripts/coldload.sh${*:+ $*}"
caller_dir="$PWD"
bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) [ $# -ge 2 ] || usage; bin="$2"; shift 2 ;;
    --bin=*) bin="${1#--bin=}"; shift ;;
    -h|--help) usage ;;
    *) echo "unknown argument: $1" >&2; usage ;;
  esac
done
cd "$(dirname "$0")/.."
echo "\$ $invocation"

if [ -z "$bin" ]; then
  scripts/build-site.sh >/dev/null
  cargo build --release -p kassa --bin kassa
  bin="$PWD/target/release/kassa"
else
  # A relative path is the caller's, as with any command-line argument.
  case "$bin" in /*) ;; *) bin="$caller_dir/$bin" ;; esac
fi
[ -x "$bin" ] || { echo "no server binary at $bin" >&2; exit 2; }
# Only the card form loads the bundle: without it that page never becomes interactive (and fails).
ls target/site/pkg/*.wasm >/dev/null 2>&1 || echo "warning: no browser bundle in target/site/pkg (scripts/build-site.sh)" >&2

# The same one-time installs as scripts/e2e.sh: Debian's Chromium and the npm packages, never a
# downloaded browser.
if [ -z "${CHROMIUM:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium
fi
if ! [ -d end2end/node_modules/playwright-core ]; then
  (cd end2end && npm ci --no-audit --no-fund)
fi

tmp="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The kernel picks a free port; the short gap before the server binds it is harmless here.
port="$(node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
KASSA_DATABASE_URL="sqlite://$tmp/kassa.db" \
KASSA_BIND="127.0.0.1:$port" \
KASSA_SITE_ROOT="$PWD/target/site" \
KASSA_DEMO=1 \
KASSA_ALLOW_PRIVATE_CALLBACKS=1 \
RUST_LOG="${RUST_LOG:-warn}" \
  "$bin" serve >"$tmp/server.log" 2>&1 &
server=$!

# A fresh database is created, migrated and seeded with the demo's requisites before it serves.
for _ in $(seq 1 600); do
  if curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "kassa stopped before it served:" >&2; tail -n 20 "$tmp/server.log" >&2; exit 2
  fi
  sleep 0.1
done
curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$port/healthz" || {
  echo "kassa did not answer /healthz within 60 s:" >&2; tail -n 20 "$tmp/server.log" >&2; exit 2
}

status=0
node end2end/bench/coldload.mjs "http://127.0.0.1:$port" || status=$?
if [ "$status" -eq 2 ]; then echo "server log (last lines):" >&2; tail -n 20 "$tmp/server.log" >&2; fi
exit "$status"
