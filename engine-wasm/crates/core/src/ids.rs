//! Typed indices into the simulation's arenas.

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub $inner);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_type!(
    /// A node (host or router).
    NodeId(u16)
);
index_type!(
    /// One direction of a link.
    ChannelId(u16)
);
index_type!(
    /// A protocol agent (TCP sender, TCP receiver, ...).
    AgentId(u16)
);
index_type!(
    /// A flow of the scenario; packets carry it.
    FlowId(u16)
);
index_type!(
    /// A timer slot owned by one agent.
    TimerId(u32)
);
