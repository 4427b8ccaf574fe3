#!/usr/bin/env bash
# Fuzz targets with libFuzzer (cargo-fuzz's build, on a nightly toolchain).
#   fuzz/run.sh                 each target for a short fixed number of runs (CI)
#   fuzz/run.sh scenario 1000000   one target for N runs (long runs)
# Findings land in fuzz/artifacts/<target>/; the seed corpus is fuzz/corpus/<target>/.
set -euo pipefail
cd "$(dirname "$0")"
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
# The flags cargo-fuzz passes for libFuzzer's coverage feedback.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# An explicit --target keeps the instrumentation out of build scripts (as cargo-fuzz does).
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
cargo +nightly build --release --bins --target "$triple" --target-dir target
run() {
  local target=$1 runs=$2
  mkdir -p "artifacts/$target" "work/$target"
  # A scratch corpus grows; the committed seed corpus stays as it is.
  "target/$triple/release/$target" -runs="$runs" -max_len=4096 -timeout=20 -rss_limit_mb=2048 \
    -artifact_prefix="artifacts/$target/" -print_final_stats=1 "work/$target" "corpus/$target"
}
if [ $# -ge 1 ]; then
  run "$1" "${2:-1000000}"
else
  run scenario 20000
  run overrides 5000
  run engine 300
fi
