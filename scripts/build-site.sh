#!/usr/bin/env bash
# Builds the card rules' browser module (the `frontend` crate: kassa_rules as wasm, used by
# public/page.js on the card form) into target/site/pkg. Installs the wasm target and
# wasm-bindgen-cli (pinned to the wasm-bindgen crate in Cargo.lock) and wasm-opt (binaryen, built
# from crates.io) when missing; both are cached in ~/.cargo/bin after the first run.
set -euo pipefail
cd "$(dirname "$0")/.."
WASM_BINDGEN_VERSION=0.2.130
WASM_OPT_VERSION=0.116.1 # the crate; binaryen's own version is 116

if ! grep -qx wasm32-unknown-unknown <<<"$(rustup target list --installed)"; then
  rustup target add wasm32-unknown-unknown
fi
if ! command -v wasm-bindgen >/dev/null || ! grep -q " $WASM_BINDGEN_VERSION" <<<"$(wasm-bindgen --version)"; then
  echo "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if ! command -v wasm-opt >/dev/null || ! grep -q "version 116" <<<"$(wasm-opt --version)"; then
  echo "installing wasm-opt $WASM_OPT_VERSION (compiles binaryen: about 8 minutes on 2 cores, once)"
  cargo install wasm-opt --version "$WASM_OPT_VERSION" --locked
fi

cargo build -p frontend --lib --target wasm32-unknown-unknown --profile wasm-release
mkdir -p target/site/pkg
rm -f target/site/pkg/kassa_islands*  # the Leptos islands bundle of earlier builds
wasm-bindgen --target web --no-typescript --out-dir target/site/pkg --out-name kassa_rules \
  target/wasm32-unknown-unknown/wasm-release/frontend.wasm
# rustc's size-optimized output still shrinks by a fifth (14 KB gzip instead of 16.5 KB); the wasm
# features are read from the module's target_features section, then that section is dropped.
wasm-opt -Oz --strip-producers --strip-target-features \
  target/site/pkg/kassa_rules_bg.wasm -o target/site/pkg/kassa_rules_bg.wasm
ls -l target/site/pkg
