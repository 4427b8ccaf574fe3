//! Checks a flow's `app` table and resolves what its application does.

use super::model::{AppKind, AppSpec};
use super::check::Checker;
use super::units::{Bytes, Rate};
use crate::app::{AppConfig, CbrConfig};

const MAX_FILE_BYTES: u64 = 1 << 40;
const MAX_RATE_BPS: u64 = 100_000_000_000;
/// A datagram's size must fit the packet's 16-bit payload count.
const MAX_DATAGRAM_BYTES: u64 = 65_535;
const DEFAULT_DATAGRAM_BYTES: u64 = 1000;

/// The application of the `app` table at `path`; problems go to `ck`.
#[inline(never)]
pub(super) fn resolve_app(ck: &mut Checker, a: &AppSpec, path: &str) -> AppConfig {
    let only_for = |ck: &mut Checker, field: &str, set: bool, kind: &str| {
        if set {
            ck.fail(format!("{path}.{field}"), format!("only for kind = \"{kind}\""), format!("remove it, or set {path}.kind = \"{kind}\""));
        }
    };
    if a.kind != AppKind::File {
        only_for(ck, "size", a.size.is_some(), "file");
    }
    if a.kind != AppKind::Cbr {
        only_for(ck, "rate", a.rate.is_some(), "cbr");
        only_for(ck, "packet_size", a.packet_size.is_some(), "cbr");
    }
    match a.kind {
        AppKind::Bulk => AppConfig::Bulk,
        AppKind::File => {
            let Some(size) = a.size else {
                ck.fail(format!("{path}.size"), "missing", "the file's size, e.g. \"100KB\"");
                return AppConfig::Bulk;
            };
            ck.range(&format!("{path}.size"), size.0, 1, MAX_FILE_BYTES, &|v| Bytes(v).to_string());
            AppConfig::File { bytes: size.0.clamp(1, MAX_FILE_BYTES) }
        }
        AppKind::Cbr => {
            let rate = a.rate.unwrap_or_else(|| {
                ck.fail(format!("{path}.rate"), "missing", "a datagram rate, e.g. \"40kbps\"");
                Rate(1)
            });
            ck.range(&format!("{path}.rate"), rate.0, 1, MAX_RATE_BPS, &|v| Rate(v).to_string());
            let size = a.packet_size.map_or(DEFAULT_DATAGRAM_BYTES, |b| b.0);
            ck.range(&format!("{path}.packet_size"), size, 1, MAX_DATAGRAM_BYTES, &|v| Bytes(v).to_string());
            AppConfig::Cbr(CbrConfig {
                rate: rate.bandwidth(),
                packet_bytes: size.clamp(1, MAX_DATAGRAM_BYTES) as u32,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    fn errors(sets: &[&str]) -> Vec<String> {
        crate::scenario::load_errors(crate::scenario::TWO_NODES, sets)
    }

    #[test]
    fn a_file_needs_a_size_and_a_cbr_a_rate() {
        assert_eq!(errors(&["flows.f.app.kind=file"]), vec!["flows.f.app.size: missing (allowed: the file's size, e.g. \"100KB\")"]);
        assert!(errors(&["flows.f.app.kind=file", "flows.f.app.size=100KB"]).is_empty());
        assert_eq!(errors(&["flows.f.app.kind=cbr"]), vec!["flows.f.app.rate: missing (allowed: a datagram rate, e.g. \"40kbps\")"]);
        assert!(errors(&["flows.f.app.kind=cbr", "flows.f.app.rate=40kbps", "flows.f.app.packet_size=500B"]).is_empty());
    }

    #[test]
    fn fields_of_another_kind_are_refused_and_sizes_bounded() {
        assert_eq!(
            errors(&["flows.f.app.size=1KB"]),
            vec!["flows.f.app.size: only for kind = \"file\" (allowed: remove it, or set flows.f.app.kind = \"file\")"]
        );
        assert_eq!(
            errors(&["flows.f.app.kind=cbr", "flows.f.app.rate=1Mbps", "flows.f.app.packet_size=70000B"]),
            vec!["flows.f.app.packet_size: 70KB is out of range (allowed: 1B to 65535B)"]
        );
    }
}
