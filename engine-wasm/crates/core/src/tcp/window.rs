//! Congestion-window arithmetic, in segments, as ns-2's TcpAgent does it.

/// Window growth on an ACK for new data (ns-2 `opencwnd`, window option 1):
/// slow start adds one segment per ACK while cwnd < ssthresh (RFC 5681 3.1),
/// congestion avoidance adds 1/cwnd per ACK, about one segment per RTT.
pub fn opened(cwnd: f64, ssthresh: f64) -> f64 {
    if cwnd < ssthresh {
        cwnd + 1.0
    } else {
        cwnd + 1.0 / cwnd
    }
}

/// The reduction after a loss (ns-2 `slowdown`): half of the usable window
/// `min(cwnd, rwnd)`, as `(ssthresh, half)`. ssthresh is whole and at least
/// two segments (RFC 5681 (4): max(FlightSize / 2, 2 SMSS)); `half` keeps
/// its fraction, as Reno's new cwnd does in ns-2 with `precisionReduce_`
/// (its default since 2006). Without it ns-2 halves the whole window,
/// `int(window()) / 2`, and the new cwnd is whole too.
pub fn halved(cwnd: f64, rwnd_segments: u32, precision_reduce: bool) -> (f64, f64) {
    let usable = cwnd.min(rwnd_segments as f64);
    let half = if precision_reduce { usable / 2.0 } else { (usable.floor() / 2.0).floor() };
    (half.floor().max(2.0), half.max(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_start_adds_one_per_ack_and_avoidance_one_per_window() {
        assert_eq!(opened(4.0, 8.0), 5.0);
        let mut cwnd = 8.0;
        for _ in 0..8 {
            cwnd = opened(cwnd, 8.0);
        }
        assert!((cwnd - 8.0 - 1.0).abs() < 0.07, "cwnd {cwnd}");
    }

    #[test]
    fn halving_uses_the_smaller_of_cwnd_and_rwnd_with_a_floor_of_two() {
        assert_eq!(halved(15.0, 64, true), (7.0, 7.5));
        assert_eq!(halved(40.0, 20, true), (10.0, 10.0));
        assert_eq!(halved(2.0, 64, true), (2.0, 1.0));
    }

    #[test]
    fn without_precision_reduce_the_new_cwnd_is_half_the_whole_window() {
        // ns-2 before 2006: halfwin = int(window() / 2), window() = int(min(cwnd, wnd)).
        assert_eq!(halved(15.9, 64, false), (7.0, 7.0));
        assert_eq!(halved(15.9, 64, true), (7.0, 7.95));
        assert_eq!(halved(40.0, 21, false), (10.0, 10.0));
        assert_eq!(halved(1.5, 64, false), (2.0, 1.0));
    }
}
