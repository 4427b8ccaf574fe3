#!/usr/bin/env python3
"""CUBIC, BBR and NewReno on a 20 Mbit/s, 40 ms path in ns-3 (the PyPI `ns3`
wheel): the reference for scenarios/examples/tcp-20mbps.toml,
cubic-vs-newreno.toml and bbr-two-rtts.toml (see tools/ns3/README.md, "TCP
variants").

    s_i --1 Gbit/s, d_i-- router ==20 Mbit/s, 19 ms, FIFO of <buffer> packets== receiver

d_i is 1 ms (base RTT 40 ms) or 21 ms (80 ms). TCP as ns-3's defaults, which
the scenarios copy: 1460-byte segments without timestamps (1500-byte
packets), initial window 10, SACK with PRR recovery (TcpPrrRecovery),
delayed ACKs (2 segments or 200 ms), a 1 s minimum RTO, 4 MB socket buffers.
CUBIC without HyStart (ns-3's TcpCubic has it on by default; ours is off by
default); BBR with pacing (TcpBbr needs it). The bottleneck's device queue
holds one packet, so the FIFO queue disc is where packets wait and drop.

Usage: python3 tools/ns3/tcp_variants.py CASE [--time 30] [--delack 2] [--recovery prr|classic]
  CASE: single-cubic-1bdp, single-cubic-5bdp, single-bbr-1bdp, single-bbr-5bdp,
        cubic-vs-newreno, bbr-two-rtts, or all (one process each).
  --recovery: TcpPrrRecovery (default) or TcpClassicRecovery (RFC 6675's cwnd = ssthresh).
Prints one JSON object per case: per flow goodput (from --from seconds on),
mean cwnd over the same window (segments, time-weighted), mean RTT (data one-way delay + ACK one-way delay, FlowMonitor), and for the
bottleneck the drop count, loss episodes and their mean spacing (the sawtooth
period: drops more than 0.5 s apart start a new episode), Jain's fairness.
"""
import json
import subprocess
import sys

from ns import ns
import cppyy

cppyy.cppdef(r"""
#include "ns3/core-module.h"
#include "ns3/traffic-control-module.h"
#include "ns3/applications-module.h"
namespace tcpref {
static std::vector<double> g_drops;
void OnDrop (ns3::Ptr<const ns3::QueueDiscItem> item) { g_drops.push_back (ns3::Simulator::Now ().GetSeconds ()); }
void Connect (ns3::Ptr<ns3::QueueDisc> q) {
  q->TraceConnectWithoutContext ("Drop", ns3::MakeCallback (&OnDrop));
}
size_t Drops () { return g_drops.size (); }
double DropAt (size_t i) { return g_drops[i]; }
static std::vector<uint64_t> g_at_start;
void Snapshot (std::vector<ns3::Ptr<ns3::PacketSink>> sinks) {
  g_at_start.clear ();
  for (auto &s : sinks) g_at_start.push_back (s->GetTotalRx ());
}
void ScheduleSnapshot (double at, std::vector<ns3::Ptr<ns3::PacketSink>> sinks) {
  ns3::Simulator::Schedule (ns3::Seconds (at), &Snapshot, sinks);
}
uint64_t AtStart (size_t i) { return i < g_at_start.size () ? g_at_start[i] : 0; }
// Each sender's cwnd (bytes), time-weighted over [from, end).
struct CwndMean { double from, last_t = 0, last = 0, area = 0; };
static std::vector<CwndMean> g_cwnd;
void OnCwnd (size_t i, uint32_t, uint32_t now_bytes) {
  CwndMean &m = g_cwnd[i];
  double t = ns3::Simulator::Now ().GetSeconds ();
  if (t > m.from) m.area += m.last * (t - std::max (m.last_t, m.from));
  m.last_t = t;
  m.last = now_bytes;
}
void HookCwnd (size_t i, uint32_t node) {
  ns3::Config::ConnectWithoutContext ("/NodeList/" + std::to_string (node) + "/$ns3::TcpL4Protocol/SocketList/0/CongestionWindow",
                                      ns3::MakeBoundCallback (&OnCwnd, i));
}
void TraceCwnd (uint32_t node, double from) {
  g_cwnd.push_back (CwndMean {from});
  // The socket exists once the application has started (at 0 s).
  ns3::Simulator::Schedule (ns3::MicroSeconds (1), &HookCwnd, g_cwnd.size () - 1, node);
}
double CwndMeanBytes (size_t i, double end) {
  CwndMean m = g_cwnd[i];
  m.area += m.last * (end - std::max (m.last_t, m.from));
  return m.area / (end - m.from);
}
}
""")

BDP_PKTS = 68
CASES = {
    # name: ([(variant, access delay ms)], buffer packets, measure from s, default seconds)
    "single-cubic-1bdp": ([("cubic", 1)], BDP_PKTS, 5.0, 30.0),
    "single-cubic-5bdp": ([("cubic", 1)], 5 * BDP_PKTS, 5.0, 30.0),
    "single-bbr-1bdp": ([("bbr", 1)], BDP_PKTS, 5.0, 30.0),
    "single-bbr-5bdp": ([("bbr", 1)], 5 * BDP_PKTS, 5.0, 30.0),
    "cubic-vs-newreno": ([("cubic", 1), ("newreno", 1)], BDP_PKTS, 10.0, 60.0),
    "bbr-two-rtts": ([("bbr", 1), ("bbr", 21)], 5 * BDP_PKTS, 10.0, 60.0),
}
TYPE = {"cubic": "ns3::TcpCubic", "bbr": "ns3::TcpBbr", "newreno": "ns3::TcpNewReno"}
RECOVERY = {"prr": "ns3::TcpPrrRecovery", "classic": "ns3::TcpClassicRecovery"}
EPISODE_GAP_S = 0.5


def episodes(drops):
    starts = [t for i, t in enumerate(drops) if i == 0 or t - drops[i - 1] > EPISODE_GAP_S]
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    return len(starts), (sum(gaps) / len(gaps) if gaps else None)


def run(case, seconds, delack=2, recovery="prr"):
    flows, buffer_pkts, measure_from, default_s = CASES[case]
    seconds = seconds or default_s
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(1460))
    ns.Config.SetDefault("ns3::TcpSocket::InitialCwnd", ns.UintegerValue(10))
    ns.Config.SetDefault("ns3::TcpSocket::DelAckCount", ns.UintegerValue(delack))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(4 << 20))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(4 << 20))
    ns.Config.SetDefault("ns3::TcpSocketBase::Sack", ns.BooleanValue(True))
    ns.Config.SetDefault("ns3::TcpSocketBase::Timestamp", ns.BooleanValue(False))
    recovery_type = ns.TypeIdValue(ns.TypeId.LookupByName(RECOVERY[recovery]))
    ns.Config.SetDefault("ns3::TcpL4Protocol::RecoveryType", recovery_type)
    ns.Config.SetDefault("ns3::TcpCubic::HyStart", ns.BooleanValue(False))
    # Sockets take defaults when the applications start: no case mixes paced and unpaced senders.
    ns.Config.SetDefault("ns3::TcpSocketState::EnablePacing", ns.BooleanValue(any(v == "bbr" for v, _ in flows)))

    n = len(flows)
    senders, router, receiver = ns.NodeContainer(), ns.NodeContainer(), ns.NodeContainer()
    senders.Create(n)
    router.Create(1)
    receiver.Create(1)
    stack = ns.InternetStackHelper()
    for c in (senders, router, receiver):
        stack.Install(c)
    p2p = ns.PointToPointHelper()
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", ns.QueueSizeValue(ns.QueueSize("1p")))
    address = ns.Ipv4AddressHelper()

    def link(a, b, rate, delay_ms, base):
        p2p.SetDeviceAttribute("DataRate", ns.StringValue(rate))
        p2p.SetChannelAttribute("Delay", ns.StringValue(f"{delay_ms}ms"))
        devs = p2p.Install(a, b)
        address.SetBase(ns.Ipv4Address(base), ns.Ipv4Mask("255.255.255.0"))
        return devs

    sender_addresses = []
    for i, (_, d) in enumerate(flows):
        devs = link(senders.Get(i), router.Get(0), "1Gbps", d, f"10.1.{i}.0")
        tch = ns.TrafficControlHelper()
        tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", ns.QueueSizeValue(ns.QueueSize("1000p")))
        tch.Install(devs)
        sender_addresses.append(address.Assign(devs).GetAddress(0))
    bottleneck = link(router.Get(0), receiver.Get(0), "20Mbps", 19, "10.2.0.0")
    tch = ns.TrafficControlHelper()
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", ns.QueueSizeValue(ns.QueueSize(f"{buffer_pkts}p")))
    qdiscs = tch.Install(bottleneck.Get(0))
    sink_address = address.Assign(bottleneck).GetAddress(1)
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()
    cppyy.gbl.tcpref.Connect(qdiscs.Get(0))

    sink_apps = []
    for i, (variant, _) in enumerate(flows):
        port = 5000 + i
        # The congestion control of each sender's sockets.
        ns.Config.Set(f"/NodeList/{senders.Get(i).GetId()}/$ns3::TcpL4Protocol/SocketType", ns.TypeIdValue(ns.TypeId.LookupByName(TYPE[variant])))
        ns.Config.Set(f"/NodeList/{senders.Get(i).GetId()}/$ns3::TcpL4Protocol/RecoveryType", recovery_type)
        helper = ns.PacketSinkHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo())
        app = helper.Install(receiver.Get(0))
        app.Start(ns.Seconds(0))
        sink_apps.append(ns.DynamicCast[ns.PacketSink](app.Get(0)))
        bulk = ns.BulkSendHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(sink_address, port).ConvertTo())
        bulk.SetAttribute("MaxBytes", ns.UintegerValue(0))
        bulk.SetAttribute("SendSize", ns.UintegerValue(1460))
        src = bulk.Install(senders.Get(i))
        src.Start(ns.Seconds(0))

    for i in range(n):
        cppyy.gbl.tcpref.TraceCwnd(senders.Get(i).GetId(), measure_from)
    vec = cppyy.gbl.std.vector[ns.Ptr[ns.PacketSink]](sink_apps)
    cppyy.gbl.tcpref.ScheduleSnapshot(measure_from, vec)
    monitor_helper = ns.FlowMonitorHelper()
    monitor = monitor_helper.InstallAll()
    ns.Simulator.Stop(ns.Seconds(seconds))
    ns.Simulator.Run()

    window = seconds - measure_from
    goodputs = [(s.GetTotalRx() - cppyy.gbl.tcpref.AtStart(i)) * 8 / window for i, s in enumerate(sink_apps)]
    classifier = ns.DynamicCast[ns.Ipv4FlowClassifier](monitor_helper.GetClassifier())
    delays = {}
    for fid, st in monitor.GetFlowStats():
        t = classifier.FindFlow(fid)
        delays[(str(t.sourceAddress), str(t.destinationAddress))] = st.delaySum.GetSeconds() / max(st.rxPackets, 1)
    rtts = [delays.get((str(a), str(sink_address)), 0) + delays.get((str(sink_address), str(a)), 0) for a in sender_addresses]
    drops = [cppyy.gbl.tcpref.DropAt(i) for i in range(cppyy.gbl.tcpref.Drops())]
    in_window = [t for t in drops if t >= measure_from]
    count, period = episodes(in_window)
    cwnds = [cppyy.gbl.tcpref.CwndMeanBytes(i, seconds) / 1460 for i in range(n)]
    jain = sum(goodputs) ** 2 / (n * sum(g * g for g in goodputs)) if any(goodputs) else None
    ns.Simulator.Destroy()
    return {
        "case": case,
        "seconds": seconds,
        "delack": delack,
        "recovery": recovery,
        "flows": [v for v, _ in flows],
        "goodput_bps": [round(g) for g in goodputs],
        "rtt_mean_s": [round(r, 5) for r in rtts],
        "cwnd_mean_segments": [round(c, 2) for c in cwnds],
        "drops": len(drops),
        "loss_episodes": count,
        "sawtooth_period_s": round(period, 3) if period else None,
        "jain": round(jain, 4) if jain else None,
    }


def main(argv):
    seconds = None
    delack = 2
    recovery = "prr"
    cases = []
    it = iter(argv)
    for a in it:
        if a == "--time":
            seconds = float(next(it))
        elif a == "--delack":
            delack = int(next(it))
        elif a == "--recovery":
            recovery = next(it)
            if recovery not in RECOVERY:
                sys.exit(f"--recovery: unknown {recovery!r} (allowed: {', '.join(RECOVERY)})")
        else:
            cases.append(a)
    if cases == ["all"] or not cases:
        cases = list(CASES)
    if len(cases) == 1:
        print(json.dumps(run(cases[0], seconds, delack, recovery)), flush=True)
        return
    # One process per run: ns-3's globals (node ids, routing) outlive Simulator::Destroy.
    for case in cases:
        extra = (["--time", str(seconds)] if seconds else []) + ["--delack", str(delack), "--recovery", recovery]
        subprocess.run([sys.executable, __file__, case, *extra], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
