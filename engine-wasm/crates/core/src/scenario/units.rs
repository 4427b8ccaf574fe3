//! Quantities written with their units: "10Mbps", "500ms", "64KB", "50pkt".
//!
//! Decimals are parsed exactly into integers of the base unit (bit/s,
//! nanoseconds, bytes), so "0.8Mbps" is 800,000 bit/s with no rounding.

use crate::time::{Bandwidth, SimDuration};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// Splits "12.5ms" into ("12.5", "ms").
fn split_number(text: &str) -> (&str, &str) {
    let text = text.trim();
    let end = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    (&text[..end], text[end..].trim())
}

/// `number x scale` as an exact integer, if it is one.
fn scaled(number: &str, scale: u64) -> Result<u64, String> {
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    if int.is_empty() && frac.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return Err("not a number".into());
    }
    if frac.len() > 18 || int.len() > 20 {
        return Err("too many digits".into());
    }
    let int: u128 = if int.is_empty() { 0 } else { int.parse().map_err(|_| "not a number")? };
    let frac_value: u128 = if frac.is_empty() { 0 } else { frac.parse().map_err(|_| "not a number")? };
    let denom = 10u128.pow(frac.len() as u32);
    let total = int * scale as u128 * denom + frac_value * scale as u128;
    if total % denom != 0 {
        return Err("finer than the base unit".into());
    }
    u64::try_from(total / denom).map_err(|_| "too large".into())
}

/// Formats `value / scale` as a short exact decimal ("9.6").
fn decimal(value: u64, scale: u64) -> String {
    let int = value / scale;
    let rem = value % scale;
    if rem == 0 {
        return int.to_string();
    }
    let digits = scale.ilog10() as usize;
    let frac = format!("{rem:0digits$}");
    format!("{int}.{}", frac.trim_end_matches('0'))
}

/// Formats with the largest unit that keeps the number at least 1.
fn with_unit(value: u64, units: &[(&str, u64)]) -> String {
    if value == 0 {
        return format!("0{}", units[0].0);
    }
    let (name, scale) = units
        .iter()
        .rev()
        .find(|(_, s)| value >= *s)
        .copied()
        .unwrap_or(units[0]);
    format!("{}{}", decimal(value, scale), name)
}

fn parse_with_units(text: &str, what: &str, example: &str, units: &[(&str, u64)]) -> Result<u64, String> {
    let allowed = units.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    let (number, unit) = split_number(text);
    let Some(&(_, scale)) = units.iter().find(|(n, _)| *n == unit) else {
        let problem = if unit.is_empty() { "no unit".to_string() } else { format!("unknown unit \"{unit}\"") };
        return Err(format!(
            "invalid {what} \"{text}\": {problem} (allowed: a number with one of {allowed}, e.g. \"{example}\")"
        ));
    };
    scaled(number, scale).map_err(|e| {
        format!("invalid {what} \"{text}\": {e} (allowed: a number with one of {allowed}, e.g. \"{example}\")")
    })
}

const RATE_UNITS: &[(&str, u64)] = &[("bps", 1), ("kbps", 1_000), ("Mbps", 1_000_000), ("Gbps", 1_000_000_000)];
const TIME_UNITS: &[(&str, u64)] = &[("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)];
const BYTE_UNITS: &[(&str, u64)] =
    &[("B", 1), ("KB", 1_000), ("KiB", 1_024), ("MB", 1_000_000), ("MiB", 1_048_576), ("GB", 1_000_000_000), ("GiB", 1 << 30)];

macro_rules! string_quantity {
    ($(#[$doc:meta])* $name:ident, $what:literal, $example:literal, $pattern:literal, $parse:expr, $format:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
        pub struct $name(pub u64);

        impl $name {
            pub fn parse(text: &str) -> Result<Self, String> {
                let parse: fn(&str) -> Result<u64, String> = $parse;
                parse(text).map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let format: fn(u64) -> String = $format;
                f.write_str(&format(self.0))
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl de::Visitor<'_> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "a {} such as \"{}\"", $what, $example)
                    }
                    fn visit_str<E: de::Error>(self, v: &str) -> Result<$name, E> {
                        $name::parse(v).map_err(E::custom)
                    }
                    fn visit_u64<E: de::Error>(self, v: u64) -> Result<$name, E> {
                        $name::parse(&v.to_string()).map_err(E::custom)
                    }
                    fn visit_i64<E: de::Error>(self, v: i64) -> Result<$name, E> {
                        $name::parse(&v.to_string()).map_err(E::custom)
                    }
                    fn visit_f64<E: de::Error>(self, v: f64) -> Result<$name, E> {
                        $name::parse(&v.to_string()).map_err(E::custom)
                    }
                }
                d.deserialize_any(V)
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({
                    "type": "string",
                    "pattern": $pattern,
                    "description": concat!("A ", $what, " with its unit, e.g. \"", $example, "\"."),
                    "examples": [$example]
                })
            }
        }
    };
}

string_quantity!(
    /// A link rate in bit/s, written "9.6kbps", "0.8Mbps", "10Mbps", "1Gbps".
    Rate, "rate", "10Mbps", "^[0-9]*\\.?[0-9]+ *(bps|kbps|Mbps|Gbps)$",
    |t| parse_with_units(t, "rate", "10Mbps", RATE_UNITS),
    |v| with_unit(v, RATE_UNITS)
);

string_quantity!(
    /// A time span in nanoseconds, written "0.1ms", "500ms", "60s".
    Dur, "duration", "500ms", "^[0-9]*\\.?[0-9]+ *(ns|us|ms|s)$",
    |t| parse_with_units(t, "duration", "500ms", TIME_UNITS),
    |v| if v == 0 { "0s".to_string() } else { with_unit(v, TIME_UNITS) }
);

string_quantity!(
    /// A size in bytes, written "1000B", "64KB" (1000 B), "64KiB" (1024 B).
    /// A bare whole number means bytes.
    Bytes, "size", "1000B", "^[0-9]*\\.?[0-9]+ *(B|KB|KiB|MB|MiB|GB|GiB)?$",
    |t| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse::<u64>().map_err(|_| format!("invalid size \"{t}\": too large"));
        }
        parse_with_units(t, "size", "1000B", BYTE_UNITS)
    },
    |v| {
        // Whole multiples of 10,000 B or more read best in KB/MB; the rest in bytes.
        match v {
            v if v >= 1 << 30 && v % (1 << 30) == 0 => format!("{}GiB", v >> 30),
            v if v >= 1_000_000 && v % 1_000_000 == 0 => format!("{}MB", v / 1_000_000),
            v if v >= 1_048_576 && v % 1_048_576 == 0 => format!("{}MiB", v / 1_048_576),
            v if v >= 10_000 && v % 1_000 == 0 => format!("{}KB", v / 1_000),
            v if v >= 10_240 && v % 1_024 == 0 => format!("{}KiB", v / 1_024),
            v => format!("{v}B"),
        }
    }
);

impl Rate {
    pub fn bandwidth(self) -> Bandwidth {
        Bandwidth(self.0)
    }
}

impl Dur {
    pub fn duration(self) -> SimDuration {
        SimDuration(self.0)
    }
}

/// A queue capacity: "50pkt" (packets, the one in transmission included)
/// or a byte size such as "120KB".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QueueCapacity {
    Packets(u64),
    Bytes(u64),
}

impl QueueCapacity {
    pub fn parse(text: &str) -> Result<Self, String> {
        let (number, unit) = split_number(text);
        if unit == "pkt" || unit == "pkts" || unit == "packets" {
            return scaled(number, 1)
                .map(QueueCapacity::Packets)
                .map_err(|e| format!("invalid queue limit \"{text}\": {e} (allowed: e.g. \"50pkt\" or \"120KB\")"));
        }
        Bytes::parse(text).map(|b| QueueCapacity::Bytes(b.0)).map_err(|_| {
            format!("invalid queue limit \"{text}\" (allowed: packets as \"50pkt\" or a size as \"120KB\")")
        })
    }
}

impl fmt::Display for QueueCapacity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueueCapacity::Packets(n) => write!(f, "{n}pkt"),
            QueueCapacity::Bytes(b) => write!(f, "{}", Bytes(*b)),
        }
    }
}

impl Serialize for QueueCapacity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for QueueCapacity {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        QueueCapacity::parse(&text).map_err(de::Error::custom)
    }
}

impl JsonSchema for QueueCapacity {
    fn schema_name() -> Cow<'static, str> {
        "QueueCapacity".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^[0-9]*\\.?[0-9]+ *(pkt|pkts|packets|B|KB|KiB|MB|MiB|GB|GiB)$",
            "description": "Queue capacity in packets (\"50pkt\", the packet in transmission included) or bytes (\"120KB\").",
            "examples": ["50pkt", "120KB"]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_parse_exactly() {
        assert_eq!(Rate::parse("0.8Mbps").unwrap().0, 800_000);
        assert_eq!(Rate::parse("9.6kbps").unwrap().0, 9_600);
        assert_eq!(Rate::parse("10Mbps").unwrap().0, 10_000_000);
        assert_eq!(Rate::parse("1 Gbps").unwrap().0, 1_000_000_000);
        assert!(Rate::parse("10Mbs").unwrap_err().contains("allowed: a number with one of bps, kbps, Mbps, Gbps"));
        assert!(Rate::parse("0.5bps").is_err());
        assert!(Rate::parse("fast").is_err());
    }

    #[test]
    fn durations_parse_exactly() {
        assert_eq!(Dur::parse("0.1ms").unwrap().0, 100_000);
        assert_eq!(Dur::parse("500ms").unwrap().0, 500_000_000);
        assert_eq!(Dur::parse("60s").unwrap().0, 60_000_000_000);
        assert!(Dur::parse("60").unwrap_err().contains("no unit"));
    }

    #[test]
    fn sizes_take_si_and_binary_units_and_bare_bytes() {
        assert_eq!(Bytes::parse("64KB").unwrap().0, 64_000);
        assert_eq!(Bytes::parse("64KiB").unwrap().0, 65_536);
        assert_eq!(Bytes::parse("65535").unwrap().0, 65_535);
        assert_eq!(Bytes::parse("725KB").unwrap().0, 725_000);
    }

    #[test]
    fn values_print_back_in_their_shortest_exact_form() {
        assert_eq!(Rate(800_000).to_string(), "800kbps");
        assert_eq!(Rate(9_600).to_string(), "9.6kbps");
        assert_eq!(Dur(100_000).to_string(), "100us");
        assert_eq!(Dur(1_500_000_000).to_string(), "1.5s");
        assert_eq!(Bytes(65_536).to_string(), "64KiB");
        assert_eq!(Bytes(65_535).to_string(), "65535B");
        assert_eq!(Bytes(1000).to_string(), "1000B");
        assert_eq!(Bytes(725_000).to_string(), "725KB");
        assert_eq!(Bytes(40).to_string(), "40B");
        assert_eq!(Dur(0).to_string(), "0s");
        for text in ["800kbps", "9.6kbps", "1.5s", "64KiB", "65535B", "725KB"] {
            let round = Rate::parse(text).map(|r| r.to_string())
                .or_else(|_| Dur::parse(text).map(|d| d.to_string()))
                .or_else(|_| Bytes::parse(text).map(|b| b.to_string()));
            assert_eq!(round.unwrap(), text);
        }
    }

    #[test]
    fn queue_capacity_in_packets_or_bytes() {
        assert_eq!(QueueCapacity::parse("50pkt").unwrap(), QueueCapacity::Packets(50));
        assert_eq!(QueueCapacity::parse("120KB").unwrap(), QueueCapacity::Bytes(120_000));
        assert!(QueueCapacity::parse("lots").unwrap_err().contains("allowed"));
    }
}
