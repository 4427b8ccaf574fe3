#!/usr/bin/env python3
"""Five TCP flows through a 10 Mbit/s bottleneck under DropTail, CoDel,
FQ-CoDel and PIE, in ns-3 (the PyPI `ns3` wheel): the reference for
scenarios/examples/aqm-five-flows.toml (see tools/ns3/README.md).

    s_i --100 Mbit/s, d_i-- r1 ==10 Mbit/s, 5 ms, <queue>== r2 --100 Mbit/s, 0 ms-- k_i

d_i = 5, 15, 25, 35, 45 ms: base RTTs of 20, 40, 60, 80 and 100 ms. The
bottleneck holds 200 packets (about 1.6 BDP at the longest RTT), so DropTail
builds a standing queue of up to ~170 ms; the AQMs keep it near their target.

TCP: NewReno with SACK (ns-3's default recovery, RFC 6675), 1000-byte
segments, initial window 10, timestamps on (52-byte headers), ACK every
segment (DelAckCount 1: under CoDel ns-3's SACK sender with delayed ACKs
can stall after a timeout, so every queue runs without them for a fair
comparison), 1 MB socket buffers. The device queue of the bottleneck holds
one packet, so the queue disc is where packets wait.

Usage: python3 tools/ns3/aqm.py [droptail|codel|fq_codel|pie ...] [--time 30]
Prints one JSON object per queue kind (one line each).
"""
import json
import subprocess
import sys

from ns import ns
import cppyy

# Per-packet statistics kept in C++ (a Python callback per packet would be slow).
cppyy.cppdef(r"""
#include "ns3/core-module.h"
#include "ns3/traffic-control-module.h"
#include "ns3/applications-module.h"
namespace aqmref {
struct Sojourn {
  double sum = 0; uint64_t n = 0;
  void Add (ns3::Time t) { sum += t.GetSeconds (); n++; }
};
static Sojourn g_sojourn;
void OnSojourn (ns3::Time t) { g_sojourn.Add (t); }
void Connect (ns3::Ptr<ns3::QueueDisc> q) {
  q->TraceConnectWithoutContext ("SojournTime", ns3::MakeCallback (&OnSojourn));
}
double MeanSojourn () { return g_sojourn.n ? g_sojourn.sum / g_sojourn.n : 0; }
uint64_t Sojourns () { return g_sojourn.n; }
static std::vector<uint64_t> g_at_start;
void Snapshot (std::vector<ns3::Ptr<ns3::PacketSink>> sinks) {
  g_at_start.clear ();
  for (auto &s : sinks) g_at_start.push_back (s->GetTotalRx ());
}
void ScheduleSnapshot (double at, std::vector<ns3::Ptr<ns3::PacketSink>> sinks) {
  ns3::Simulator::Schedule (ns3::Seconds (at), &Snapshot, sinks);
}
uint64_t AtStart (size_t i) { return i < g_at_start.size () ? g_at_start[i] : 0; }
}
""")

RATE = "10Mbps"
BOTTLENECK_DELAY_MS = 5
ACCESS_DELAYS_MS = [5, 15, 25, 35, 45]
LIMIT_PKTS = 200
SEGMENT = 1000
MEASURE_FROM_S = 5.0  # goodput counts from here (slow start left out)


def queue_helper(kind):
    tch = ns.TrafficControlHelper()
    limit = ns.QueueSizeValue(ns.QueueSize(f"{LIMIT_PKTS}p"))
    if kind == "droptail":
        tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", limit)
    elif kind == "codel":
        tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", limit)
    elif kind == "fq_codel":
        # ECN off (no sender here is ECN-capable); the quantum is the device MTU, 1500 B.
        tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", limit, "UseEcn", ns.BooleanValue(False))
    elif kind == "pie":
        tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", limit)
    else:
        raise SystemExit(f"unknown queue kind {kind}")
    return tch


def run(kind, seconds):
    ns.Config.SetDefault("ns3::TcpL4Protocol::SocketType", ns.StringValue("ns3::TcpNewReno"))
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(SEGMENT))
    ns.Config.SetDefault("ns3::TcpSocket::InitialCwnd", ns.UintegerValue(10))
    ns.Config.SetDefault("ns3::TcpSocket::DelAckCount", ns.UintegerValue(1))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(1 << 20))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(1 << 20))
    ns.Config.SetDefault("ns3::TcpSocketBase::Sack", ns.BooleanValue(True))
    ns.Config.SetDefault("ns3::TcpSocketBase::Timestamp", ns.BooleanValue(True))

    senders, routers, sinks = ns.NodeContainer(), ns.NodeContainer(), ns.NodeContainer()
    n = len(ACCESS_DELAYS_MS)
    senders.Create(n)
    routers.Create(2)
    sinks.Create(n)
    stack = ns.InternetStackHelper()
    stack.Install(senders)
    stack.Install(routers)
    stack.Install(sinks)

    p2p = ns.PointToPointHelper()
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", ns.QueueSizeValue(ns.QueueSize("1p")))
    address = ns.Ipv4AddressHelper()
    sink_addresses = []

    def link(a, b, rate, delay_ms, base):
        p2p.SetDeviceAttribute("DataRate", ns.StringValue(rate))
        p2p.SetChannelAttribute("Delay", ns.StringValue(f"{delay_ms}ms"))
        devs = p2p.Install(a, b)
        address.SetBase(ns.Ipv4Address(base), ns.Ipv4Mask("255.255.255.0"))
        return devs

    r1, r2 = routers.Get(0), routers.Get(1)
    sender_addresses = []
    for i, d in enumerate(ACCESS_DELAYS_MS):
        devs = link(senders.Get(i), r1, "100Mbps", d, f"10.1.{i}.0")
        sender_addresses.append(address.Assign(devs).GetAddress(0))
    bottleneck = link(r1, r2, RATE, BOTTLENECK_DELAY_MS, "10.2.0.0")
    qdiscs = queue_helper(kind).Install(bottleneck.Get(0))
    address.Assign(bottleneck)
    for i in range(n):
        devs = link(r2, sinks.Get(i), "100Mbps", 0, f"10.3.{i}.0")
        ifs = address.Assign(devs)
        sink_addresses.append(ifs.GetAddress(1))
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()
    cppyy.gbl.aqmref.Connect(qdiscs.Get(0))

    port = 5000
    sink_apps = []
    for i in range(n):
        helper = ns.PacketSinkHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo())
        app = helper.Install(sinks.Get(i))
        app.Start(ns.Seconds(0))
        sink_apps.append(ns.DynamicCast[ns.PacketSink](app.Get(0)))
        bulk = ns.BulkSendHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(sink_addresses[i], port).ConvertTo())
        bulk.SetAttribute("MaxBytes", ns.UintegerValue(0))
        src = bulk.Install(senders.Get(i))
        src.Start(ns.Seconds(0))

    vec = cppyy.gbl.std.vector[ns.Ptr[ns.PacketSink]](sink_apps)
    cppyy.gbl.aqmref.ScheduleSnapshot(MEASURE_FROM_S, vec)
    monitor_helper = ns.FlowMonitorHelper()
    monitor = monitor_helper.InstallAll()
    ns.Simulator.Stop(ns.Seconds(seconds))
    ns.Simulator.Run()

    window = seconds - MEASURE_FROM_S
    goodputs = [(s.GetTotalRx() - cppyy.gbl.aqmref.AtStart(i)) * 8 / window for i, s in enumerate(sink_apps)]
    # Mean RTT per flow: mean one-way delay of its data plus that of its ACKs.
    classifier = ns.DynamicCast[ns.Ipv4FlowClassifier](monitor_helper.GetClassifier())
    delays = {}
    for fid, st in monitor.GetFlowStats():
        t = classifier.FindFlow(fid)
        key = (str(t.sourceAddress), str(t.destinationAddress))
        delays[key] = st.delaySum.GetSeconds() / max(st.rxPackets, 1)
    rtts = []
    for i in range(n):
        src = str(sender_addresses[i])
        dst = str(sink_addresses[i])
        rtts.append(delays.get((src, dst), 0) + delays.get((dst, src), 0))
    stats = qdiscs.Get(0).GetStats()
    drops = stats.nTotalDroppedPackets
    marks = stats.nTotalMarkedPackets
    jain = sum(goodputs) ** 2 / (len(goodputs) * sum(g * g for g in goodputs))
    ns.Simulator.Destroy()
    return {
        "queue": kind,
        "seconds": seconds,
        "goodput_bps": [round(g) for g in goodputs],
        "goodput_total_bps": round(sum(goodputs)),
        "rtt_mean_s": [round(r, 5) for r in rtts],
        "rtt_mean_all_s": round(sum(rtts) / n, 5),
        "sojourn_mean_s": round(cppyy.gbl.aqmref.MeanSojourn(), 5),
        "drops": int(drops),
        "marks": int(marks),
        "jain": round(jain, 4),
    }


def main(argv):
    seconds = 30.0
    kinds = []
    it = iter(argv)
    for a in it:
        if a == "--time":
            seconds = float(next(it))
        else:
            kinds.append(a)
    kinds = kinds or ["droptail", "codel", "fq_codel", "pie"]
    if len(kinds) == 1:
        print(json.dumps(run(kinds[0], seconds)), flush=True)
        return
    # One process per run: ns-3's globals (node ids, routing) outlive Simulator::Destroy.
    for kind in kinds:
        subprocess.run([sys.executable, __file__, kind, "--time", str(seconds)], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
