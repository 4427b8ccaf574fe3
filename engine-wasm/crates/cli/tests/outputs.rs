//! The run's output files: checked before the run, and the trace and capture
//! streamed to disk so memory does not grow with the run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn ackscope() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ackscope"));
    c.env("ACKSCOPE_SCENARIOS", Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios"));
    c
}

/// The command's output if it ends within `limit`; else it is killed.
fn within(limit: Duration, command: &mut Command) -> Option<std::process::Output> {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
fn unwritable_outputs_are_refused_before_the_run() {
    let dir = std::env::temp_dir().join(format!("ackscope-outputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-folder/run.tr");
    for flag in ["--out", "--series", "--trace", "--pcap"] {
        // Ten thousand simulated seconds of PERF-1: hours, if the run came first.
        let out = within(Duration::from_secs(20), ackscope().args(["run", "bench/perf-1", "--duration", "10000s", flag]).arg(&missing))
            .unwrap_or_else(|| panic!("{flag}: not refused before the run"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {stderr}");
        assert!(stderr.starts_with(&format!("{flag}: cannot write ")), "{flag}: {stderr}");
        assert!(stderr.trim_end().ends_with(')') && stderr.contains("(allowed: "), "{flag}: {stderr}");
    }
    let same = dir.join("both.out");
    let out = ackscope().args(["run", "seed000/wired", "--trace"]).arg(&same).arg("--pcap").arg(dir.join(".").join("both.out")).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("--pcap: ") && stderr.contains("also the --trace file"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Peak resident memory (VmHWM, bytes) of `ackscope run` with these arguments,
/// read from /proc while it runs (the high-water mark only grows).
fn peak_rss(args: &[&str]) -> u64 {
    let mut child = ackscope().arg("run").args(args).stdout(Stdio::null()).stderr(Stdio::inherit()).spawn().unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            if let Some(kb) = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()) {
                peak_kb = peak_kb.max(kb);
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "ackscope run {args:?} failed");
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(peak_kb > 0, "no memory reading");
    peak_kb * 1024
}

#[test]
fn perf1_trace_and_pcap_stream_in_bounded_memory() {
    const MB: u64 = 1 << 20;
    // Kept in memory, 20 s of PERF-1's trace took 480 MB; the whole 100 s, 2.5 GB.
    let short = peak_rss(&["bench/perf-1", "--duration", "4s", "--trace", "/dev/null", "--pcap", "/dev/null"]);
    let long = peak_rss(&["bench/perf-1", "--duration", "20s", "--trace", "/dev/null", "--pcap", "/dev/null"]);
    assert!(long < 100 * MB, "peak {} MB", long / MB);
    assert!(long < short + 8 * MB, "memory grows with the run: {} MB for 4 s, {} MB for 20 s", short / MB, long / MB);
}
