#!/usr/bin/env python3
"""Ours against ns-3 for the TCP-variant cross-checks: runs the release CLI on
each case's scenario and reads ns-3's results (JSON lines from
tools/ns3/tcp_variants.py), then prints a markdown table.

    python3 tools/ns3/tcp_variants.py all > ns3.jsonl      # slow: ~40 min
    python3 tools/ns3/tcp_compare.py ns3.jsonl
    python3 tools/ns3/tcp_compare.py --recovery classic ns3-classic.jsonl

With --recovery classic our flows run without PRR (RFC 6675's cwnd = ssthresh),
against ns-3 runs made with `tcp_variants.py --recovery classic`; only the cases
in the ns-3 file are printed.

Our figures are measured the way the ns-3 script measures its own: goodput
over the same window, mean RTT over the run, the sawtooth period as the mean
spacing of loss episodes at the bottleneck (drops more than 0.5 s apart start
a new one) in the window, Jain's index over the flows' goodputs, the mean cwnd
(time-weighted, segments) over the window.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("ACKSCOPE", os.path.join(ROOT, "engine-wasm/target/release/ackscope"))
BASE_RTT_S = {"40": 0.0406, "80": 0.0806}

# case: (scenario, --set overrides, measure from s, bottleneck nodes (from, to) in the trace)
CASES = {
    "single-cubic-1bdp": ("tcp-20mbps", ["flows.flow.tcp.variant=cubic", "links.bottleneck.queue.limit=68pkt"], 5.0),
    "single-cubic-5bdp": ("tcp-20mbps", ["flows.flow.tcp.variant=cubic", "links.bottleneck.queue.limit=340pkt"], 5.0),
    "single-bbr-1bdp": ("tcp-20mbps", ["flows.flow.tcp.variant=bbr", "links.bottleneck.queue.limit=68pkt"], 5.0),
    "single-bbr-5bdp": ("tcp-20mbps", ["flows.flow.tcp.variant=bbr", "links.bottleneck.queue.limit=340pkt"], 5.0),
    "cubic-vs-newreno": ("cubic-vs-newreno", [], 10.0),
    "bbr-two-rtts": ("bbr-two-rtts", [], 10.0),
}
FLOW_IDS = {"tcp-20mbps": ["flow"], "cubic-vs-newreno": ["cubic", "newreno"], "bbr-two-rtts": ["short", "long"]}
EPISODE_GAP_S = 0.5


def episodes(drops):
    starts = [t for i, t in enumerate(drops) if i == 0 or t - drops[i - 1] > EPISODE_GAP_S]
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    return len(starts), (sum(gaps) / len(gaps) if gaps else None)


def cwnd_means(series_csv, measure_from, end):
    """Each flow's cwnd, time-weighted over [measure_from, end), by flow id."""
    last, area = {}, {}
    with open(series_csv) as f:
        for line in f:
            name, t, v = line.rsplit(",", 2)
            if not (name.startswith("flows.") and name.endswith(".cwnd")):
                continue
            flow, t, v = name[len("flows."):-len(".cwnd")], float(t), float(v)
            if flow in last and t > measure_from:
                lt, lv = last[flow]
                area[flow] = area.get(flow, 0.0) + lv * (t - max(lt, measure_from))
            last[flow] = (t, v)
    for flow, (lt, lv) in last.items():
        area[flow] = area.get(flow, 0.0) + lv * (end - max(lt, measure_from))
    return {flow: a / (end - measure_from) for flow, a in area.items()}


def ours(case, recovery):
    scenario, sets, measure_from = CASES[case]
    if recovery == "classic":
        sets = sets + [f"flows.{f}.tcp.prr=false" for f in FLOW_IDS[scenario]]
    path = os.path.join(ROOT, "scenarios/examples", scenario + ".toml")
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "run.tr")
        series = os.path.join(tmp, "series.csv")
        args = [CLI, "run", path, "--format", "json", "--trace", trace, "--series", series]
        for s in sets:
            args += ["--set", s]
        summary = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        cwnds = cwnd_means(series, measure_from, summary["duration_s"])
        # The bottleneck is the router -> receiver channel: the node the senders' links meet.
        nodes = {}
        drops = []
        with open(trace) as f:
            for line in f:
                if line.startswith("d "):
                    p = line.split()
                    nodes[(p[2], p[3])] = nodes.get((p[2], p[3]), 0) + 1
                    drops.append((float(p[1]), (p[2], p[3])))
    link = max(nodes, key=nodes.get) if nodes else None
    times = sorted(t for t, l in drops if l == link and t >= measure_from)
    count, period = episodes(times)
    goodputs = [f["goodput_bps"] for f in summary["flows"]]
    n = len(goodputs)
    return {
        "goodput_bps": goodputs,
        "rtt_mean_s": [f["rtt_mean_s"] for f in summary["flows"]],
        "cwnd_mean_segments": [cwnds.get(f["id"]) for f in summary["flows"]],
        "drops": sum(c for c in nodes.values()) if link else 0,
        "loss_episodes": count,
        "sawtooth_period_s": period,
        "jain": sum(goodputs) ** 2 / (n * sum(g * g for g in goodputs)) if any(goodputs) else None,
    }


def fmt(v, scale=1.0, digits=2):
    return "–" if v is None else f"{v * scale:.{digits}f}"


def diff(a, b):
    if a is None or b is None or b == 0:
        return ""
    d = (a - b) / b * 100
    return f" ({d:+.0f}%)"


def main(argv):
    recovery = "prr"
    if argv[:1] == ["--recovery"]:
        recovery, argv = argv[1], argv[2:]
    ns3 = {}
    for path in argv:
        with open(path) as f:
            for line in f:
                if line.strip().startswith("{"):
                    r = json.loads(line)
                    ns3[r["case"]] = r
    print("| case | flow | goodput Mbit/s ours / ns-3 | share ours / ns-3 | mean cwnd seg ours / ns-3 | mean RTT ms ours / ns-3 | queueing delay ms ours / ns-3 | sawtooth period s ours / ns-3 | Jain ours / ns-3 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in CASES:
        if recovery != "prr" and case not in ns3:
            continue
        o = ours(case, recovery)
        r = ns3.get(case, {})
        base = [0.0406, 0.0806] if case == "bbr-two-rtts" else [0.0406, 0.0406]
        for i, g in enumerate(o["goodput_bps"]):
            rg = (r.get("goodput_bps") or [None] * 2)[i]
            rr = (r.get("rtt_mean_s") or [None] * 2)[i]
            orr = o["rtt_mean_s"][i]
            q, rq = (orr - base[i]) if orr else None, (rr - base[i]) if rr else None
            saw = f"{fmt(o['sawtooth_period_s'])} / {fmt(r.get('sawtooth_period_s'))}" if i == 0 else ""
            shared = len(o["goodput_bps"]) > 1
            jain = f"{fmt(o['jain'], digits=3)} / {fmt(r.get('jain'), digits=3)}" if i == 0 and shared else ""
            share = ""
            if shared:
                rs = r.get("goodput_bps")
                share = f"{fmt(g / sum(o['goodput_bps']), 100, 0)}% / {fmt(rs[i] / sum(rs) if rs else None, 100, 0)}%"
            oc, rc = o["cwnd_mean_segments"][i], (r.get("cwnd_mean_segments") or [None] * 2)[i]
            print(
                f"| {case if i == 0 else ''} | {(r.get('flows') or ['?', '?'])[i]} | {fmt(g, 1e-6)} / {fmt(rg, 1e-6)}{diff(g, rg)} "
                f"| {share} | {fmt(oc, digits=1)} / {fmt(rc, digits=1)}{diff(oc, rc)} "
                f"| {fmt(orr, 1e3, 1)} / {fmt(rr, 1e3, 1)}{diff(orr, rr)} | {fmt(q, 1e3, 1)} / {fmt(rq, 1e3, 1)}{diff(q, rq)} | {saw} | {jain} |"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
