//! Captures Wireshark trusts: `tshark` (installed by scripts/lib.sh's
//! ensure_tshark) reads the pcap of several scenarios with checksum
//! validation on, finds no checksum or malformed-packet problem, verifies
//! every checksum, and its TCP analysis counts the retransmissions the
//! summary counts. The capture is taken inside each sender (a drop in its own
//! queue still shows), so Wireshark's "retransmission" (a segment whose bytes
//! were sent before: fast, timeout-driven and spurious alike) is the sender's
//! retransmit counter, but for window probes (resent into a zero window),
//! which Wireshark counts and the summary does not.

use std::path::{Path, PathBuf};
use std::process::Command;

fn ackscope() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ackscope"));
    c.env("ACKSCOPE_SCENARIOS", Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios"));
    c
}

fn tshark(pcap: &Path, args: &[&str]) -> String {
    let out = Command::new("tshark")
        .args(["-n", "-o", "ip.check_checksum:TRUE", "-o", "tcp.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE", "-r"])
        .arg(pcap)
        .args(args)
        .output()
        .expect("tshark is missing: run `source scripts/lib.sh; ensure_tshark` (npm test does)");
    assert!(out.status.success(), "tshark failed on {}: {}", pcap.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// 300 nodes, so addresses pass 10.0.0.255; the flow ends at node 298.
fn many_nodes(dir: &Path) -> PathBuf {
    let mut text = String::from("version = 1\nid = \"many\"\ntitle = \"Many nodes\"\nduration = \"5s\"\n");
    for i in 0..300 {
        text += &format!("[[nodes]]\nid = \"n{i}\"\n");
    }
    text += "[[links]]\nid = \"l\"\na = \"n0\"\nb = \"n299\"\nrate = \"1Mbps\"\ndelay = \"10ms\"\n";
    text += "[[links]]\nid = \"m\"\na = \"n299\"\nb = \"n298\"\nrate = \"1Mbps\"\ndelay = \"10ms\"\n";
    text += "[[flows]]\nid = \"f\"\nfrom = \"n0\"\nto = \"n298\"\n";
    let path = dir.join("many.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn wireshark_finds_no_bad_packet_and_counts_the_summarys_retransmissions() {
    let dir = std::env::temp_dir().join(format!("ackscope-tshark-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let many = many_nodes(&dir);
    let cases: Vec<(String, Vec<&str>)> = vec![
        // Timeouts over a long delay; SACK with a small header and a SYN; ACK filtering
        // on two-way traffic; ECN with RED; UDP; a zero window (M-TCP); many nodes.
        ("seed000/satellite-asymmetric".into(), vec![]),
        ("seed000/wired".into(), vec!["--set", "flows.ftp.tcp.variant=sack1", "--set", "flows.ftp.receiver.sack=true", "--set", "flows.ftp.tcp.rwnd=725KB", "--set", "flows.ftp.tcp.header=0B", "--set", "flows.ftp.tcp.syn=true", "--duration", "20s"]),
        ("seed003/two-way".into(), vec!["--set", "links.ij.queue.filter_acks=true", "--duration", "20s"]),
        ("examples/red-ecn".into(), vec![]),
        ("examples/cbr-udp".into(), vec![]),
        ("seed000/wireless-mtcp".into(), vec![]),
        (many.display().to_string(), vec![]),
    ];
    for (scenario, args) in &cases {
        let pcap = dir.join("run.pcap");
        let out = ackscope().args(["run", scenario, "--format", "json", "--pcap"]).arg(&pcap).args(args).output().unwrap();
        assert!(out.status.success(), "{scenario}: {}", String::from_utf8_lossy(&out.stderr));
        let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();

        // No error at all, and nothing about checksums or malformed packets.
        let expert = tshark(&pcap, &["-q", "-z", "expert"]);
        assert!(!expert.contains("Errors ("), "{scenario}: {expert}");
        for bad in ["Checksum", "Malformed", "Bad checksum"] {
            assert!(!expert.contains(bad), "{scenario}: {bad} in {expert}");
        }
        // Every checksum was verified, not just left unverified (status 1 = good),
        // and Wireshark's retransmissions per sender port.
        let fields =
            ["ip.checksum.status", "tcp.checksum.status", "udp.checksum.status", "tcp.srcport", "tcp.analysis.retransmission", "tcp.dstport", "tcp.window_size_value"];
        let mut args = vec!["-T", "fields", "-E", "separator=|"];
        for f in &fields {
            args.extend(["-e", f]);
        }
        let rows: Vec<Vec<String>> = tshark(&pcap, &args).lines().map(|l| l.split('|').map(str::to_owned).collect()).collect();
        assert!(rows.len() > 100, "{scenario}: {} packets", rows.len());
        for (n, row) in rows.iter().enumerate() {
            assert_eq!(row[0], "1", "{scenario} packet {}: IPv4 checksum", n + 1);
            assert!(row[1] == "1" || row[2] == "1", "{scenario} packet {}: TCP/UDP checksum {row:?}", n + 1);
        }
        for (i, flow) in summary["flows"].as_array().unwrap().iter().enumerate() {
            let Some(expected) = flow["retransmits"].as_u64() else { continue };
            let port = (10_000 + i).to_string();
            // A segment resent into a zero window is a window probe, which the
            // summary does not count as a retransmission (RFC 9293 3.8.6.1) and
            // Wireshark does: leave those out.
            let mut window_closed = false;
            let mut seen = 0;
            for r in &rows {
                if r[5] == port {
                    window_closed = r[6] == "0";
                } else if r[3] == port && !r[4].is_empty() && !window_closed {
                    seen += 1;
                }
            }
            assert_eq!(seen as u64, expected, "{scenario} flow {}: Wireshark's retransmissions", flow["id"]);
        }
    }
    // Addresses of nodes past 255 do not wrap: node 298 is 10.0.1.43.
    let pcap = dir.join("run.pcap");
    assert!(tshark(&pcap, &["-Y", "ip.dst == 10.0.1.43"]).lines().count() > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}
