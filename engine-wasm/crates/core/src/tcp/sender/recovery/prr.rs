//! Proportional Rate Reduction (RFC 6937): during loss recovery, send in
//! proportion to what the receiver reports delivered, so that the flight
//! comes down smoothly to ssthresh by the end of recovery instead of the
//! sender falling silent for half a window (RFC 6675's halving) and then
//! bursting. Once the flight is below ssthresh it grows back no faster
//! than slow start (the slow start reduction bound, PRR-SSRB).

/// One recovery episode's accounting, in segments.
#[derive(Clone, Debug, PartialEq)]
pub struct Prr {
    /// Data in flight when recovery began (RecoverFS).
    recover_fs: f64,
    /// Segments the receiver has reported delivered since (prr_delivered).
    delivered: f64,
    /// Segments sent since (prr_out).
    out: f64,
    ssthresh: f64,
}

impl Prr {
    /// Recovery begins with `recover_fs` segments in flight, aiming at `ssthresh`.
    pub fn new(recover_fs: u32, ssthresh: f64) -> Self {
        Prr { recover_fs: recover_fs.max(1) as f64, delivered: 0.0, out: 0.0, ssthresh }
    }

    /// Segments sent during recovery, retransmissions included.
    pub fn on_sent(&mut self, segments: u32) {
        self.out += segments as f64;
    }

    /// RFC 6937 section 3: an ACK reported `delivered_data` segments
    /// delivered with `pipe` in flight; returns sndcnt, the segments that may go now.
    pub fn sndcnt(&mut self, delivered_data: u32, pipe: i64) -> u32 {
        self.delivered += delivered_data as f64;
        let pipe = pipe as f64;
        let sndcnt = if pipe > self.ssthresh {
            // Proportional rate reduction.
            (self.delivered * self.ssthresh / self.recover_fs).ceil() - self.out
        } else {
            // PRR-SSRB: at most what was delivered, plus one segment.
            let limit = (self.delivered - self.out).max(delivered_data as f64) + 1.0;
            (self.ssthresh - pipe).min(limit)
        };
        sndcnt.max(0.0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_loss_in_a_window_of_20_sends_one_segment_per_two_acks() {
        // RFC 6937 section 5's first example: cwnd 20, one segment lost,
        // ssthresh 10; every ACK reports one segment delivered. The fast
        // retransmit counts as sent. PRR sends on every other ACK, spreading
        // the 10-segment reduction over the whole recovery, where RFC 6675
        // would send nothing for 10 ACKs and then one per ACK.
        let mut prr = Prr::new(20, 10.0);
        prr.on_sent(1);
        let mut pipe = 19;
        let mut sent = vec![];
        for _ in 0..19 {
            pipe -= 1;
            let n = prr.sndcnt(1, pipe);
            prr.on_sent(n);
            pipe += n as i64;
            sent.push(n);
        }
        assert_eq!(sent[..14], [0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
        // The flight comes down to ssthresh; from there PRR-SSRB sends one
        // segment per segment delivered and holds it at ssthresh.
        assert_eq!(pipe, 10);
        assert_eq!(sent[15..], [1, 1, 1, 1]);
    }

    #[test]
    fn below_ssthresh_the_flight_grows_back_by_at_most_one_more_than_delivered() {
        // Many losses left only 4 segments in flight; ssthresh is 10.
        let mut prr = Prr::new(20, 10.0);
        prr.on_sent(1);
        // An ACK delivering 2 segments: max(prr_delivered - prr_out, 2) + 1 = 3, not 10 - 4 = 6.
        assert_eq!(prr.sndcnt(2, 4), 3);
        prr.on_sent(3);
        // Close to ssthresh the gap bounds it: 10 - 9 = 1.
        assert_eq!(prr.sndcnt(5, 9), 1);
    }
}
