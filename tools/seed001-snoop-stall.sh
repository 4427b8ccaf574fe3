#!/usr/bin/env bash
# Why ns-2's Spoofing with local recovery (tools/ns2/seed001.tcl spoof) trails ours: ns-2's
# Snoop under the hub's leg caches segments that its own interface queue then drops.
# snoop_data (tcp/snoop.cc) caches a segment only "if the ifq is NOT full", but it reads
# the queue's length before LL::sendDown has scheduled the segment into it (mac/ll.cc,
# s.schedule(downtarget_, p, delay_)); a burst the leg's agent sends in one instant (a
# cumulative ACK that opens the window by ~60) reads the same length for every segment,
# is cached whole, and the 50-packet queue drops its tail. Snoop resends those congestion
# drops as wireless losses: the first on the duplicate ACKs, each later one only on its
# own timer (no duplicates come for it), so the leg's sender sees one new ACK per repair,
# neither times out nor cuts its window, and its smoothed RTT climbs to seconds.
# `spoof-queue-first` puts the leg's sender on a node of its own behind the downlink's
# 1 Mbit/s queue, so Snoop caches only what that queue accepted, as ours does.
# For each ns-2 mode, seeds FIRST..LAST (substreams, 60 s bulk, BER 1e-6), from the full
# trace: goodput, the leg's largest smoothed RTT, runs where it passed 3 s, congestion drops
# of leg-2 segments after Snoop (hub interface or downlink queue) and before it (the leg's
# own queue), Snoop's local resends and how many of them resent a congestion drop;
# then the 3000-segment file of seeds 1-5 (300 s at most): segments delivered, completion.
# Usage: bash tools/seed001-snoop-stall.sh [first] [last]   (20 seeds: about 2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-1} last=${2:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count='
import sys
# Trace fields: event time from to type size flags fid src dst seq uid. Leg 2 sends to
# t1 (node 4) from the hub (1) or from its own node; the LAN node is the highest id.
rows = [l.split() for l in open(sys.argv[1])]
lan = max(int(r[3]) for r in rows)
leg = [r for r in rows if r[4] == "tcp" and r[9].startswith("4.") and not r[8].startswith("0.")]
seen, cong, resends, resent_cong, after, before = set(), set(), 0, 0, 0, 0
for ev, t, a, b, *_, uid in leg:
    if ev == "+" and a == "1" and int(b) == lan:
        if uid in seen:
            resends += 1
            resent_cong += uid in cong
        seen.add(uid)
    elif ev == "d" and a != "3":
        if (a, b) in (("1", str(lan)), ("2", "3")):
            after += 1
            cong.add(uid)
        else:
            before += 1
print(after, before, resends, resent_cong)
'
for mode in spoof spoof-queue-first; do
  for s in $(seq "$first" "$last"); do
    out=$(cd tools/ns2 && nice ns seed001.tcl "$mode" 1e-6 "$s" 60 0 "$tmp/q.tr" "" "" "$tmp/all.tr" 2>/dev/null | tail -1)
    echo "$mode $s $(echo "$out" | awk '{print $2, $10}') $(python3 -c "$count" "$tmp/all.tr")"
  done
done >"$tmp/bulk"
for mode in spoof spoof-queue-first spoof-plain; do
  for s in 1 2 3 4 5; do
    out=$(cd tools/ns2 && nice ns seed001.tcl "$mode" 1e-6 "$s" 300 3000 "$tmp/q.tr" 2>/dev/null | tail -1)
    echo "$mode $s $(echo "$out" | awk '{print $2, $4, $10}')"
  done
done >"$tmp/files"
python3 - "$tmp/bulk" "$tmp/files" "$first" "$last" <<'PY'
import statistics as st, sys
from collections import defaultdict
bulk, files = defaultdict(list), defaultdict(list)
for l in open(sys.argv[1]):
    m, s, *v = l.split()
    bulk[m].append(list(map(float, v)))
for l in open(sys.argv[2]):
    m, s, *v = l.split()
    files[m].append(list(map(float, v)))
first, last = sys.argv[3], sys.argv[4]
se = lambda v: st.stdev(v) / len(v) ** 0.5 if len(v) > 1 else 0.0
label = {"spoof": "`spoof`: leg 2 on the hub (the bulk table)",
         "spoof-queue-first": "`spoof-queue-first`: leg 2 behind the downlink's queue",
         "spoof-plain": "`spoof-plain`: ordinary leg, no Snoop"}
print(f"Seeds {first}-{last}, 60 s:\n")
print("| ns-2 Spoofing, local recovery | goodput kbit/s | leg 2's largest srtt, s | runs with srtt above 3 s "
      "| congestion drops after / before Snoop | Snoop's resends | of them congestion drops |")
print("|---|---|---|---|---|---|---|")
for m in ["spoof", "spoof-queue-first"]:
    r = bulk[m]
    g = [x[0] / 1e3 for x in r]
    c = lambda k: st.mean(x[k] for x in r)
    print(f"| {label[m]} | {st.mean(g):.1f} ± {se(g):.1f} | {c(1):.2f} | {sum(x[1] > 3 for x in r)} of {len(r)} "
          f"| {c(2):.1f} / {c(3):.1f} | {c(4):.1f} | {c(5):.1f} |")
print("\nMean per run; congestion drops are of the leg's segments (not the satellite hop's bit errors).\n")
print("3000 segments (3 MB), seeds 1-5, 300 s at most:\n")
print("| ns-2 | segments delivered | finished | completion s (finished runs) | leg 2's largest srtt, s |")
print("|---|---|---|---|---|")
for m in ["spoof", "spoof-queue-first", "spoof-plain"]:
    r = files[m]
    done = [x[1] for x in r if x[1] >= 0]
    print(f"| {label[m]} | {' '.join(str(round(x[0] * 300 / 8000)) for x in r)} | {len(done)} of {len(r)} "
          f"| {st.mean(done) if done else float('nan'):.1f} | {' '.join(f'{x[2]:.1f}' for x in r)} |")
print("\nGenerated by `tools/seed001-snoop-stall.sh`.")
PY
