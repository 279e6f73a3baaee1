#!/usr/bin/env bash
# Builds the card rules' browser module (the `frontend` crate: kassa_rules as plain wasm, used by
# public/page.js on the card form) into target/site/pkg. Needs only cargo and the wasm target
# (installed when missing): no binding generator and no optimizer to install (docs/DECISIONS.md).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! grep -qx wasm32-unknown-unknown <<<"$(rustup target list --installed)"; then
  rustup target add wasm32-unknown-unknown
fi
cargo build -p frontend --lib --target wasm32-unknown-unknown --profile wasm-release
mkdir -p target/site/pkg
# What earlier builds left: the Leptos islands bundle, wasm-bindgen's glue and module.
rm -f target/site/pkg/kassa_islands* target/site/pkg/kassa_rules.js target/site/pkg/kassa_rules_bg.wasm
cp target/wasm32-unknown-unknown/wasm-release/frontend.wasm target/site/pkg/kassa_rules.wasm
ls -l target/site/pkg
