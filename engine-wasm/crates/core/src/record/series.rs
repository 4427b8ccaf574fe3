//! Columnar, append-only metric series.
//!
//! Step series have step-after semantics: a value holds from its time until
//! the next point. Several changes at one instant collapse into the last one,
//! and a value equal to the previous one is not stored again.

use super::series_name::{SeriesOwner, SeriesQuantity};
use schemars::JsonSchema;
use serde::Serialize;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeriesId(pub u32);

/// How a series is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeriesStyle {
    /// A value that holds until the next point (cwnd, queue length, ...).
    Step,
    /// Independent samples (RTT measurements).
    Points,
    /// Instants where something happened (timeouts); the value is a sequence number.
    Marker,
}

/// What a series is, for the UI and for exports.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SeriesInfo {
    /// Dotted name, `<owner>.<quantity>`, e.g. `flows.ftp.cwnd`.
    pub name: String,
    /// Scenario path of the owner, e.g. `flows.ftp` or `links.bottleneck.forward`.
    pub owner: String,
    /// The quantity, e.g. `cwnd`, `rtt`, `queue`.
    pub quantity: SeriesQuantity,
    /// Unit of the values: `segments`, `s`, `bytes`, `packets`, `seq`, `bps`
    /// or `probability` (each quantity's own; RED's average is in `bytes`
    /// when RED counts bytes).
    pub unit: String,
    pub style: SeriesStyle,
}

#[derive(Clone, Debug)]
pub struct Series {
    pub info: SeriesInfo,
    pub t_ns: Vec<u64>,
    pub values: Vec<f64>,
    /// Points already handed out by `drain`.
    drained: usize,
}

/// New points of one series since the last drain.
#[derive(Clone, Debug)]
pub struct SeriesChunk<'a> {
    pub id: SeriesId,
    pub t_ns: &'a [u64],
    pub values: &'a [f64],
}

#[derive(Clone, Debug, Default)]
pub struct SeriesStore {
    enabled: bool,
    series: Vec<Series>,
}

impl SeriesStore {
    pub fn new(enabled: bool) -> Self {
        SeriesStore { enabled, series: Vec::new() }
    }

    /// A new series of `quantity` under `owner`, in the quantity's unit and style.
    pub fn register(&mut self, owner: SeriesOwner, quantity: SeriesQuantity) -> SeriesId {
        self.register_in(owner, quantity, quantity.unit())
    }

    /// A new series whose unit depends on its owner's settings (RED's average
    /// is in bytes when RED measures bytes).
    pub fn register_in(&mut self, owner: SeriesOwner, quantity: SeriesQuantity, unit: &str) -> SeriesId {
        let owner = owner.to_string();
        self.series.push(Series {
            info: SeriesInfo {
                name: format!("{owner}.{quantity}"),
                owner,
                quantity,
                unit: unit.to_string(),
                style: quantity.style(),
            },
            t_ns: Vec::new(),
            values: Vec::new(),
            drained: 0,
        });
        SeriesId(self.series.len() as u32 - 1)
    }

    #[inline(always)]
    pub fn push(&mut self, id: SeriesId, t_ns: u64, value: f64) {
        if !self.enabled {
            return;
        }
        let s = &mut self.series[id.0 as usize];
        if s.info.style == SeriesStyle::Step {
            if let (Some(&last_t), Some(last_v)) = (s.t_ns.last(), s.values.last_mut()) {
                if last_v.to_bits() == value.to_bits() {
                    return;
                }
                // Collapse changes at one instant, unless that point was already handed out.
                if last_t == t_ns && s.t_ns.len() > s.drained {
                    *last_v = value;
                    return;
                }
            }
        }
        s.t_ns.push(t_ns);
        s.values.push(value);
    }

    pub fn infos(&self) -> impl Iterator<Item = &SeriesInfo> {
        self.series.iter().map(|s| &s.info)
    }

    pub fn get(&self, id: SeriesId) -> &Series {
        &self.series[id.0 as usize]
    }

    pub fn all(&self) -> &[Series] {
        &self.series
    }

    pub fn len(&self) -> usize {
        self.series.len()
    }

    pub fn is_empty(&self) -> bool {
        self.series.is_empty()
    }

    /// Points appended since the previous drain, for streaming to the UI.
    pub fn drain(&mut self) -> Vec<SeriesChunk<'_>> {
        let mut out = Vec::new();
        for (i, s) in self.series.iter_mut().enumerate() {
            let from = s.drained;
            s.drained = s.t_ns.len();
            if from < s.t_ns.len() {
                out.push(SeriesChunk {
                    id: SeriesId(i as u32),
                    t_ns: &s.t_ns[from..],
                    values: &s.values[from..],
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_skip_repeats_and_collapse_same_instant_changes() {
        let mut store = SeriesStore::new(true);
        let id = store.register(SeriesOwner::Flow("f"), SeriesQuantity::Cwnd);
        store.push(id, 0, 1.0);
        store.push(id, 10, 1.0);
        store.push(id, 20, 2.0);
        store.push(id, 20, 3.0);
        let s = store.get(id);
        assert_eq!(s.t_ns, vec![0, 20]);
        assert_eq!(s.values, vec![1.0, 3.0]);
    }

    #[test]
    fn points_keep_every_sample() {
        let mut store = SeriesStore::new(true);
        let id = store.register(SeriesOwner::Flow("f"), SeriesQuantity::Rtt);
        store.push(id, 5, 0.2);
        store.push(id, 5, 0.2);
        assert_eq!(store.get(id).values.len(), 2);
    }

    #[test]
    fn drain_hands_out_each_point_once() {
        let mut store = SeriesStore::new(true);
        let id = store.register(SeriesOwner::Flow("f"), SeriesQuantity::Cwnd);
        store.push(id, 0, 1.0);
        assert_eq!(store.drain()[0].values, &[1.0]);
        store.push(id, 0, 2.0);
        store.push(id, 5, 3.0);
        let chunks = store.drain();
        assert_eq!(chunks[0].t_ns, &[0, 5]);
        assert_eq!(chunks[0].values, &[2.0, 3.0]);
        assert!(store.drain().is_empty());
    }

    #[test]
    fn disabled_store_keeps_nothing() {
        let mut store = SeriesStore::new(false);
        let id = store.register(SeriesOwner::Flow("f"), SeriesQuantity::Cwnd);
        store.push(id, 0, 1.0);
        assert!(store.get(id).values.is_empty());
    }
}
