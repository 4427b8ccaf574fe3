//! Applications feeding a flow: an endless bulk transfer (ns-2's FTP), a
//! finite file, or constant-bit-rate datagrams over UDP (ns-2's CBR).

pub mod cbr;
pub mod file;

pub use cbr::{CbrConfig, CbrSource, CbrStats};
pub use file::FileTransfer;

/// What a flow's application does, resolved from the scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum AppConfig {
    /// Always has data (ns-2's FTP): TCP sends as fast as its window allows.
    Bulk,
    /// Hands TCP `bytes` at the start, then nothing more.
    File { bytes: u64 },
    /// Datagrams of a fixed size at a fixed rate over UDP, no TCP.
    Cbr(CbrConfig),
}

impl AppConfig {
    /// The file size, for a finite transfer.
    pub fn file_bytes(&self) -> Option<u64> {
        match self {
            AppConfig::File { bytes } => Some(*bytes),
            _ => None,
        }
    }
}
