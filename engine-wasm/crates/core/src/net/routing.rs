//! Static routing, computed once when the network is built.

use crate::ids::{ChannelId, NodeId};
use std::collections::VecDeque;

/// Next-hop channel for every (node, destination) pair: fewest hops, ties
/// broken by the order links appear in the scenario (like ns-2's static
/// routing with unit link costs).
#[derive(Clone, Debug)]
pub struct Routes {
    nodes: usize,
    next: Vec<Option<ChannelId>>,
}

impl Routes {
    /// `channels` lists (from, to) per channel id, in scenario order.
    pub fn shortest_paths(nodes: usize, channels: &[(NodeId, NodeId)]) -> Self {
        let mut next = vec![None; nodes * nodes];
        // Breadth-first search backwards from each destination over reversed channels.
        for dst in 0..nodes {
            let mut visited = vec![false; nodes];
            visited[dst] = true;
            let mut frontier = VecDeque::from([dst]);
            while let Some(v) = frontier.pop_front() {
                for (c, &(from, to)) in channels.iter().enumerate() {
                    let u = from.index();
                    if to.index() == v && !visited[u] {
                        visited[u] = true;
                        next[u * nodes + dst] = Some(ChannelId(c as u16));
                        frontier.push_back(u);
                    }
                }
            }
        }
        Routes { nodes, next }
    }

    pub fn next_hop(&self, at: NodeId, dst: NodeId) -> Option<ChannelId> {
        self.next[at.index() * self.nodes + dst.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_follow_the_fewest_hops() {
        // 0 - 1 - 2, plus a direct 0 - 2 link listed last.
        let ch = [
            (NodeId(0), NodeId(1)),
            (NodeId(1), NodeId(0)),
            (NodeId(1), NodeId(2)),
            (NodeId(2), NodeId(1)),
            (NodeId(0), NodeId(2)),
            (NodeId(2), NodeId(0)),
        ];
        let r = Routes::shortest_paths(3, &ch);
        assert_eq!(r.next_hop(NodeId(0), NodeId(2)), Some(ChannelId(4)));
        assert_eq!(r.next_hop(NodeId(0), NodeId(1)), Some(ChannelId(0)));
        assert_eq!(r.next_hop(NodeId(2), NodeId(0)), Some(ChannelId(5)));
        assert_eq!(r.next_hop(NodeId(1), NodeId(1)), None);
    }

    #[test]
    fn unreachable_destinations_have_no_route() {
        let r = Routes::shortest_paths(3, &[(NodeId(0), NodeId(1))]);
        assert_eq!(r.next_hop(NodeId(1), NodeId(0)), None);
        assert_eq!(r.next_hop(NodeId(0), NodeId(2)), None);
    }
}
