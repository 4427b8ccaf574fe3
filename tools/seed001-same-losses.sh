#!/usr/bin/env bash
# Seed 001's Snoop setup (1 Mbit/s, BER 1e-6, 60 s) with the same losses in both
# simulators: each of our runs (seeds FIRST..LAST) gives the packets its satellite hop
# lost (sat->t1 and t1->sat); ours runs again losing exactly those (errors.drop_list, no
# BER) and ns-2.35 too (tools/ns2/seed001.tcl with a lists file: ErrorModel/List after
# the hop's delay), both with ns-2's timer (rto_estimator ns2, ns-2's clock offset for a
# lone agent). ns-2's Snoop runs twice: with the scenario's 62-segment ring (maxbufs_ 62)
# and with a 100-segment one (SNOOP_MAXWIND, above the 65-segment window), which ours
# then matches with cache = "100pkt".
# Prints per run: the server's timeouts and retransmissions, Snoop's suppressed duplicate
# ACKs and the goodput for each, and whether the server sends the same segments in the
# same order (ns-2 trace format, 0 -> 1).
# Usage: bash tools/seed001-same-losses.sh [first] [last] [keep_dir]
#   keep_dir keeps every trace (ours.<seed>.tr, ns2-62.<seed>.tr, ...) there.
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-1} last=${2:-20}
cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
cli=$PWD/engine-wasm/target/release/ackscope
if [ -n "${3:-}" ]; then tmp=$3; mkdir -p "$tmp"; else tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT; fi
scenario=scenarios/seed001/snoop-vs-spoofing.toml
snoop=(--set middleboxes.spoof.enabled=false --set middleboxes.snoop.enabled=true
       --set flows.f1.tcp.rto_estimator=ns2 --set flows.f1.tcp.clock_offset=5558807ns)
summary='import json,sys; o=json.load(sys.stdin); f=o["flows"][0]; m=o["middleboxes"][0]; print(f["goodput_bps"], f["retransmits"], f["timeouts"], m["suppressed_dupacks"])'
# Suppressed duplicates in an ns-2 trace: ACKs ap hands the LAN (2 -> 5) less those the
# hub passes to the server (1 -> 0); ns-2's LAN receive trace lies above Snoop.
ns2_suppressed='import sys; n = [0, 0]
for f in map(str.split, open(sys.argv[1])):
    if f[0] == "+" and f[4] == "ack": n[0] += f[2:4] == ["2", "5"]; n[1] += f[2:4] == ["1", "0"]
print(n[0] - n[1])'
for s in $(seq "$first" "$last"); do
  "$cli" run "$scenario" "${snoop[@]}" --seed "$s" --format json --trace "$tmp/ber.$s.tr" >/dev/null
  # The satellite hop's losses, each direction.
  python3 tools/lost-indices.py "$tmp/ber.$s.tr" 2-3 3-2 >"$tmp/lists.$s"
  mapfile -t L <"$tmp/lists.$s"
  drops=(--set links.sat-t1.errors.ber=0)
  [ -n "${L[0]}" ] && drops+=(--set "links.sat-t1.forward.errors.drop_list=[${L[0]// /,}]")
  [ -n "${L[1]:-}" ] && drops+=(--set "links.sat-t1.reverse.errors.drop_list=[${L[1]// /,}]")
  row="$s"
  for bufs in 62 100; do
    cache=$([ "$bufs" = 62 ] && echo 65KB || echo 100pkt)
    ours=$("$cli" run "$scenario" "${snoop[@]}" "${drops[@]}" --set "middleboxes.snoop.snoop.cache=$cache" \
      --format json --trace "$tmp/ours-$bufs.$s.tr" | python3 -c "$summary")
    ns2=$(cd tools/ns2 && ns seed001.tcl snoop 0 "$s" 60 0 "$tmp/q.tr" "$tmp/lists.$s" "$bufs" "$tmp/ns2-$bufs.$s.tr" 2>/dev/null \
      | awk '{print $2, $6, $8}')
    sup=$(python3 -c "$ns2_suppressed" "$tmp/ns2-$bufs.$s.tr")
    same=$(python3 - "$tmp/ours-$bufs.$s.tr" "$tmp/ns2-$bufs.$s.tr" <<'PY'
import sys
def sends(fn):
    return [(float(f[1]), f[10]) for f in map(str.split, open(fn)) if f[0] == "-" and f[2:4] == ["0", "1"]]
a, b = sends(sys.argv[1]), sends(sys.argv[2])
n = next((i for i, (x, y) in enumerate(zip(a, b)) if x[1] != y[1]), min(len(a), len(b)))
print(int(n == len(a) == len(b)), n, f"{a[n][0]:.3f}" if n < len(a) else "-")
PY
)
    row="$row $ours $ns2 $sup $same"
  done
  echo "$row"
done >"$tmp/rows"
python3 - "$tmp/rows" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
for k, (bufs, o) in enumerate([("62 (ours 65 KB)", 1), ("100 (ours 100 segments)", 12)]):
    print(f"\nns-2 Snoop ring of {bufs}: timeouts, retransmissions, dupACKs kept back, goodput kbit/s, ours / ns-2\n")
    print("| seed | timeouts | retransmissions | dupACKs kept back | goodput | same server transmissions |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        g, rx, to, sup, ng, nrx, nto, nsup, same, n, t = r[o:o + 11]
        same = "yes" if same == "1" else f"first {n}, then differ at {t} s"
        print(f"| {r[0]} | {to} / {nto} | {rx} / {nrx} | {sup} / {nsup} | {float(g) / 1e3:.1f} / {float(ng) / 1e3:.1f} | {same} |")
    n = len(rows)
    mean = lambda i: sum(float(r[o + i]) for r in rows) / n
    print(f"\nMeans, ours / ns-2: timeouts {mean(2):.2f} / {mean(6):.2f}, retransmissions {mean(1):.2f} / {mean(5):.2f}, "
          f"dupACKs kept back {mean(3):.0f} / {mean(7):.0f}, goodput {mean(0) / 1e3:.1f} / {mean(4) / 1e3:.1f} kbit/s; "
          f"same transmissions in {sum(r[o + 8] == '1' for r in rows)} of {n} runs.")
PY
