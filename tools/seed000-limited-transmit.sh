#!/usr/bin/env bash
# Seed 000's wired chain (the 18 sender/sink pairs of crates/core/tests/ns2_reference.rs)
# with limited transmit on: ns-2.35 with `singledup_ 1` (its own default) against ours with
# `tcp.limited_transmit = true`, 60 s each. Prints a markdown table: goodput (kbit/s),
# retransmitted packets and timeouts, ours / ns-2.
# Usage: bash tools/seed000-limited-transmit.sh   (needs ns-2's `ns`; CLI=path overrides the binary)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CLI:-}" ]; then
  cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
  CLI=engine-wasm/target/release/ackscope
fi
rows=("TCP tahoe TCPSink 50" "TCP tahoe TCPSink/Sack1 50" "TCP tahoe TCPSink/DelAck 20"
  "TCP/Reno reno TCPSink 50" "TCP/Reno reno TCPSink/Sack1 50" "TCP/Reno reno TCPSink/DelAck 20"
  "TCP/Newreno newreno TCPSink 50" "TCP/Newreno newreno TCPSink/Sack1 50" "TCP/Newreno newreno TCPSink/DelAck 20"
  "TCP/Sack1 sack1 TCPSink 50" "TCP/Sack1 sack1 TCPSink/Sack1 50" "TCP/Sack1 sack1 TCPSink/DelAck 20"
  "TCP/Fack fack TCPSink 50" "TCP/Fack fack TCPSink/Sack1 50" "TCP/Fack fack TCPSink/DelAck 50"
  "TCP/Fack fack TCPSink/Sack1/DelAck 50" "TCP/Vegas vegas TCPSink 50" "TCP/Vegas vegas TCPSink/DelAck 50")
echo "| sender | sink | goodput kbit/s ours / ns-2 | retransmits ours / ns-2 | timeouts ours / ns-2 |"
echo "|---|---|---|---|---|"
for r in "${rows[@]}"; do
  set -- $r; agent=$1 variant=$2 sink=$3 q=$4
  ns2=$(ns tools/ns2/chain.tcl "$agent" "$sink" 725 60 0.8Mb 0.1ms 0.8Mb 100ms "$q" 1 1)
  sets=(--set "flows.ftp.tcp.variant=$variant" --set duration=60s --set flows.ftp.tcp.rwnd=725KB
    --set flows.ftp.tcp.syn=true --set flows.ftp.tcp.rto_estimator=ns2 --set flows.ftp.tcp.clock_offset=5558807ns
    --set "links.access.queue.limit=${q}pkt" --set "links.bottleneck.queue.limit=${q}pkt"
    --set flows.ftp.tcp.limited_transmit=true)
  case $sink in *Sack1*) sets+=(--set flows.ftp.receiver.sack=true);; esac
  case $sink in *DelAck*) sets+=(--set flows.ftp.receiver.delayed_ack=true);; esac
  # ns-2's Vegas agent draws boot_time_ twice when built: the 3rd draw, not the 2nd.
  [ "$variant" = vegas ] && sets+=(--set flows.ftp.tcp.header=0B --set flows.ftp.tcp.clock_offset=142047ns)
  ours=$("$CLI" run seed000/wired "${sets[@]}" --format json)
  OURS="$ours" NS2="$ns2" python3 - "$variant" "$sink" <<'PY'
import json, os, sys
f = json.loads(os.environ["OURS"])["flows"][0]
n = os.environ["NS2"].split()
ns2 = dict(zip(n[::2], map(float, n[1::2])))
print(f"| {sys.argv[1]} | {sys.argv[2]} | {f['goodput_bps'] / 1000:.1f} / {ns2['goodput_bps'] / 1000:.1f} "
      f"| {f['retransmits']} / {int(ns2['retransmits'])} | {f['timeouts']} / {int(ns2['timeouts'])} |")
PY
done
