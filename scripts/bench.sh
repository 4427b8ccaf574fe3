#!/usr/bin/env bash
# Speed benchmarks (not tests).
#   npm run bench               criterion natively, then the wasm build in Node
#   npm run bench -- --vs-ns2   PERF-1 and a 100-flow dumbbell: native CLI, wasm in
#                               Node and ns-2 (when installed), side by side
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
ensure_npm
if [ "${1:-}" = "--vs-ns2" ]; then
  (cd "$ENGINE" && cargo build --release -p ackscope-cli --quiet)
  build_wasm
  command -v ns >/dev/null || echo "ns-2 is not installed (apt-get install ns2): comparing native and wasm only" >&2
  node "$ROOT/scripts/bench-vs-ns2.mjs" "${2:-7}"
  exit
fi
say "Native (criterion)"
(cd "$ENGINE" && cargo bench -p ackscope-engine --bench engine)
build_wasm
say "WebAssembly (Node)"
node "$ROOT/scripts/bench-wasm.mjs" "${1:-5}"
