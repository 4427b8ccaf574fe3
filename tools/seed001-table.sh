#!/usr/bin/env bash
# Regenerates the tables of scenarios/seed001/README.md: ours (seed001/snoop-vs-spoofing)
# against ns-2.35 (tools/ns2/seed001.tcl, results in tools/ns2/seed001.csv) and the paper.
# - bulk: 60 s, 1 Mbit/s, one connection, BER 1e-6 (figs. 2 and 4), seeds 1..20;
# - fig. 3: completion time of one file by size and proxy, 300 s at most, seeds 1..5.
# ns-2 draws run k's losses from MRG32k3a substreams (seed001.tcl's default).
# Usage: bash tools/seed001-table.sh [--ns2]   (--ns2 reruns the ns-2 grid first: needs `ns`)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --ns2 ]; then (cd tools/ns2 && nice ns seed001-grid.tcl >/dev/null 2>&1); fi
cargo build --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
CLI=engine-wasm/target/debug/ackscope python3 - scenarios/seed001/README.md tools/ns2/seed001.csv <<'PY'
import csv, json, os, re, statistics as st, subprocess, sys
from collections import defaultdict

readme, ns2_csv = sys.argv[1], sys.argv[2]
cli, scenario = os.environ["CLI"], "scenarios/seed001/snoop-vs-spoofing.toml"
PROXIES = {  # label: (our overrides, ns-2 proxy or None)
    "Tahoe": (["middleboxes.spoof.enabled=false"], "tahoe"),
    "Snoop": (["middleboxes.spoof.enabled=false", "middleboxes.snoop.enabled=true"], "snoop"),
    "Spoofing": ([], "spoof"),
    "Spoofing, ns-2's leg behind the queue": ([], "spoof-queue-first"),
    "Spoofing, ordinary leg": (["middleboxes.spoof.split.local_recovery=false", "middleboxes.spoof.split.tcp.min_rto=200ms"], "spoof-plain"),
    "Spoofing 64 KB": (["middleboxes.spoof.split.buffer=64KB"], None),
}
PAPER_BULK = {  # the paper's order (figs. 2-3); it prints no figures
    "Tahoe": "3rd", "Snoop": "2nd", "Spoofing": "1st",
    "Spoofing, ordinary leg": "not in the paper", "Spoofing 64 KB": "below Spoofing",
    "Spoofing, ns-2's leg behind the queue": "(1st)",
}
# Why ours and ns-2 differ by more than 5 %, from the runs in these tables.
NOTES = {
    "Snoop": "Chance in 20 seeds: timeouts per run are bimodal, and ns-2's seeds 1-20 hold {ns_many} runs with 3 or more, ours {our_many} ({ns_to:.2f} against {our_to:.2f} timeouts a run). Over 100 seeds the two agree, and losing the same packets ns-2 and ours send the same segments (\"Snoop's server timeouts\" below).",
    "Spoofing": "ns-2's Snoop caches the segments of leg 2's bursts that its own interface queue then drops (it reads the queue before `LL::sendDown` has put the segment in), and resends those congestion drops as wireless losses, one per Snoop timer, hiding them from leg 2: the leg stalls with its smoothed RTT at seconds (\"ns-2's Snoop under the hub's leg\" below). With the leg's sender behind the downlink's queue, so that Snoop caches only what the queue took, as ours does, ns-2 gives {fix:.1f} ± {fix_se:.1f} kbit/s ({fix_gap:+.0f} % against ours).",
}
SPREAD = "Within the spread of the seeds: {z:.1f} standard errors of the difference."

_ours = {}
def ours(sets, seed, extra=()):
    key = (tuple(sets), seed, tuple(extra))
    if key not in _ours:
        _ours[key] = _run_ours(sets, seed, extra)
    return _ours[key]

def _run_ours(sets, seed, extra):
    args = [cli, "run", scenario, "--seed", str(seed), "--format", "json"]
    for s in list(sets) + list(extra):
        args += ["--set", s]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    f = out["flows"][0]
    return f, (out.get("middleboxes") or [{}])[0]

def mean_se(v):
    return st.mean(v), (st.stdev(v) / len(v) ** 0.5 if len(v) > 1 else 0.0)

ns2 = defaultdict(list)
for r in csv.DictReader(open(ns2_csv)):
    ns2[(r["proxy"], int(r["file_pkts"]))].append(r)

def ns2_bulk(proxy):
    return mean_se([float(r["goodput_bps"]) / 1e3 for r in ns2[(proxy, 0)]])

rows = []
for label, (sets, ns_proxy) in PROXIES.items():
    runs = [ours(sets, s) for s in range(1, 21)]
    g, g_se = mean_se([f["goodput_bps"] / 1e3 for f, _ in runs])
    our_tos = [f["timeouts"] + (m.get("leg2_timeouts") or 0) for f, m in runs]
    our_to = st.mean(our_tos)
    cells = [label, f"{g:.1f} ± {g_se:.1f}"]
    note = ""
    if ns_proxy:
        n = ns2[(ns_proxy, 0)]
        ng, ng_se = mean_se([float(r["goodput_bps"]) / 1e3 for r in n])
        ns_to = st.mean(int(r["timeouts"]) for r in n)
        gap = 100 * (g - ng) / ng
        cells += [f"{ng:.1f} ± {ng_se:.1f}", f"{gap:+.0f} %"]
        if abs(gap) > 5:
            z = abs(g - ng) / (g_se ** 2 + ng_se ** 2) ** 0.5
            why = NOTES.get(label, "Outside the seeds' spread ({z:.1f} standard errors); not explained yet.")
            fix, fix_se = ns2_bulk("spoof-queue-first")
            note = (SPREAD if z < 2 else why).format(
                z=z, ns_to=ns_to, our_to=our_to, fix=fix, fix_se=fix_se, fix_gap=100 * (g - fix) / fix,
                ns_many=sum(int(r["timeouts"]) >= 3 for r in n), our_many=sum(t >= 3 for t in our_tos))
    else:
        cells += ["–", "–"]
    cells += [f"{our_to:.2f}", PAPER_BULK[label], note]
    rows.append("| " + " | ".join(cells) + " |")
bulk = ("| proxy | ours (kbit/s) | ns-2.35 (kbit/s) | ours vs ns-2 | our timeouts per run | paper's order | why they differ |\n"
        "|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n"
        "Goodput at the terminal over 60 s, mean ± standard error of seeds 1-20, BER 1e-6 both ways on the "
        "satellite-terminal hop; timeouts are the server's plus the hub leg's. Generated by `tools/seed001-table.sh`.\n")

# The three setups of the paper's figures, one seed (the scenario's), 60 s.
SETUPS = [
    ("fig. 4: 1 Mbit/s, 1 TCP, BER 1e-6", []),
    ("fig. 5: 10 Mbit/s, 5 TCP, BER 1e-6", ["links.wired.rate=10Mbps", "links.down.forward.rate=10Mbps"]
     + [f"flows.f{i}.enabled=true" for i in range(2, 6)]),
    ("10 Mbit/s, 1 TCP, no bit errors", ["links.wired.rate=10Mbps", "links.down.forward.rate=10Mbps", "links.sat-t1.errors.ber=0"]),
]
srows = []
for name, sets in SETUPS:
    cells = [name]
    for label in ["Tahoe", "Snoop", "Spoofing", "Spoofing 64 KB"]:
        out = json.loads(subprocess.run([cli, "run", scenario, "--format", "json"]
                                        + [a for x in PROXIES[label][0] + sets for a in ("--set", x)],
                                        check=True, capture_output=True, text=True).stdout)
        g = sum(f["goodput_bps"] for f in out["flows"]) / 1e3
        m = (out.get("middleboxes") or [{}])[0]
        peak = m.get("buffer_max_bytes")
        cells.append(f"{g:.0f}" + (f" (buffer peak {peak / 1e6:.2f} MB)" if peak is not None else ""))
    srows.append("| " + " | ".join(cells) + " |")
setups = ("| setup | Tahoe | Snoop | Spoofing, unlimited | Spoofing, 64 KB |\n|---|---|---|---|---|\n" + "\n".join(srows)
          + "\n\nGoodput in kbit/s summed over the connections, 60 s, the scenario's seed. "
          "Generated by `tools/seed001-table.sh`.\n")

SIZES = [("10KB", 10), ("30KB", 30), ("100KB", 100), ("300KB", 300), ("1MB", 1000), ("3MB", 3000)]
FILE_SETS = ["duration=300s", "flows.f1.app.kind=file"]
FILE_NOTES = {
    "Snoop": "ns-2's server timed out {ns_to:.1f} times a run against our {our_to:.1f}: its seeds {slow} draw the losses of its bulk runs {slow} (the same substreams), which time out {slow_bulk} times, the rare timeout-bound mode (\"Snoop's server timeouts\")",
    "Spoofing": "ns-2's Snoop takes leg 2's congestion drops for wireless losses and stalls the leg in some runs (bulk table); with the leg behind the downlink's queue ns-2 takes {fix_done}",
}
def fix_time(pkts):
    n = [float(r["completion_s"]) for r in ns2[("spoof-queue-first", pkts)]]
    return st.mean(n) if min(n) >= 0 else None

def fix_done(pkts, mine):
    t = fix_time(pkts)
    return (f"{t:.1f} s" if t is not None else "some runs unfinished") + f" (ours {mine} s)"

def slow_runs(proxy, pkts):
    # The file runs of ns-2 with 2 or more timeouts, and the timeouts of its bulk runs of the same seeds.
    slow = [r["seed"] for r in ns2[(proxy, pkts)] if int(r["timeouts"]) >= 2]
    bulk = {r["seed"]: r["timeouts"] for r in ns2[(proxy, 0)]}
    return {"slow": " and ".join(slow), "slow_bulk": " and ".join(bulk[x] for x in slow)}

frows, fnotes = [], []
for size, pkts in SIZES:
    cells = [size]
    for label in ["Tahoe", "Snoop", "Spoofing", "Spoofing 64 KB"]:
        sets, ns_proxy = PROXIES[label]
        runs = [ours(sets, s, FILE_SETS + [f"flows.f1.app.size={size}"]) for s in range(1, 6)]
        times = [f["completion_s"] for f, _ in runs]
        mine = "unfinished" if None in times else f"{st.mean(times):.1f}"
        if not ns_proxy:
            cells.append(mine)
            continue
        rs = ns2[(ns_proxy, pkts)]
        n = [float(r["completion_s"]) for r in rs]
        if min(n) < 0:
            cells.append(f"{mine} / {sum(x < 0 for x in n)} of {len(n)} unfinished")
            fnotes.append(f"- {size}, {label}: ns-2 did not finish in 300 s; "
                          + FILE_NOTES.get(label, "not explained yet").format(fix_done=fix_done(pkts, mine)) + ".")
            continue
        cells.append(f"{mine} / {st.mean(n):.1f}")
        if None in times:
            continue
        gap = 100 * (st.mean(times) - st.mean(n)) / st.mean(n)
        if abs(gap) > 5:
            (a, a_se), (b, b_se) = mean_se(times), mean_se(n)
            z = abs(a - b) / max((a_se ** 2 + b_se ** 2) ** 0.5, 1e-9)
            ns_to = st.mean(int(r["timeouts"]) for r in rs)
            our_to = st.mean(f["timeouts"] + (m.get("leg2_timeouts") or 0) for f, m in runs)
            fix = fix_time(pkts)
            # The Snoop stall explains a Spoofing gap only where ns-2 without it gives ours.
            stall = label == "Spoofing" and fix is not None and abs(a - fix) <= 0.05 * fix
            why = (FILE_NOTES["Spoofing"] if stall
                   else "within the spread of the seeds ({z:.1f} standard errors)" if z < 2
                   else FILE_NOTES.get(label, "outside the seeds' spread ({z:.1f} standard errors), not explained yet"))
            fnotes.append(f"- {size}, {label}: {gap:+.0f} %, "
                          + why.format(z=z, ns_to=ns_to, our_to=our_to, fix_done=fix_done(pkts, mine),
                                       **slow_runs(ns_proxy, pkts)) + ".")
    frows.append("| " + " | ".join(cells) + " |")
files = ("| file | Tahoe, ours / ns-2 | Snoop, ours / ns-2 | Spoofing, ours / ns-2 | Spoofing 64 KB, ours |\n"
         "|---|---|---|---|---|\n" + "\n".join(frows) + "\n\n"
         "Seconds until the terminal holds the whole file (`completion_s`), mean of seeds 1-5, fig. 3's setup "
         "(1 Mbit/s, BER 1e-6). The paper plots throughput against file size without figures: Spoofing's climbs "
         "much faster for short files and it leads at every size. Ours against ns-2, where they differ by more than 5 %:\n\n"
         + "\n".join(fnotes) + "\n\nGenerated by `tools/seed001-table.sh`.\n")

text = open(readme).read()
for name, body in [("setups", setups), ("bulk", bulk), ("files", files)]:
    pat = re.compile(r"(<!-- seed001-%s:begin[^>]*-->\n).*?(<!-- seed001-%s:end -->)" % (name, name), re.S)
    assert pat.search(text), f"no seed001-{name} markers in {readme}"
    text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
open(readme, "w").write(text)
print("updated", readme)
PY
