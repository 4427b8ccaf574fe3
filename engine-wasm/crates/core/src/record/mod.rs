//! What a run leaves behind: series, the packet trace, the summary, a digest.

pub mod digest;
pub mod series;
pub mod series_name;
pub mod summary;
pub mod topology;
pub mod trace;
pub mod vocabulary;

pub use digest::Digest;
pub use series::{Series, SeriesChunk, SeriesId, SeriesInfo, SeriesStore, SeriesStyle};
pub use series_name::{SeriesOwner, SeriesQuantity};
pub use summary::{FlowSummary, LinkSummary, MiddleboxSummary, Summary};
pub use topology::{Topology, TopologyChannel, TopologyFlow, TopologyNode};
pub use trace::{Fate, Trace, TraceRecord};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How much a run records. Summaries are always kept.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Recording {
    /// Series and the packet trace (for the animated UI).
    #[default]
    Full,
    /// Series only.
    Series,
    /// The packet trace only (exports streamed as the run goes).
    Trace,
    /// Summary only (sweeps, benchmarks).
    Summary,
}

impl Recording {
    pub fn keeps_series(self) -> bool {
        matches!(self, Recording::Full | Recording::Series)
    }
    pub fn keeps_trace(self) -> bool {
        matches!(self, Recording::Full | Recording::Trace)
    }
}
