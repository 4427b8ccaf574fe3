#!/usr/bin/env bash
# Installs whatever is missing, builds the wasm engine and serves the app.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
ensure_npm
build_wasm
say "Serving Ackscope at http://localhost:${PORT:-5173}/"
cd "$ROOT" && exec npx vite --config web/vite.config.ts --port "${PORT:-5173}" --strictPort "$@"
