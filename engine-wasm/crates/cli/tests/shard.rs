//! Sweeps beyond one machine: a sweep run as three shards and merged prints
//! exactly what the whole sweep prints, in every format; parts that do not
//! make up one finished sweep are refused with a `path: problem (allowed: ...)` line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ackscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ackscope")).args(args).output().expect("the CLI runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A sweep of 10 short runs (5 variants x 2 speeds) over seed 003's
/// two-way path, copied into its own folder with a reference table.
fn sweep_dir(name: &str, duration: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ackscope-shard-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios/seed003/two-way.toml");
    std::fs::copy(repo, dir.join("two-way.toml")).unwrap();
    std::fs::write(dir.join("ref.csv"), "variant,speed,value\nreno,2M,1000\ntahoe,512K,300\n").unwrap();
    let variants = ["tahoe", "reno", "sack1", "vegas", "fack"]
        .map(|v| format!("{{ label = \"{v}\", set = {{ \"flows.ij.tcp.variant\" = \"{v}\" }} }}"))
        .join(", ");
    std::fs::write(
        dir.join("t.sweep.toml"),
        format!(
            r#"id = "t"
title = "Sharding test"
base = "two-way.toml"
set = {{ duration = "{duration}", "measure.from" = "0s", "measure.to" = "{duration}" }}
value = {{ flow = "ij", field = "goodput_bps", scale = 0.001, unit = "kbit/s" }}
table = {{ rows = ["variant"], columns = ["speed"] }}
references = [{{ name = "ref", file = "ref.csv" }}]
[[axes]]
name = "variant"
points = [{variants}]
[[axes]]
name = "speed"
points = [{{ label = "2M", set = {{ "links.ij.rate" = "2Mbps" }} }}, {{ label = "512K", set = {{ "links.ij.rate" = "512kbps" }} }}]
"#
        ),
    )
    .unwrap();
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

fn shard(dir: &Path, k: u32) -> String {
    let part = path(dir, &format!("part{k}.jsonl"));
    let o = ackscope(&["sweep", &path(dir, "t.sweep.toml"), "--shard", &format!("{k}/3"), "--out", &part]);
    assert!(o.status.success(), "shard {k}: {}", stderr(&o));
    part
}

#[test]
fn three_shards_merge_to_the_whole_sweep_in_every_format() {
    let dir = sweep_dir("merge", "4s");
    let sweep = path(&dir, "t.sweep.toml");
    let parts: Vec<String> = [3, 1, 2].into_iter().map(|k| shard(&dir, k)).collect();
    for format in ["markdown", "csv", "json"] {
        let whole = ackscope(&["sweep", &sweep, "--format", format]);
        assert!(whole.status.success(), "{}", stderr(&whole));
        let mut args = vec!["merge", &sweep, "--format", format];
        args.extend(parts.iter().map(String::as_str));
        let merged = ackscope(&args);
        assert!(merged.status.success(), "{format}: {}", stderr(&merged));
        assert!(whole.stdout.len() > 200, "{format}: {}", String::from_utf8_lossy(&whole.stdout));
        assert_eq!(String::from_utf8_lossy(&merged.stdout), String::from_utf8_lossy(&whole.stdout), "{format}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn assert_refused(o: &Output, expect: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    let text = stderr(o);
    assert!(text.contains(expect) && text.contains(" (allowed: "), "expected {expect:?} in {text}");
}

#[test]
fn parts_that_are_not_one_finished_sweep_are_refused() {
    let dir = sweep_dir("refuse", "1s");
    let sweep = path(&dir, "t.sweep.toml");
    let parts: Vec<String> = (1..=3).map(|k| shard(&dir, k)).collect();
    let merge = |parts: &[&str]| {
        let mut args = vec!["merge", sweep.as_str()];
        args.extend_from_slice(parts);
        ackscope(&args)
    };
    assert_refused(&merge(&[&parts[0], &parts[1]]), "parts: shard 3/3 is missing");
    assert_refused(&merge(&[&parts[0], &parts[1], &parts[1]]), "parts.2/3: given twice");

    // A shard that did not finish (no end line) cannot be merged.
    let text = std::fs::read_to_string(&parts[2]).unwrap();
    let cut: Vec<&str> = text.lines().collect();
    let truncated = path(&dir, "truncated.jsonl");
    std::fs::write(&truncated, cut[..cut.len() - 1].join("\n") + "\n").unwrap();
    assert_refused(&merge(&[&parts[0], &parts[1], &truncated]), "without its end line");

    // Parts of an edited sweep belong to another table.
    let other = sweep_dir("refuse-other", "2s");
    let foreign = shard(&other, 3);
    assert_refused(&merge(&[&parts[0], &parts[1], &foreign]), "was made from another sweep");

    assert_refused(&ackscope(&["sweep", &sweep, "--shard", "4/3"]), "--shard: \"4/3\" is not a shard");
    assert_refused(&ackscope(&["sweep", &sweep, "--shard", "1/3", "--format", "csv"]), "--format: not used with --shard");
    assert_refused(&merge(&[&path(&dir, "two-way.toml")]), "not a sweep part file");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&other).unwrap();
}
