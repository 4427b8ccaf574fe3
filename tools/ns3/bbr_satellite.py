#!/usr/bin/env python3
"""BBR (or another TCP) over the satellite hop of scenarios/examples/bbr-satellite.toml
in ns-3 (the PyPI `ns3` wheel): the reference for that example (tools/ns3/README.md,
"BBR on the satellite link").

    hub ==10 Mbit/s, 250 ms, BER 1e-6== sat ==10 Mbit/s, 250 ms, BER 1e-6== terminal

Bit errors in both directions of both links (ns-3's RateErrorModel per bit on each
receiving device, as our `errors = { ber = 1e-6 }`). TCP as the example: 1460-byte
segments without timestamps, initial window 10, SACK, an ACK per segment, a 725 KB
receive window, RTO 3 s initially and at least 200 ms, 10 ms clock granularity.
TcpBbr paces (it needs to); PRR recovery as in ns-3's default.

Usage: python3 tools/ns3/bbr_satellite.py [--variant bbr|cubic|newreno] [--run N] [--time 60]
Prints one JSON object: goodput over the run, data packets sent, timeouts.
"""
import json
import sys

from ns import ns
import cppyy

cppyy.cppdef(r"""
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
namespace satref {
static uint32_t g_timeouts = 0;
void OnState (ns3::TcpSocketState::TcpCongState_t, ns3::TcpSocketState::TcpCongState_t now) {
  if (now == ns3::TcpSocketState::CA_LOSS) g_timeouts++;
}
void Hook (uint32_t node) {
  std::string s = "/NodeList/" + std::to_string (node) + "/$ns3::TcpL4Protocol/SocketList/0/";
  ns3::Config::ConnectWithoutContext (s + "CongState", ns3::MakeCallback (&OnState));
}
void Schedule (uint32_t node) { ns3::Simulator::Schedule (ns3::MicroSeconds (1), &Hook, node); }
uint32_t Timeouts () { return g_timeouts; }
}
""")

TYPE = {"bbr": "ns3::TcpBbr", "cubic": "ns3::TcpCubic", "newreno": "ns3::TcpNewReno"}


def run(variant, rng_run, seconds):
    ns.RngSeedManager.SetRun(rng_run)
    ns.Config.SetDefault("ns3::TcpL4Protocol::SocketType", ns.TypeIdValue(ns.TypeId.LookupByName(TYPE[variant])))
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(1460))
    ns.Config.SetDefault("ns3::TcpSocket::InitialCwnd", ns.UintegerValue(10))
    ns.Config.SetDefault("ns3::TcpSocket::DelAckCount", ns.UintegerValue(1))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(4 << 20))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(725000))
    ns.Config.SetDefault("ns3::TcpSocketBase::Sack", ns.BooleanValue(True))
    ns.Config.SetDefault("ns3::TcpSocketBase::Timestamp", ns.BooleanValue(False))
    ns.Config.SetDefault("ns3::TcpSocketBase::MinRto", ns.TimeValue(ns.MilliSeconds(200)))
    ns.Config.SetDefault("ns3::TcpSocketBase::ClockGranularity", ns.TimeValue(ns.MilliSeconds(10)))
    ns.Config.SetDefault("ns3::RttEstimator::InitialEstimation", ns.TimeValue(ns.Seconds(3)))
    ns.Config.SetDefault("ns3::TcpCubic::HyStart", ns.BooleanValue(False))
    ns.Config.SetDefault("ns3::TcpSocketState::EnablePacing", ns.BooleanValue(variant == "bbr"))

    nodes = ns.NodeContainer()
    nodes.Create(3)  # hub, sat, terminal
    ns.InternetStackHelper().Install(nodes)
    p2p = ns.PointToPointHelper()
    p2p.SetDeviceAttribute("DataRate", ns.StringValue("10Mbps"))
    p2p.SetChannelAttribute("Delay", ns.StringValue("250ms"))
    address = ns.Ipv4AddressHelper()
    errors = []
    interfaces = []
    for i in range(2):
        devs = p2p.Install(nodes.Get(i), nodes.Get(i + 1))
        for d in range(2):
            em = ns.CreateObject[ns.RateErrorModel]()
            em.SetAttribute("ErrorUnit", ns.StringValue("ERROR_UNIT_BIT"))
            em.SetAttribute("ErrorRate", ns.DoubleValue(1e-6))
            devs.Get(d).SetAttribute("ReceiveErrorModel", ns.PointerValue(em))
            errors.append(em)
        address.SetBase(ns.Ipv4Address(f"10.{i + 1}.0.0"), ns.Ipv4Mask("255.255.255.0"))
        interfaces.append(address.Assign(devs))
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()

    sink = ns.PacketSinkHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 5000).ConvertTo())
    sink_app = sink.Install(nodes.Get(2))
    sink_app.Start(ns.Seconds(0))
    bulk = ns.BulkSendHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(interfaces[1].GetAddress(1), 5000).ConvertTo())
    bulk.SetAttribute("MaxBytes", ns.UintegerValue(0))
    bulk.SetAttribute("SendSize", ns.UintegerValue(1460))
    bulk.Install(nodes.Get(0)).Start(ns.Seconds(0))
    cppyy.gbl.satref.Schedule(nodes.Get(0).GetId())
    monitor_helper = ns.FlowMonitorHelper()
    monitor = monitor_helper.InstallAll()
    ns.Simulator.Stop(ns.Seconds(seconds))
    ns.Simulator.Run()

    rx = ns.DynamicCast[ns.PacketSink](sink_app.Get(0)).GetTotalRx()
    sent = 0
    for _, st in monitor.GetFlowStats():
        sent = max(sent, st.txPackets)
    out = {
        "variant": variant,
        "run": rng_run,
        "seconds": seconds,
        "goodput_bps": round(rx * 8 / seconds),
        "data_packets_sent": sent,
        "timeouts": int(cppyy.gbl.satref.Timeouts()),
    }
    ns.Simulator.Destroy()
    return out


def main(argv):
    variant, rng_run, seconds = "bbr", 1, 60.0
    it = iter(argv)
    for a in it:
        if a == "--variant":
            variant = next(it)
            if variant not in TYPE:
                sys.exit(f"--variant: unknown {variant!r} (allowed: {', '.join(TYPE)})")
        elif a == "--run":
            rng_run = int(next(it))
        elif a == "--time":
            seconds = float(next(it))
        else:
            sys.exit(f"unknown argument {a!r} (allowed: --variant, --run, --time)")
    print(json.dumps(run(variant, rng_run, seconds)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
