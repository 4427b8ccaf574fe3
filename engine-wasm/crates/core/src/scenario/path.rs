//! Dotted field paths over a scenario's JSON tree, with list items named by
//! their `id`: `links.sat.forward.rate`, `flows.ftp.tcp.variant`, `seed`.
//!
//! The CLI's `--set`, the URL's overrides and the UI's knobs all address
//! fields this way, and every error names its field this way.

use super::error::FieldError;
use serde_json::{Map, Value};

fn item_ids(items: &[Value]) -> String {
    items
        .iter()
        .filter_map(|v| v.get("id").and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join(", ")
}

fn find_item(items: &[Value], key: &str) -> Option<usize> {
    items
        .iter()
        .position(|v| v.get("id").and_then(Value::as_str) == Some(key))
        .or_else(|| key.parse::<usize>().ok().filter(|&i| i < items.len()))
}

/// The value at `path`, if there is one.
pub fn get<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(root, |v, key| match v {
        Value::Object(map) => map.get(key),
        Value::Array(items) => find_item(items, key).map(|i| &items[i]),
        _ => None,
    })
}

/// Sets the field at `path`, creating missing tables on the way (so
/// `links.sat.forward.rate` works when the link has no `forward` table yet).
/// Whether the field exists in the format is for deserialization to say.
pub fn set(root: &mut Value, path: &str, value: Value) -> Result<(), FieldError> {
    let keys: Vec<&str> = path.split('.').collect();
    if keys.iter().any(|k| k.is_empty()) {
        return Err(FieldError::new(path, "empty path segment", "dotted names such as flows.ftp.tcp.variant"));
    }
    let mut node = root;
    for (depth, key) in keys.iter().enumerate() {
        let last = depth + 1 == keys.len();
        let here = keys[..depth].join(".");
        node = match node {
            Value::Object(map) => {
                if last {
                    map.insert(key.to_string(), value);
                    return Ok(());
                }
                map.entry(key.to_string()).or_insert_with(|| Value::Object(Map::new()))
            }
            Value::Array(items) => {
                let Some(i) = find_item(items, key) else {
                    return Err(FieldError::new(
                        format!("{here}.{key}"),
                        format!("no item with id \"{key}\" in {here}"),
                        item_ids(items),
                    ));
                };
                if last {
                    items[i] = value;
                    return Ok(());
                }
                &mut items[i]
            }
            _ => {
                return Err(FieldError::new(
                    path,
                    format!("\"{here}\" is a single value, not a table"),
                    format!("a path ending at {here}"),
                ))
            }
        };
    }
    unreachable!("the loop returns at the last key")
}

/// Reads a `--set` or URL value: TOML syntax where it parses (`true`, `5`,
/// `1e-6`, `"text"`), otherwise the raw text as a string (`10Mbps`, `reno`).
pub fn parse_value(raw: &str) -> Value {
    let raw = raw.trim();
    toml::from_str::<toml::Table>(&format!("v = {raw}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .and_then(|v| serde_json::to_value(v).ok())
        .unwrap_or_else(|| Value::String(raw.to_string()))
}

/// Renders a deserializer path (`links[0].forward.rate`) with list items
/// named by id (`links.sat.forward.rate`), looking the ids up in `root`.
pub fn display(root: &Value, segments: &[PathSegment]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut node = Some(root);
    for seg in segments {
        match seg {
            PathSegment::Key(k) => {
                out.push(k.clone());
                node = node.and_then(|v| v.get(k.as_str()));
            }
            PathSegment::Index(i) => {
                let item = node.and_then(|v| v.get(*i));
                let name = item.and_then(|v| v.get("id")).and_then(Value::as_str);
                out.push(name.map_or_else(|| i.to_string(), str::to_string));
                node = item;
            }
        }
    }
    if out.is_empty() {
        "scenario".to_string()
    } else {
        out.join(".")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSegment {
    Key(String),
    Index(usize),
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> Value {
        json!({"seed": 1, "links": [{"id": "sat", "rate": "1Mbps"}, {"id": "up"}]})
    }

    #[test]
    fn get_addresses_items_by_id() {
        assert_eq!(get(&doc(), "links.sat.rate"), Some(&json!("1Mbps")));
        assert_eq!(get(&doc(), "links.1.id"), Some(&json!("up")));
        assert_eq!(get(&doc(), "links.none"), None);
    }

    #[test]
    fn set_creates_missing_tables() {
        let mut d = doc();
        set(&mut d, "links.sat.forward.rate", json!("2Mbps")).unwrap();
        assert_eq!(get(&d, "links.sat.forward.rate"), Some(&json!("2Mbps")));
        set(&mut d, "seed", json!(5)).unwrap();
        assert_eq!(d["seed"], json!(5));
    }

    #[test]
    fn set_names_the_missing_item_and_the_ids_allowed() {
        let err = set(&mut doc(), "links.down.rate", json!("1Mbps")).unwrap_err();
        assert_eq!(err.to_string(), "links.down: no item with id \"down\" in links (allowed: sat, up)");
    }

    #[test]
    fn set_refuses_to_descend_into_a_plain_value() {
        assert!(set(&mut doc(), "seed.x", json!(1)).is_err());
        assert!(set(&mut doc(), "links..rate", json!(1)).is_err());
    }

    #[test]
    fn values_parse_as_toml_or_stay_text() {
        assert_eq!(parse_value("true"), json!(true));
        assert_eq!(parse_value("42"), json!(42));
        assert_eq!(parse_value("1e-6"), json!(1e-6));
        assert_eq!(parse_value("10Mbps"), json!("10Mbps"));
        assert_eq!(parse_value("reno"), json!("reno"));
        assert_eq!(parse_value("\"quoted\""), json!("quoted"));
    }

    #[test]
    fn display_names_items_by_id() {
        let segs = [PathSegment::Key("links".into()), PathSegment::Index(0), PathSegment::Key("rate".into())];
        assert_eq!(display(&doc(), &segs), "links.sat.rate");
    }
}
