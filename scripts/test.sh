#!/usr/bin/env bash
# Every test: Rust (unit, scenario, determinism), generated-type freshness,
# TypeScript, vitest (web logic and native-vs-wasm digests), Playwright.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_bindgen
ensure_npm
ensure_browser
ensure_tshark
say "Rust tests"
(cd "$ENGINE" && cargo test --workspace --quiet)
say "Fuzz targets, a short fixed run each (fuzz/run.sh; a long run is fuzz/run.sh <target> <runs>)"
bash "$ROOT/fuzz/run.sh"
build_wasm
say "Building the CLI (for the native-vs-wasm digest test)"
(cd "$ENGINE" && cargo build --release -p ackscope-cli --quiet)
cd "$ROOT"
say "Checking generated schema and types"
node scripts/gen-types.mjs --check
say "Type-checking the web app"
npx tsc -p web/tsconfig.json --noEmit
say "Unit tests (vitest)"
npx vitest run --config web/vite.config.ts
say "Building the web app"
npx vite build --config web/vite.config.ts
say "Browser tests (Playwright)"
npx playwright test --config tests/playwright.config.ts
say "All tests passed"
