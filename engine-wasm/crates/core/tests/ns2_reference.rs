//! Results ns-2.35 gives on seed 000's wired chain, pinned: the engine must
//! keep reproducing them. Each row was produced by
//! `ns tools/ns2/chain.tcl <agent> <sink> 725 60 0.8Mb 0.1ms 0.8Mb 100ms <queue> 1`
//! (ns-2 with its SYN, 200 ms minimum RTO, 10 ms ticks, singledup_ off) and is
//! run here with the same settings: `syn`, the ns-2 timer, limited transmit off,
//! and the sender's clock offset within a tick that ns-2 draws for a lone agent
//! (its boot_time_: the second draw of its default random stream, 0.5558807 ticks).

use ackscope_engine::record::Recording;
use ackscope_engine::{prepare, Format, Override};

struct Row {
    variant: &'static str,
    sink: &'static str,
    queue: u32,
    /// ns-2: in-order payload bit/s over 60 s, retransmitted packets, timeouts.
    goodput_bps: f64,
    retransmits: u64,
    timeouts: u64,
}

const ROWS: &[Row] = &[
    Row { variant: "tahoe", sink: "TCPSink", queue: 50, goodput_bps: 702_266.67, retransmits: 143, timeouts: 0 },
    Row { variant: "tahoe", sink: "TCPSink/Sack1", queue: 50, goodput_bps: 702_266.67, retransmits: 143, timeouts: 0 },
    Row { variant: "tahoe", sink: "TCPSink/DelAck", queue: 20, goodput_bps: 680_933.33, retransmits: 61, timeouts: 0 },
    Row { variant: "reno", sink: "TCPSink", queue: 50, goodput_bps: 718_533.33, retransmits: 141, timeouts: 1 },
    Row { variant: "reno", sink: "TCPSink/Sack1", queue: 50, goodput_bps: 718_533.33, retransmits: 141, timeouts: 1 },
    Row { variant: "reno", sink: "TCPSink/DelAck", queue: 20, goodput_bps: 706_933.33, retransmits: 68, timeouts: 1 },
    Row { variant: "newreno", sink: "TCPSink", queue: 50, goodput_bps: 719_600.00, retransmits: 145, timeouts: 1 },
    Row { variant: "newreno", sink: "TCPSink/Sack1", queue: 50, goodput_bps: 719_600.00, retransmits: 145, timeouts: 1 },
    Row { variant: "newreno", sink: "TCPSink/DelAck", queue: 20, goodput_bps: 712_000.00, retransmits: 70, timeouts: 1 },
    Row { variant: "sack1", sink: "TCPSink", queue: 50, goodput_bps: 678_666.67, retransmits: 143, timeouts: 4 },
    Row { variant: "sack1", sink: "TCPSink/Sack1", queue: 50, goodput_bps: 742_266.67, retransmits: 74, timeouts: 0 },
    Row { variant: "sack1", sink: "TCPSink/DelAck", queue: 20, goodput_bps: 662_666.67, retransmits: 61, timeouts: 4 },
    // ns-2 does not count FACK's timeouts (its timeout() skips nrexmit_); ours are given.
    Row { variant: "fack", sink: "TCPSink", queue: 50, goodput_bps: 610_933.33, retransmits: 143, timeouts: 4 },
    Row { variant: "fack", sink: "TCPSink/Sack1", queue: 50, goodput_bps: 757_733.33, retransmits: 74, timeouts: 0 },
    Row { variant: "fack", sink: "TCPSink/DelAck", queue: 50, goodput_bps: 663_600.00, retransmits: 104, timeouts: 2 },
    Row { variant: "fack", sink: "TCPSink/Sack1/DelAck", queue: 50, goodput_bps: 753_200.00, retransmits: 37, timeouts: 0 },
    // ns-2's Vegas puts no header bytes on the wire: run with header = 0 B.
    Row { variant: "vegas", sink: "TCPSink", queue: 50, goodput_bps: 767_733.33, retransmits: 0, timeouts: 0 },
    Row { variant: "vegas", sink: "TCPSink/DelAck", queue: 50, goodput_bps: 764_000.00, retransmits: 0, timeouts: 0 },
];

#[test]
fn the_wired_chain_matches_ns2_for_every_variant_and_sink() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios/seed000/wired.toml"),
    )
    .unwrap();
    for row in ROWS {
        let q = format!("{}pkt", row.queue);
        let variant = format!("flows.ftp.tcp.variant={}", row.variant);
        let access = format!("links.access.queue.limit={q}");
        let bottleneck = format!("links.bottleneck.queue.limit={q}");
        let mut sets = vec![
            variant.as_str(),
            "duration=60s",
            "flows.ftp.tcp.rwnd=725KB",
            "flows.ftp.tcp.syn=true",
            "flows.ftp.tcp.rto_estimator=ns2",
            "flows.ftp.tcp.clock_offset=5558807ns",
            access.as_str(),
            bottleneck.as_str(),
        ];
        if row.sink.contains("Sack1") {
            sets.push("flows.ftp.receiver.sack=true");
        }
        if row.sink.contains("DelAck") {
            sets.push("flows.ftp.receiver.delayed_ack=true");
        }
        if row.variant == "vegas" {
            sets.push("flows.ftp.tcp.header=0B");
        }
        let overrides: Vec<Override> = sets.iter().map(|s| Override::parse(s).unwrap()).collect();
        let (_, mut sim) = prepare(&text, Format::Toml, &overrides, Recording::Summary).unwrap();
        sim.run();
        let f = &sim.summary().flows[0];
        let case = format!("{} / {}", row.variant, row.sink);
        assert_eq!((f.retransmits, f.timeouts), (row.retransmits, row.timeouts), "{case}");
        assert!((f.goodput_bps - row.goodput_bps).abs() < 0.01, "{case}: {} vs ns-2 {}", f.goodput_bps, row.goodput_bps);
    }
}
