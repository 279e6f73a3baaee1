#!/usr/bin/env bash
# Installs what the tests need and a fresh machine lacks, each part only when it is missing:
#   nginx         Debian's nginx (the trusted-proxy test)
#   browser       Debian's Chromium and the Noto fonts for every script the page is served in
#                 (Playwright); Debian's packages of all parts asked for in one apt-get install
#   npm           the Playwright packages of end2end/, from its lock file
#   schemathesis  its virtual environment at target/schemathesis-venv ($SCHEMATHESIS_VENV),
#                 pinned in scripts/schemathesis/requirements.txt and made again when that changes
# With no argument, all three. scripts/test.sh runs it in the background while the lints
# compile; e2e.sh and schemathesis.sh run their part, so each also works alone.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's packages the parts asked for lack, installed after one apt-get update.
debian_packages() {
  local packages=()
  if [[ " $* " == *" nginx "* ]]; then
    [ -x /usr/sbin/nginx ] || packages+=(nginx-light)
  fi
  if [[ " $* " == *" browser "* ]]; then
    [ -x /usr/bin/chromium ] || packages+=(chromium)
    # Arabic and Devanagari come with noto-core, Chinese needs CJK: screenshots show text, not
    # boxes. fc-list's output is read whole first: `fc-list | grep -q` under pipefail fails when
    # grep stops reading at its first match, which would reinstall the fonts on every run.
    local fonts
    fonts="$(fc-list 2>/dev/null || true)"
    grep -qi "Noto Naskh Arabic" <<<"$fonts" || packages+=(fonts-noto-core)
    grep -qi "Noto Sans CJK" <<<"$fonts" || packages+=(fonts-noto-cjk)
  fi
  if [ "${#packages[@]}" -gt 0 ]; then
    echo "installing Debian's ${packages[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${packages[@]}"
  fi
}

npm_packages() {
  local node_major
  node_major="$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')"
  if [ -z "$node_major" ] || [ "$node_major" -lt 20 ]; then
    echo "Node.js 20 or newer (with npm) is needed for the Playwright tests; found: ${node_major:-none}" >&2
    exit 1
  fi
  if ! [ -d end2end/node_modules/@playwright/test ] || ! [ -d end2end/node_modules/axe-core ]; then
    (cd end2end && npm ci --no-audit --no-fund)
  fi
}

schemathesis() {
  local python="${PYTHON:-python3}"
  if ! "$python" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
    echo "schemathesis: needs Python 3.11 or newer with the venv module (set PYTHON)" >&2
    exit 1
  fi
  local req="scripts/schemathesis/requirements.txt"
  local venv="${SCHEMATHESIS_VENV:-target/schemathesis-venv}"
  # The venv keeps a copy of the requirements it was made from; any change makes it again.
  if [ ! -x "$venv/bin/python" ] || ! cmp -s "$req" "$venv/requirements.installed.txt"; then
    echo "schemathesis: creating $venv from $req"
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    if ! "$python" -m venv "$venv" \
      || ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-virtualenv \
        --no-input -r "$req"; then
      echo "schemathesis: could not install $req into $venv" >&2
      rm -rf "$venv"
      exit 1
    fi
    cp "$req" "$venv/requirements.installed.txt"
  fi
}

parts=("$@")
[ "${#parts[@]}" -gt 0 ] || parts=(nginx browser npm schemathesis)
for part in "${parts[@]}"; do
  case "$part" in
    nginx | browser | npm | schemathesis) ;;
    *) echo "test-deps: unknown part $part (nginx, browser, npm, schemathesis)" >&2; exit 2 ;;
  esac
done
debian_packages "${parts[@]}"
for part in "${parts[@]}"; do
  case "$part" in
    npm) npm_packages ;;
    schemathesis) schemathesis ;;
  esac
done
