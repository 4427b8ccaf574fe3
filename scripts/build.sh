#!/usr/bin/env bash
# Production build of the web app into dist/, plus the release CLI.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
ensure_npm
build_wasm
say "Building the CLI"
(cd "$ENGINE" && cargo build --release -p ackscope-cli)
say "Building the web app"
cd "$ROOT" && npx vite build --config web/vite.config.ts
