#!/usr/bin/env bash
# Speed benchmarks (not tests): criterion natively, then the wasm build in Node.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
ensure_npm
say "Native (criterion)"
(cd "$ENGINE" && cargo bench -p ackscope-engine --bench engine)
build_wasm
say "WebAssembly (Node)"
node "$ROOT/scripts/bench-wasm.mjs" "${1:-5}"
