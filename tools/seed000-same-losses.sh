#!/usr/bin/env bash
# Seed 000's symmetric satellite path, 725-packet window, with the same losses in both
# simulators: each of our BER 1e-6 runs (seeds FIRST..LAST) gives the packets its four
# channels lost; ours then runs again losing exactly those (errors.drop_list, no BER)
# and ns-2.35 too (tools/ns2/droplist.tcl, ErrorModel/List after each channel's delay),
# both with ns-2's timer (rto_estimator ns2, the clock offset ns-2 draws for a lone
# agent). Compares the sender's transmissions (segment and time, ns-2 trace format)
# and prints per-run figures and how many runs send the same segments in the same order.
# Usage: bash tools/seed000-same-losses.sh [first] [last]
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-1} last=${2:-60}
cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
cli=$PWD/engine-wasm/target/release/ackscope
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
summary='import json,sys; f=json.load(sys.stdin)["flows"][0]; print(f["goodput_bps"], f["retransmits"], f["timeouts"])'
for s in $(seq "$first" "$last"); do
  "$cli" run seed000/satellite-symmetric --set flows.ftp.tcp.rwnd=725KB --seed "$s" --duration 60s \
    --format json --trace "$tmp/ber.tr" >/dev/null
  python3 tools/lost-indices.py "$tmp/ber.tr" 0-1 1-0 1-2 2-1 >"$tmp/lists"
  mapfile -t L <"$tmp/lists"
  sets=()
  for i in 0 1 2 3; do
    ch=(links.uplink.forward links.uplink.reverse links.downlink.forward links.downlink.reverse)
    sets+=(--set "${ch[$i]}.errors.drop_list=[${L[$i]// /,}]")
  done
  ours=$("$cli" run seed000/satellite-symmetric --set flows.ftp.tcp.rwnd=725KB "${sets[@]}" \
    --set flows.ftp.tcp.rto_estimator=ns2 --set flows.ftp.tcp.clock_offset=5558807ns --duration 60s \
    --format json --trace "$tmp/ours.tr" | python3 -c "$summary")
  ns2=$(ns tools/ns2/droplist.tcl 10Mb 60 725 "$tmp/lists" "$tmp/ns2.tr" | awk '{print $2, $4, $6}')
  same=$(python3 - "$tmp/ours.tr" "$tmp/ns2.tr" <<'PY'
import sys
def sends(fn):
    return [(float(f[1]), f[10]) for f in map(str.split, open(fn)) if f[0] == "-" and f[2:4] == ["0", "1"]]
a, b = sends(sys.argv[1]), sends(sys.argv[2])
same = len(a) == len(b) and all(x[1] == y[1] for x, y in zip(a, b))
print(int(same), len(a), max((abs(x[0] - y[0]) for x, y in zip(a, b)), default=0) * 1e6)
PY
)
  echo "$s $ours $ns2 $same"
done >"$tmp/rows"
python3 - "$tmp/rows" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
print("| seed | ours: goodput kbit/s / retx / timeouts | ns-2.35 | same transmissions | largest time difference |")
print("|---|---|---|---|---|")
for r in rows:
    same = "yes" if r[7] == "1" else "NO"
    print(f"| {r[0]} | {float(r[1]) / 1000:.1f} / {r[2]} / {r[3]} | {float(r[4]) / 1000:.1f} / {r[5]} / {r[6]} | {same} ({r[8]} sends) | {float(r[9]):.0f} us |")
n = len(rows)
mean = lambda k: sum(float(r[k]) for r in rows) / n
print()
print(f"{sum(r[7] == '1' for r in rows)} of {n} runs send the same segments in the same order. Means, ours / ns-2.35: "
      f"goodput {mean(1) / 1000:.2f} / {mean(4) / 1000:.2f} kbit/s, retransmissions {mean(2):.2f} / {mean(5):.2f}, "
      f"timeouts {mean(3):.2f} / {mean(6):.2f}.")
PY
