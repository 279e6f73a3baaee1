#!/usr/bin/env bash
# Builds the card rules' browser module (the `frontend` crate: kassa_rules as wasm, used by
# public/page.js on the card form) into target/site/pkg. Installs the wasm target and
# wasm-bindgen-cli (pinned to the wasm-bindgen crate in Cargo.lock) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
WASM_BINDGEN_VERSION=0.2.130

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! command -v wasm-bindgen >/dev/null || ! wasm-bindgen --version | grep -q " $WASM_BINDGEN_VERSION"; then
  echo "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

cargo build -p frontend --lib --target wasm32-unknown-unknown --profile wasm-release
mkdir -p target/site/pkg
rm -f target/site/pkg/kassa_islands*  # the Leptos islands bundle of earlier builds
wasm-bindgen --target web --no-typescript --out-dir target/site/pkg --out-name kassa_rules \
  target/wasm32-unknown-unknown/wasm-release/frontend.wasm
ls -l target/site/pkg
