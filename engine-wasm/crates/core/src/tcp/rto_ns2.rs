//! ns-2's retransmission timer (TcpAgent::rtt_update, rtt_timeout and
//! rtt_backoff with ns-2.35's defaults), for runs meant to match ns-2.
//!
//! RTT samples are counted in clock ticks (`tcpTick_`), with the send time
//! offset by a per-connection random "boot time" within one tick; srtt and
//! rttvar are fixed point with 3 and 2 fraction bits; RTO = srtt + 4 rttvar
//! ticks, at least `minrto_` (before backoff, as RFC 2988 asks), at most
//! `maxrto_`, and at least two ticks.

use crate::time::SimDuration;

#[derive(Clone, Debug)]
pub struct Ns2Rto {
    tick_ns: u64,
    min_ns: u64,
    max_ns: u64,
    /// Offset of this connection's clock within a tick (ns-2's boot_time_).
    boot_ns: u64,
    /// srtt x 8, in ticks (0: no sample yet).
    t_srtt: i64,
    /// rttvar x 4, in ticks.
    t_rttvar: i64,
    /// The RTO before backoff, in ns.
    rtxcur_ns: u64,
    backoff: u64,
    /// ns-2's rfc2988_ (see `rto`, `back_off`).
    rfc2988: bool,
}

impl Ns2Rto {
    /// `boot` (less than a tick) places this connection's clock within a tick.
    pub fn new(tick: SimDuration, min: SimDuration, max: SimDuration, initial: SimDuration, boot: SimDuration) -> Self {
        let tick_ns = tick.as_nanos().max(1);
        Ns2Rto {
            tick_ns,
            min_ns: min.as_nanos(),
            max_ns: max.as_nanos(),
            boot_ns: boot.as_nanos() % tick_ns,
            t_srtt: 0,
            // ns-2's rttvar_init_ is 12 ticks' worth of seconds... in seconds: 12 / tick.
            t_rttvar: ((12_000_000_000 / tick_ns) as i64) << 2,
            rtxcur_ns: initial.as_nanos(),
            backoff: 1,
            rfc2988: true,
        }
    }

    /// ns-2's rfc2988_ (default true since 2002/03/07): false gives its older timer.
    pub fn rfc2988(mut self, on: bool) -> Self {
        self.rfc2988 = on;
        self
    }

    /// A measurement `tao` of a segment sent at `now - tao` (or, with
    /// timestamps, rounded to the nearest tick).
    pub fn on_sample(&mut self, tao: SimDuration, now_ns: u64, timestamps: bool) {
        let tao_ns = tao.as_nanos();
        let mut t_rtt = if timestamps {
            ((tao_ns + self.tick_ns / 2) / self.tick_ns) as i64
        } else {
            let sendtime = now_ns.saturating_sub(tao_ns) + self.boot_ns;
            let tickoff = sendtime % self.tick_ns;
            ((tao_ns + tickoff) / self.tick_ns) as i64
        };
        t_rtt = t_rtt.max(1);
        if self.t_srtt != 0 {
            let mut delta = t_rtt - (self.t_srtt >> 3);
            self.t_srtt += delta;
            if self.t_srtt <= 0 {
                self.t_srtt = 1;
            }
            delta = delta.abs() - (self.t_rttvar >> 2);
            self.t_rttvar += delta;
            if self.t_rttvar <= 0 {
                self.t_rttvar = 1;
            }
        } else {
            self.t_srtt = t_rtt << 3;
            self.t_rttvar = t_rtt << 1;
        }
        // ((rttvar << (rttvar_exp + 1)) + srtt) >> 3 ticks: srtt + 4 rttvar.
        let ticks = ((self.t_rttvar << 3) + self.t_srtt) >> 3;
        self.rtxcur_ns = ticks.max(0) as u64 * self.tick_ns;
        self.backoff = 1;
    }

    /// The timer value: rtt_timeout(). With rfc2988_ the minimum is applied
    /// before backoff (RFC 2988 (2.4)); without it, after.
    pub fn rto(&self) -> SimDuration {
        let t = if self.rfc2988 {
            let base = if self.rtxcur_ns < self.min_ns { self.min_ns } else { self.rtxcur_ns };
            base.saturating_mul(self.backoff)
        } else {
            self.rtxcur_ns.saturating_mul(self.backoff).max(self.min_ns)
        };
        SimDuration(t.min(self.max_ns).max(2 * self.tick_ns))
    }

    /// rtt_backoff(): double (past 64 only with rfc2988_, up to the maximum),
    /// and after eight doublings forget srtt.
    pub fn back_off(&mut self) {
        if self.backoff < 64 || (self.rfc2988 && self.rto().as_nanos() < self.max_ns) {
            self.backoff <<= 1;
        }
        if self.backoff > 8 {
            self.t_rttvar += self.t_srtt >> 3;
            self.t_srtt = 0;
        }
    }

    /// A new ACK for a segment sent once ends the backoff (ns-2's `t_backoff_ = 1`).
    pub fn reset_backoff(&mut self) {
        self.backoff = 1;
    }

    pub fn srtt(&self) -> Option<SimDuration> {
        (self.t_srtt > 0).then(|| SimDuration((self.t_srtt as u64 * self.tick_ns) >> 3))
    }

    pub fn rttvar(&self) -> SimDuration {
        SimDuration((self.t_rttvar.max(0) as u64 * self.tick_ns) >> 2)
    }

    pub fn backoff_exponent(&self) -> u32 {
        self.backoff.trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> SimDuration {
        SimDuration::from_millis(v)
    }

    fn ns2() -> Ns2Rto {
        Ns2Rto::new(ms(10), ms(200), SimDuration::from_secs(60), SimDuration::from_secs(3), SimDuration::ZERO)
    }

    #[test]
    fn starts_at_the_initial_value() {
        assert_eq!(ns2().rto(), SimDuration::from_secs(3));
    }

    #[test]
    fn first_sample_in_ticks() {
        // 221.8 ms sent on a tick boundary: 22 ticks; srtt 22, rttvar 11: RTO 22 + 44 = 66 ticks.
        let mut r = ns2();
        r.on_sample(SimDuration(221_800_000), 1_221_800_000, false);
        assert_eq!(r.srtt(), Some(ms(220)));
        assert_eq!(r.rto(), ms(660));
        // Sent 8.2 ms into a tick, the same RTT spans 23 ticks.
        let mut r = ns2();
        r.on_sample(SimDuration(221_800_000), 1_000_000_000, false);
        assert_eq!(r.srtt(), Some(ms(230)));
    }

    #[test]
    fn the_minimum_applies_before_backoff() {
        let mut r = ns2();
        r.on_sample(ms(20), 1_000_000_000, false);
        // srtt 2 ticks, rttvar 1 tick: 6 ticks = 60 ms < 200 ms.
        assert_eq!(r.rto(), ms(200));
        r.back_off();
        assert_eq!(r.rto(), ms(400));
    }

    #[test]
    fn without_rfc2988_the_minimum_applies_after_backoff() {
        let mut r = ns2().rfc2988(false);
        r.on_sample(ms(20), 1_000_000_000, false);
        // 60 ms, raised to the 200 ms minimum; backed off, 120 ms is raised again.
        assert_eq!(r.rto(), ms(200));
        r.back_off();
        assert_eq!(r.rto(), ms(200));
        r.back_off();
        assert_eq!(r.rto(), ms(240));
    }

    #[test]
    fn a_zero_minimum_leaves_two_ticks() {
        let mut r = Ns2Rto::new(ms(100), SimDuration::ZERO, SimDuration::from_secs(100), SimDuration::from_secs(6), SimDuration::ZERO);
        r.on_sample(ms(20), 1_000_000_000, false);
        // One tick of srtt, half of it rttvar: 1 + 4 x 0.5 = 3 ticks.
        assert_eq!(r.rto(), ms(300));
        let mut r = r.rfc2988(false);
        r.on_sample(ms(20), 2_000_000_000, false);
        assert!(r.rto() >= ms(200), "{:?}", r.rto());
    }

    #[test]
    fn eight_backoffs_forget_srtt() {
        let mut r = ns2();
        r.on_sample(ms(100), 1_000_000_000, false);
        for _ in 0..4 {
            r.back_off();
        }
        assert_eq!(r.srtt(), None);
        assert_eq!(r.backoff_exponent(), 4);
    }
}
