//! What a CoDel, FQ-CoDel or PIE channel records: each packet's sojourn
//! time as it leaves the queue, its drops and marks as events (valued by the
//! delay the packet saw, so a plot can set them on the sojourn axis), PIE's
//! drop probability, and a trace record for each packet dropped from inside
//! the queue.

use super::aqm::AqmConfig;
use super::channel::Transmission;
use super::{record, Network};
use crate::ids::ChannelId;
use crate::record::{Fate, SeriesId, SeriesOwner, SeriesQuantity, SeriesStore};
use crate::time::SimTime;

/// One AQM channel's series.
#[derive(Clone, Copy, Debug)]
pub struct AqmSeries {
    /// Sojourn time of each packet leaving the queue (s).
    pub sojourn: SeriesId,
    /// Drops, each valued by the dropped packet's time in the queue (s).
    pub drop: SeriesId,
    /// ECN marks, valued the same way (s).
    pub mark: SeriesId,
    /// PIE's drop probability.
    pub probability: Option<SeriesId>,
}

impl AqmSeries {
    /// Series for each channel with an AQM, given `(owner, aqm)` per channel
    /// in channel order; empty when none has one.
    pub fn register_all<'a>(
        channels: impl Iterator<Item = (SeriesOwner<'a>, Option<&'a AqmConfig>)> + Clone,
        series: &mut SeriesStore,
    ) -> Vec<Option<AqmSeries>> {
        if channels.clone().all(|(_, aqm)| aqm.is_none()) {
            return Vec::new();
        }
        channels
            .map(|(owner, aqm)| {
                let aqm = aqm?;
                Some(AqmSeries {
                    sojourn: series.register(owner, SeriesQuantity::Sojourn),
                    drop: series.register(owner, SeriesQuantity::AqmDrop),
                    mark: series.register(owner, SeriesQuantity::AqmMark),
                    probability: matches!(aqm, AqmConfig::Pie(_)).then(|| series.register(owner, SeriesQuantity::PieProb)),
                })
            })
            .collect()
    }
}

impl Network {
    /// After an AQM channel `c` took or refused a packet (`refused`) or
    /// started one (`started`) at `now`: records its events and traces the
    /// packets it dropped from the queue.
    pub(super) fn record_aqm(&mut self, c: ChannelId, now: SimTime, refused: bool, started: Option<Transmission>, series: &mut SeriesStore) {
        let channel = &mut self.channels[c.index()];
        let (discarded, marks) = channel.take_aqm_events();
        let waited = channel.oldest_waiting().map_or(0.0, |t| now.since(t).as_secs_f64());
        let probability = channel.aqm().and_then(|a| a.drop_probability());
        for d in &discarded {
            self.trace.push(record(&d.pkt, c, d.enqueued, now, now, Fate::QueueDrop));
        }
        let Some(Some(ids)) = self.aqm_series.get(c.index()).copied() else { return };
        for d in &discarded {
            series.push(ids.drop, now.0, now.since(d.enqueued).as_secs_f64());
        }
        if refused {
            // An arrival refused: it would have waited behind the oldest packet.
            series.push(ids.drop, now.0, waited);
        }
        let sojourn = started.map(|t| now.since(t.enqueued).as_secs_f64());
        if let Some(s) = sojourn {
            series.push(ids.sojourn, now.0, s);
        }
        for _ in 0..marks {
            // A mark on the way out is on the packet leaving; PIE marks arrivals.
            series.push(ids.mark, now.0, sojourn.unwrap_or(waited));
        }
        if let (Some(id), Some(p)) = (ids.probability, probability) {
            series.push(id, now.0, p);
        }
    }
}
