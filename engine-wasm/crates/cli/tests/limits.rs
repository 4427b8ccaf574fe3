//! The CLI under hostile or careless input, as a separate process: every
//! error is one `path: problem (allowed: ...)` line with exit 2, huge inputs
//! are refused in small memory, budgets and SIGINT stop a long run with its
//! partial summary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ackscope() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ackscope"));
    c.env("ACKSCOPE_SCENARIOS", Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios"));
    c
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ackscope-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every line `path: problem (allowed: X)` with X not empty.
fn assert_error_form(o: &Output, case: &str) {
    assert_eq!(o.status.code(), Some(2), "{case}: {}", stderr(o));
    let text = stderr(o);
    assert!(!text.trim().is_empty(), "{case}: no message");
    for line in text.lines() {
        let (path, rest) = line.split_once(": ").unwrap_or_else(|| panic!("{case}: no path in {line:?}"));
        assert!(!path.is_empty() && !path.contains(' ') || path.starts_with("line "), "{case}: path {path:?}");
        let allowed = rest.rsplit_once(" (allowed: ").map(|(_, a)| a).unwrap_or_else(|| panic!("{case}: no allowed list in {line:?}"));
        assert!(allowed.ends_with(')') && allowed.len() > 1, "{case}: empty allowed list in {line:?}");
        assert!(line.len() < 2000, "{case}: a {}-byte line", line.len());
    }
}

#[test]
fn every_kind_of_bad_input_gives_one_error_form() {
    // The most one argument may carry (Linux: 128 KiB); the URL/wasm path is tested with 10 MB in core.
    let huge = "9".repeat(120_000);
    let bad_sweep = scratch("bad.sweep.toml");
    std::fs::write(&bad_sweep, "id = \"x\"\ntitle = \"x\"\nbase = \"x.toml\"\naxes = []\nvalue = { flow = \"f\", field = \"goodput_bps\" }\nextra = 1\n").unwrap();
    let escaping = scratch("escape.sweep.toml");
    std::fs::write(&escaping, "id = \"x\"\ntitle = \"x\"\nbase = \"../../../../etc/passwd\"\naxes = []\nvalue = { flow = \"f\", field = \"goodput_bps\" }\n").unwrap();
    let unwritable = "/proc/ackscope-cannot-write-here/out.json";
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("unknown flag", vec!["run".into(), "seed000/wired".into(), "--bogus".into()]),
        ("unknown command", vec!["runn".into()]),
        ("no command", vec![]),
        ("missing scenario", vec!["run".into()]),
        ("bad choice", vec!["run".into(), "seed000/wired".into(), "--format".into(), "yaml".into()]),
        ("bad jobs", vec!["sweep".into(), "seed003/table1".into(), "--jobs".into(), "lots".into()]),
        ("zero jobs", vec!["sweep".into(), "seed003/table1".into(), "--jobs".into(), "0".into()]),
        ("unknown scenario", vec!["run".into(), "nowhere/none".into()]),
        ("bad override", vec!["run".into(), "seed000/wired".into(), "--set".into(), "noequals".into()]),
        ("bad value", vec!["run".into(), "seed000/wired".into(), "--set".into(), "links.l1.rate=10Mbs".into()]),
        ("huge value", vec!["validate".into(), "seed000/wired".into(), "--set".into(), format!("links.l1.rate={huge}")]),
        ("bad seed", vec!["run".into(), "seed000/wired".into(), "--seed".into(), "-1".into()]),
        ("bad budget", vec!["run".into(), "seed000/wired".into(), "--max-events".into(), "many".into()]),
        ("bad wall budget", vec!["run".into(), "seed000/wired".into(), "--max-wall".into(), "soon".into()]),
        ("unwritable out", vec!["run".into(), "seed000/wired".into(), "--duration".into(), "1s".into(), "--out".into(), unwritable.into()]),
        ("unwritable series", vec!["run".into(), "seed000/wired".into(), "--duration".into(), "1s".into(), "--series".into(), unwritable.into()]),
        ("unknown sweep", vec!["sweep".into(), "nowhere".into()]),
        ("bad sweep file", vec!["sweep".into(), bad_sweep.to_string_lossy().into()]),
        ("sweep base outside the tree", vec!["sweep".into(), escaping.to_string_lossy().into()]),
        ("unwritable sweep out", vec!["sweep".into(), "seed002/cbr".into(), "--out".into(), unwritable.into()]),
    ];
    for (case, args) in cases {
        let o = ackscope().args(&args).output().unwrap();
        assert_error_form(&o, case);
        if case == "huge value" {
            assert!(o.stderr.len() < 1000, "a 120 KB value is quoted short, got {} bytes", o.stderr.len());
        }
    }
}

/// Runs the CLI under a 1.5 GB address-space cap (`prlimit`): a run that
/// needs more aborts instead of passing.
fn run_capped(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let o = Command::new("/usr/bin/env")
        .args(["prlimit", "--as=1500000000", "--"])
        .arg(env!("CARGO_BIN_EXE_ackscope"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (o, started.elapsed())
}

fn big_scenario(nodes: usize, flows: usize) -> String {
    let mut t = String::from("version = 1\nid = \"big\"\ntitle = \"big\"\nduration = \"1s\"\n");
    for i in 0..nodes {
        t += &format!("[[nodes]]\nid = \"n{i}\"\n");
    }
    t += "[[links]]\nid = \"l\"\na = \"n0\"\nb = \"n1\"\nrate = \"1Mbps\"\ndelay = \"1ms\"\n";
    for i in 0..flows {
        t += &format!("[[flows]]\nid = \"f{i}\"\nfrom = \"n0\"\nto = \"n1\"\n");
    }
    t
}

#[test]
fn fifty_thousand_nodes_or_a_hundred_thousand_flows_are_refused_in_small_memory() {
    for (nodes, flows, expected) in [
        (50_000, 1, "nodes: 50000 nodes (allowed: at most 1000 nodes)"),
        (2, 1500, "flows: 1500 flows (allowed: at most 1000 flows)"),
        (2, 100_000, "too large to be a scenario (at most 2097152 bytes)"),
    ] {
        let file = scratch(&format!("big-{nodes}-{flows}.toml"));
        std::fs::write(&file, big_scenario(nodes, flows)).unwrap();
        // Under a 1.5 GB address-space cap (a 50,000-node route table took 10 GB).
        let (o, took) = run_capped(&["validate", &file.to_string_lossy()]);
        assert!(stderr(&o).contains(expected), "{}", stderr(&o));
        assert_eq!(o.status.code(), Some(2));
        eprintln!("{nodes} nodes, {flows} flows: refused in {took:?}");
        let peak = peak_kb(&["validate", &file.to_string_lossy()]);
        assert!(peak < 200_000, "{nodes} nodes, {flows} flows: peak {peak} kB");
    }
}

/// Peak resident set of the CLI in kB, as GNU time reports it from `wait4`'s rusage.
fn peak_kb(args: &[&str]) -> u64 {
    let o = Command::new("/usr/bin/time").args(["-f", "%M"]).arg(env!("CARGO_BIN_EXE_ackscope")).args(args).output().unwrap();
    let text = stderr(&o);
    text.lines().last().and_then(|l| l.trim().parse().ok()).unwrap_or_else(|| panic!("no peak in {text:?}"))
}

#[test]
fn an_event_budget_stops_the_run_with_a_marked_partial_summary() {
    let o = ackscope().args(["run", "seed000/wired", "--max-events", "5000", "--format", "json"]).output().unwrap();
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stopped"]["reason"], "max-events");
    assert_eq!(v["events"], 5000);
    assert!(stderr(&o).starts_with("--max-events: the run reached its budget of 5000 events"), "{}", stderr(&o));
}

#[test]
fn sigint_stops_a_long_run_within_a_second_with_the_summary_so_far() {
    let out = scratch("interrupted.json");
    let child = ackscope()
        .args(["run", "seed000/wired", "--duration", "86400s", "--format", "json", "--out", &out.to_string_lossy()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let sent = Instant::now();
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    assert!(took < Duration::from_secs(1), "stopped {took:?} after SIGINT");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    // The summary file was written whole, marked.
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(v["stopped"]["reason"], "interrupted");
    assert!(v["duration_s"].as_f64().unwrap() < 86400.0);
    assert!(stderr(&o).starts_with("run: interrupted at "), "{}", stderr(&o));
}

#[test]
fn a_sweep_asks_for_no_more_threads_than_cores_and_writes_the_same_rows() {
    let one = ackscope().args(["sweep", "seed002/cbr", "--format", "csv", "--jobs", "1"]).output().unwrap();
    let many = ackscope().args(["sweep", "seed002/cbr", "--format", "csv", "--jobs", "10000"]).output().unwrap();
    assert!(one.status.success() && many.status.success(), "{}", stderr(&many));
    assert_eq!(one.stdout, many.stdout);
    let json = ackscope().args(["sweep", "seed002/cbr", "--format", "json", "--jobs", "3"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["runs"].as_array().unwrap().len() + 1, String::from_utf8_lossy(&one.stdout).lines().count());
    let _ = std::io::stderr().flush();
}

#[test]
fn a_terminal_gets_a_progress_bar_and_a_pipe_does_not() {
    // `script` (util-linux) runs the CLI on a pseudo-terminal, as a user's shell would.
    let bin = env!("CARGO_BIN_EXE_ackscope");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios");
    let cmd = format!("ACKSCOPE_SCENARIOS={} {bin} run bench/perf-1 --max-wall 1s --format json --out /dev/null", scenarios.display());
    let on_tty = Command::new("script").args(["-qfec", &cmd, "/dev/null"]).output().expect("script runs");
    let text = String::from_utf8_lossy(&on_tty.stdout);
    assert!(text.contains("run ") && text.contains("% ") && text.contains("(eta "), "no progress bar on a terminal: {text:?}");
    let piped = ackscope().args(["run", "bench/perf-1", "--max-wall", "1s", "--format", "json", "--out", "/dev/null"]).output().unwrap();
    assert!(!stderr(&piped).contains("(eta "), "a progress bar into a pipe: {}", stderr(&piped));
}
