#!/usr/bin/env python3
"""Our side of the five-flow AQM cross-check: runs
scenarios/examples/aqm-five-flows.toml with the release CLI under each queue
kind and prints the figures tools/ns3/aqm.py prints for ns-3, one JSON
object per line (goodput from 5 s, mean RTT of each sender's samples, mean
sojourn time of the packets leaving the bottleneck queue, drops, marks,
Jain's fairness index over the five goodputs).

Usage: python3 tools/ns3/ours.py [droptail|codel|fq_codel|pie ...]
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.path.join(ROOT, "engine-wasm", "target", "release", "ackscope")
SCENARIO = os.path.join(ROOT, "scenarios", "examples", "aqm-five-flows.toml")
# The bottleneck's forward direction in the ns-2 style trace: r1 (node 5) to r2 (node 6).
BOTTLENECK = ("5", "6")


def mean_sojourn(trace):
    """Mean time from enqueue (+) to the start of transmission (-) of the
    packets sent over the bottleneck, as ns-3's SojournTime trace sees them."""
    entered, total, n = {}, 0.0, 0
    with open(trace) as f:
        for line in f:
            ev, t, a, b = line.split(" ", 4)[:4]
            if (a, b) != BOTTLENECK:
                continue
            uid = line.rsplit(" ", 1)[1]
            if ev == "+":
                entered[uid] = float(t)
            elif ev == "-" and uid in entered:
                total += float(t) - entered.pop(uid)
                n += 1
    return total / max(n, 1)


def run(kind):
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "run.tr")
        out = subprocess.run(
            [CLI, "run", SCENARIO, "--set", f"links.bottleneck.queue.kind={kind}", "--format", "json", "--trace", trace],
            check=True, capture_output=True, text=True,
        ).stdout
        summary = json.loads(out)
        sojourn = mean_sojourn(trace)
    goodputs = [f["goodput_bps"] for f in summary["flows"]]
    rtts = [f["rtt_mean_s"] for f in summary["flows"]]
    link = next(l for l in summary["links"] if l["id"] == "bottleneck" and l["direction"] == "forward")
    jain = sum(goodputs) ** 2 / (len(goodputs) * sum(g * g for g in goodputs))
    return {
        "queue": kind,
        "goodput_bps": [round(g) for g in goodputs],
        "goodput_total_bps": round(sum(goodputs)),
        "rtt_mean_s": [round(r, 5) for r in rtts],
        "rtt_mean_all_s": round(sum(rtts) / len(rtts), 5),
        "sojourn_mean_s": round(sojourn, 5),
        "drops": link["drops"],
        "marks": link["marks"],
        "jain": round(jain, 4),
    }


if __name__ == "__main__":
    for kind in sys.argv[1:] or ["droptail", "codel", "fq_codel", "pie"]:
        print(json.dumps(run(kind)), flush=True)
