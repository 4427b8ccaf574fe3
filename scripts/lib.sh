# Shared set-up steps for start.sh, test.sh, build.sh and bench.sh.
# Each step checks first and installs only what is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENGINE="$ROOT/engine-wasm"
PKG_OUT="$ROOT/web/src/engine/pkg"
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_rust() {
  command -v cargo >/dev/null || { echo "Rust is missing: install it with rustup first." >&2; exit 1; }
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "Adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
ensure_wasm_bindgen() {
  local want have
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ENGINE/Cargo.lock")
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have" != "$want" ]; then
    say "Installing wasm-bindgen-cli $want (a few minutes, once)"
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# npm packages, reinstalled when package-lock.json changes.
ensure_npm() {
  local stamp="$ROOT/node_modules/.ackscope-lock" want
  want=$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    say "Installing npm packages"
    (cd "$ROOT" && npm ci --no-audit --no-fund)
    echo "$want" > "$stamp"
  fi
}

# A Chromium for Playwright: its own download if present, else the system's.
ensure_browser() {
  if [ -n "${ACKSCOPE_CHROMIUM:-}" ] && [ -x "$ACKSCOPE_CHROMIUM" ]; then return; fi
  if (cd "$ROOT" && node -e "
      const fs = require('fs');
      const p = require('@playwright/test').chromium.executablePath();
      process.exit(fs.existsSync(p) ? 0 : 1)" 2>/dev/null); then return; fi
  for c in chromium chromium-browser google-chrome; do
    command -v "$c" >/dev/null && return
  done
  say "Installing Chromium for the browser tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

# tshark reads exported captures in the tests (checksums, TCP analysis). The
# debconf answer keeps wireshark-common from asking about setuid dumpcap.
ensure_tshark() {
  command -v tshark >/dev/null && return
  say "Installing tshark for the capture tests"
  echo "wireshark-common wireshark-common/install-setuid boolean false" | as_root debconf-set-selections
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tshark >/dev/null
}

# The module the web app ships: without the wasm name section (a tenth of its
# bytes; ACKSCOPE_WASM_NAMES=1 keeps it, for profilers). The JSON Schema
# generator is not in it: the native CLI prints the schema (`ackscope schema`).
build_wasm() {
  say "Building the wasm engine"
  (cd "$ENGINE" && cargo build --release --target wasm32-unknown-unknown -p ackscope-wasm)
  local names=--remove-name-section
  [ "${ACKSCOPE_WASM_NAMES:-0}" = 1 ] && names=
  wasm-bindgen --target web $names --out-dir "$PKG_OUT" \
    "$ENGINE/target/wasm32-unknown-unknown/release/ackscope_wasm.wasm"
  optimize_wasm "$PKG_OUT/ackscope_wasm_bg.wasm"
}

# Binaryen's wasm-opt over the built engine, only when ACKSCOPE_WASM_OPT names its
# flags (e.g. ACKSCOPE_WASM_OPT=-O3): it shrinks the module (1.56 -> 1.26 MB) but
# -O3 made PERF-1 about 20% slower in Node on 2026-11-26 (README, Benchmarks), so
# the default build skips it. Uses wasm-opt from PATH or node_modules (npm binaryen).
optimize_wasm() {
  local flags="${ACKSCOPE_WASM_OPT:-}" tool
  [ -n "$flags" ] || return 0
  tool=$(command -v wasm-opt || true)
  [ -n "$tool" ] || [ ! -x "$ROOT/node_modules/.bin/wasm-opt" ] || tool="$ROOT/node_modules/.bin/wasm-opt"
  if [ -z "$tool" ]; then
    echo "wasm-opt not found (npm install binaryen): the wasm engine stays as built" >&2
    return 0
  fi
  say "wasm-opt $flags"
  # The features rustc's wasm32 target enables by default.
  "$tool" $flags --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$1" -o "$1"
}
