#!/usr/bin/env bash
# Seed 004's asymmetry sweep (n x reverse CBR, 27 cells of seed004/asymmetric, 30 s each) in
# ns-2 (tools/ns2/seed004.tcl) and in ours, with limited transmit off and on (ns-2's
# singledup_ 0 / 1, our flows.tcp.tcp.limited_transmit). Prints a markdown table per setting
# (goodput, retransmits / timeouts, true one-way forward delay of data segments, mean and
# std: ours / ns-2) and splices both into scenarios/seed004/README.md between the ns2-table
# markers.
# Usage: bash tools/seed004-vs-ns2.sh [PATH=VALUE ...]   (needs ns-2's `ns`)
#   PATH=VALUE: further overrides for ours, e.g. ns-2's timer (flows.tcp.tcp.rto_estimator=ns2
#     flows.tcp.tcp.clock_granularity=10ms flows.tcp.tcp.clock_offset=5558807ns, the lone
#     agent's boot_time_); the table is then printed, not spliced.
#   CLI=path overrides the binary. PRESET=ns226 runs both with ns-2.26's other defaults
#     (seed004.tcl's preset; ours: initial window 2, 1 s minimum RTO, 6 s initial RTO,
#     whole-window halving, no practical RTO maximum) and prints without splicing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CLI:-}" ]; then
  cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
  CLI=engine-wasm/target/release/ackscope
fi
preset=${PRESET:-ours}
extra=()
if [ "$preset" = ns226 ]; then
  extra+=(--set flows.tcp.tcp.initial_window=2 --set flows.tcp.tcp.min_rto=1s --set flows.tcp.tcp.initial_rto=6s
    --set flows.tcp.tcp.precision_reduce=false --set flows.tcp.tcp.max_rto=3600s)
fi
for s in "$@"; do extra+=(--set "$s"); done
ns_points=(0.1 0.3 0.5 0.7 1 3 5 7 10)
cbr_points=(0 30000 100000)
rows=""
for lt in 0 1; do
  for n in "${ns_points[@]}"; do
    for cbr in "${cbr_points[@]}"; do
      ns2=$(nice ns tools/ns2/seed004.tcl "$n" "$cbr" "$lt" 30 "$preset")
      rate=$(python3 -c "print(f'{$n * 128:g}kbps')")
      sets=(--set "links.asym.forward.rate=$rate" --set "flows.tcp.tcp.limited_transmit=$([ "$lt" = 1 ] && echo true || echo false)")
      if [ "$cbr" = 0 ]; then
        sets+=(--set flows.rcbr.enabled=false)
      else
        sets+=(--set flows.rcbr.enabled=true --set "flows.rcbr.app.rate=$((cbr / 1000))kbps")
      fi
      ours=$(nice "$CLI" run seed004/asymmetric "${sets[@]}" ${extra[@]+"${extra[@]}"} --format json)
      rows+=$(OURS="$ours" NS2="$ns2" python3 - "$lt" "$n" "$cbr" <<'PY'
import json, os, sys
lt, n, cbr = sys.argv[1:]
f = next(f for f in json.loads(os.environ["OURS"])["flows"] if f["id"] == "tcp")
v = os.environ["NS2"].split()
ns2 = dict(zip(v[::2], map(float, v[1::2])))
print(json.dumps({"lt": int(lt), "n": n, "cbr": int(cbr),
    "ours": [f["goodput_bps"], f["retransmits"], f["timeouts"], f["owd_fwd_mean_s"], f["owd_fwd_std_s"]],
    "ns2": [ns2["goodput_bps"], ns2["retransmits"], ns2["timeouts"], ns2["owd_mean_s"], ns2["owd_std_s"]]}))
PY
)$'\n'
    done
  done
done
table=$(ROWS="$rows" python3 - <<'PY'
import json, os
rows = [json.loads(l) for l in os.environ["ROWS"].splitlines() if l.strip()]
def gap(a, b):
    return abs(a - b) / b * 100 if b else (0.0 if a == b else float("inf"))
out = []
for lt, name in [(0, "off (singledup_ 0)"), (1, "on (singledup_ 1)")]:
    out.append(f"Limited transmit {name}, ours / ns-2:\n")
    out.append("| n | reverse CBR | goodput (kbit/s) | retransmits | timeouts | forward delay mean (s) | forward delay std (s) | largest gap |")
    out.append("|---|---|---|---|---|---|---|---|")
    for r in (r for r in rows if r["lt"] == lt):
        o, s = r["ours"], r["ns2"]
        worst = max(gap(o[0], s[0]), gap(o[3], s[3]), gap(o[4], s[4]))
        cbr = "0" if r["cbr"] == 0 else f"{r['cbr'] // 1000}k"
        out.append(f"| {r['n']} | {cbr} | {o[0] / 1000:.1f} / {s[0] / 1000:.1f} | {o[1]} / {int(s[1])} "
                   f"| {o[2]} / {int(s[2])} | {o[3]:.3f} / {s[3]:.3f} | {o[4]:.3f} / {s[4]:.3f} | {worst:.2f} % |")
    out.append("")
worst = max((max(gap(r["ours"][i], r["ns2"][i]) for i in (0, 3, 4)), r["lt"], r["n"], r["cbr"]) for r in rows)
same = sum(r["ours"][1:3] == [int(x) for x in r["ns2"][1:3]] for r in rows)
size = f"{worst[0]:.2f} %" if worst[0] >= 0.01 else f"{worst[0]:.1e} %"
out.append(f"Largest gap over the {len(rows)} runs: {size} (n = {worst[2]}, reverse CBR {worst[3]} bit/s, "
           f"limited transmit {'on' if worst[1] else 'off'}); retransmits and timeouts equal in {same} of {len(rows)}.")
print("\n".join(out).rstrip())
PY
)
echo "$table"
if [ "$preset" = ours ] && [ $# -eq 0 ]; then
  TABLE="$table" python3 - scenarios/seed004/README.md <<'PY'
import os, re, sys
path = sys.argv[1]
text = open(path).read()
pat = re.compile(r"(<!-- ns2-table:begin[^>]*-->\n).*?(<!-- ns2-table:end -->)", re.S)
assert pat.search(text), f"no ns2-table markers in {path}"
text = pat.sub(lambda m: m.group(1) + os.environ["TABLE"] + "\n" + m.group(2), text)
open(path, "w").write(text)
PY
  echo "updated scenarios/seed004/README.md"
fi
