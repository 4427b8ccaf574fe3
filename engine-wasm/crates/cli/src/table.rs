//! Plain-text tables for people.

use crate::locate::Listed;
use ackscope_engine::Summary;
use std::fmt::Write;

/// Left-aligned columns, two spaces apart.
fn columns(rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row.iter().zip(&widths).map(|(cell, w)| format!("{cell:<w$}")).collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

fn rate(bps: f64) -> String {
    if bps >= 1e6 {
        format!("{:.3} Mbit/s", bps / 1e6)
    } else {
        format!("{:.1} kbit/s", bps / 1e3)
    }
}

fn millis(s: Option<f64>) -> String {
    s.map_or_else(|| "-".into(), |v| format!("{:.1} ms", v * 1e3))
}

pub fn summary_table(s: &Summary) -> String {
    let mut out = format!(
        "{}  seed {}  {:.3} s simulated  {} events  digest {}\n\n",
        s.scenario, s.seed, s.duration_s, s.events, s.digest
    );
    let mut flows = vec![vec![
        "flow", "variant", "goodput", "throughput", "delivered B", "sent", "retx", "timeouts", "spurious retx", "spurious rto",
        "rtt mean", "owd fwd mean",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>()];
    for f in &s.flows {
        flows.push(vec![
            f.id.clone(),
            f.variant.clone(),
            rate(f.goodput_bps),
            rate(f.throughput_bps),
            f.delivered_bytes.to_string(),
            f.sent_packets.to_string(),
            f.retransmits.to_string(),
            f.timeouts.to_string(),
            f.spurious_retransmits.to_string(),
            f.spurious_timeouts.to_string(),
            millis(f.rtt_mean_s),
            millis(f.owd_fwd_mean_s),
        ]);
    }
    out += &columns(&flows);
    out.push('\n');
    let mut links = vec![vec![
        "link", "direction", "from", "to", "packets", "drops", "early", "marks", "corrupted", "outage", "arq retries",
        "queue max", "utilization",
    ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()];
    for l in &s.links {
        links.push(vec![
            l.id.clone(),
            l.direction.name().to_string(),
            l.from.clone(),
            l.to.clone(),
            l.packets.to_string(),
            l.drops.to_string(),
            l.early_drops.to_string(),
            l.marks.to_string(),
            l.corrupted.to_string(),
            l.outage_losses.to_string(),
            l.arq_retries.to_string(),
            l.queue_max_pkts.to_string(),
            format!("{:.1} %", l.utilization * 100.0),
        ]);
    }
    out + &columns(&links)
}

pub fn listing(items: &[Listed]) -> String {
    let mut rows = vec![vec!["id".to_string(), "title".into(), "paper".into(), "file".into()]];
    for l in items {
        rows.push(vec![l.id.clone(), l.title.clone(), l.paper.clone(), l.path.display().to_string()]);
    }
    columns(&rows)
}
