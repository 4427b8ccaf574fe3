#!/usr/bin/env bash
# Builds the wasm engine into web/src/engine/pkg (installing the wasm32 target and
# the matching wasm-bindgen-cli when missing).
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
build_wasm
