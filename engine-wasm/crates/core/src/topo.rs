//! Plain words about the network's shape, shared by the scenario format that
//! names them, the simulation that builds from them and the record that
//! reports them: what a node is and which way a channel runs. They live here,
//! not in `scenario`, so the record does not depend on the scenario format.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a node is, for drawing; every node forwards packets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    #[default]
    Host,
    Router,
    BaseStation,
    Satellite,
    Mobile,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// From the link's `a` to its `b`.
    Forward,
    Reverse,
}

impl Direction {
    pub fn name(self) -> &'static str {
        match self {
            Direction::Forward => "forward",
            Direction::Reverse => "reverse",
        }
    }
}
