//! Series and summaries as CSV.

use crate::record::{SeriesStore, Summary};
use std::fmt::Write;

/// Every point of every series, one row each: `series,t_s,value`.
pub fn series_csv(store: &SeriesStore) -> String {
    let mut out = String::from("series,t_s,value\n");
    for s in store.all() {
        for (t, v) in s.t_ns.iter().zip(&s.values) {
            let _ = writeln!(out, "{},{},{}", s.info.name, *t as f64 / 1e9, v);
        }
    }
    out
}

fn opt(v: Option<f64>) -> String {
    v.map_or_else(String::new, |x| x.to_string())
}

/// The summary as two CSV tables, flows then links, separated by a blank line.
pub fn summary_csv(s: &Summary) -> String {
    let mut out = String::from(
        "flow,variant,goodput_bps,throughput_bps,delivered_bytes,sent_packets,retransmits,timeouts,\
         spurious_retransmits,spurious_timeouts,rtt_mean_s,owd_fwd_mean_s,owd_fwd_std_s,owd_fwd_est_mean_s,owd_fwd_est_std_s\n",
    );
    for f in &s.flows {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            f.id,
            f.variant,
            f.goodput_bps,
            f.throughput_bps,
            f.delivered_bytes,
            f.sent_packets,
            f.retransmits,
            f.timeouts,
            f.spurious_retransmits,
            f.spurious_timeouts,
            opt(f.rtt_mean_s),
            opt(f.owd_fwd_mean_s),
            opt(f.owd_fwd_std_s),
            opt(f.owd_fwd_est_mean_s),
            opt(f.owd_fwd_est_std_s)
        );
    }
    out.push_str("\nlink,direction,from,to,drops,corrupted,queue_max_pkts,packets,utilization\n");
    for l in &s.links {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{}",
            l.id, l.direction.name(), l.from, l.to, l.drops, l.corrupted, l.queue_max_pkts, l.packets, l.utilization
        );
    }
    out
}
