#!/usr/bin/env bash
# Seed 000's symmetric satellite path with a 725-packet window and BER 1e-6 on all four
# channels (issue: windows above 64 segments with errors), ns-2.35 (tools/ns2/ber.tcl)
# against ours (seed000/satellite-symmetric, rwnd 725 KB), 60 s per run, seeds FIRST..LAST
# (ns-2 draws from substream k of one stream for seed k).
# Prints mean goodput ± standard error, mean retransmissions and timeouts per run, and
# how many runs exceed 100 kbit/s (a window well above 64 segments for part of the run).
# Usage: bash tools/seed000-large-window.sh [rate: 10 or 2 Mbit/s, default 10] [first] [last]
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-10} first=${2:-1} last=${3:-60}
cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
cli=engine-wasm/target/release/ackscope
for s in $(seq "$first" "$last"); do
  echo "ns $s $(ns tools/ns2/ber.tcl "${rate}Mb" 1e-6 "$s" 60 725)"
  "$cli" run seed000/satellite-symmetric --set flows.ftp.tcp.rwnd=725KB --set "links.uplink.rate=${rate}Mbps" \
    --set "links.downlink.rate=${rate}Mbps" --seed "$s" --duration 60s --format json \
    | python3 -c 'import json,sys; f=json.load(sys.stdin)["flows"][0]; print("ours", '"$s"', "goodput_bps", f["goodput_bps"], "retransmits", f["retransmits"], "timeouts", f["timeouts"])'
done | python3 -c '
import math, sys
runs = {"ns": [], "ours": []}
for line in sys.stdin:
    f = line.split()
    runs[f[0]].append((float(f[3]) / 1000, int(f[5]), int(f[7])))
print("| | runs | goodput kbit/s (mean ± s.e.) | retransmissions / run | timeouts / run | runs above 100 kbit/s |")
print("|---|---|---|---|---|---|")
for name, label in [("ours", "ours"), ("ns", "ns-2.35")]:
    v = runs[name]; g = [x[0] for x in v]; m = sum(g) / len(g)
    se = math.sqrt(sum((x - m) ** 2 for x in g) / (len(g) - 1) / len(g))
    print(f"| {label} | {len(v)} | {m:.1f} ± {se:.1f} | {sum(x[1] for x in v) / len(v):.1f} | {sum(x[2] for x in v) / len(v):.2f} | {sum(x > 100 for x in g)} |")
'
