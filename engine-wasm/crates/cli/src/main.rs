//! `ackscope`: headless runs of Ackscope scenarios.
//!
//! Exit codes: 0 success; 2 invalid input, with one `path: problem
//! (allowed: ...)` line per error on stderr; 1 internal error; 3 a run
//! stopped at its budget (`--max-events`, `--max-wall`); 130 interrupted
//! (SIGINT or SIGTERM). A stopped run still prints its summary so far.

mod budget;
mod locate;
mod merge;
mod outputs;
mod sweep_output;
mod sweep_run;
mod table;
mod usage;

use ackscope_engine::export::csv;
use ackscope_engine::{sweep, FieldError, Format, Override, ScenarioErrors};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "ackscope", version, about = "Run Ackscope TCP scenarios headless")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scenario and print its summary.
    Run(RunArgs),
    /// Check a scenario (with overrides) without running it.
    Validate {
        /// A scenario file (.toml or .json) or a scenario id from `ackscope list`.
        scenario: String,
        /// Override a field: PATH=VALUE, e.g. links.sat.forward.rate=2Mbps.
        #[arg(long = "set", value_name = "PATH=VALUE")]
        set: Vec<String>,
    },
    /// Run a scenario over every combination of a sweep's axes, in parallel.
    Sweep {
        /// A sweep file (.sweep.toml) or its id, e.g. seed003/table1.
        sweep: String,
        /// Runs at once (default and most: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Table format (default markdown).
        #[arg(long, value_enum)]
        format: Option<SweepFormat>,
        /// Run only shard K of N (every N-th point from the K-th) and write a
        /// part file for `ackscope merge`, e.g. --shard 2/8.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Write the results here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Merge the part files of a sharded sweep into its table.
    Merge {
        /// The sweep file (or id) the parts were made from.
        sweep: String,
        /// Every part file, one per shard, in any order.
        #[arg(required = true, value_name = "PART")]
        parts: Vec<PathBuf>,
        /// Table format (default markdown).
        #[arg(long, value_enum)]
        format: Option<SweepFormat>,
        /// Write the results here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// List the scenarios in the scenarios folder.
    List,
    /// Print the JSON Schema of scenarios (the engine's outputs under `$defs`);
    /// scripts/gen-types.mjs makes scenarios/schema.json and the web app's types from it.
    Schema,
}

#[derive(Copy, Clone, ValueEnum)]
enum SweepFormat {
    Csv,
    Json,
    Markdown,
}

#[derive(clap::Args)]
struct RunArgs {
    /// A scenario file (.toml or .json) or a scenario id from `ackscope list`.
    scenario: String,
    /// Override a field: PATH=VALUE, e.g. flows.ftp.tcp.variant=reno.
    #[arg(long = "set", value_name = "PATH=VALUE")]
    set: Vec<String>,
    /// Seed of every random stream (overrides the scenario's).
    #[arg(long)]
    seed: Option<String>,
    /// Simulated time to run, e.g. 60s (overrides the scenario's).
    #[arg(long)]
    duration: Option<String>,
    /// How to print the summary.
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    format: OutputFormat,
    /// Write the summary here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write every series point as CSV (series,t_s,value).
    #[arg(long, value_name = "FILE.csv")]
    series: Option<PathBuf>,
    /// Write the packet trace in ns-2's trace format.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Write the packets each sender sees as a pcap capture.
    #[arg(long, value_name = "FILE.pcap")]
    pcap: Option<PathBuf>,
    /// Stop after this many events and print the summary so far (default 10^9).
    #[arg(long, value_name = "N")]
    max_events: Option<String>,
    /// Stop after this much wall-clock time, e.g. 60s (default 10min).
    #[arg(long, value_name = "TIME")]
    max_wall: Option<String>,
}

#[derive(Copy, Clone, ValueEnum)]
enum OutputFormat {
    Table,
    Json,
    Csv,
}

enum Failure {
    /// The user's input is wrong: exit 2.
    Invalid(ScenarioErrors),
    /// Something else went wrong: exit 1.
    Internal(String),
    /// The run stopped early, its partial results written: the line to print, and the exit code.
    Stopped(String, u8),
}

impl From<ScenarioErrors> for Failure {
    fn from(e: ScenarioErrors) -> Self {
        Failure::Invalid(e)
    }
}

/// An output file that cannot be written, named by its flag.
fn unwritable(flag: &str, path: &std::path::Path, e: &std::io::Error) -> Failure {
    Failure::Invalid(ScenarioErrors::from(FieldError::new(
        flag,
        format!("cannot write {}: {e}", path.display()),
        "a file path in an existing, writable folder",
    )))
}

fn overrides(set: &[String], seed: Option<&str>, duration: Option<&str>) -> Result<Vec<Override>, Failure> {
    let mut errors = vec![];
    let mut out = vec![];
    let flags = [("seed", seed), ("duration", duration)];
    let assignments = set.iter().cloned().chain(flags.iter().filter_map(|(k, v)| v.map(|v| format!("{k}={v}"))));
    for a in assignments {
        match Override::parse(&a) {
            Ok(o) => out.push(o),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(Failure::Invalid(ScenarioErrors(errors)))
    }
}

fn load(scenario: &str) -> Result<(String, Format), Failure> {
    locate::read_scenario(scenario).map_err(|problem| {
        Failure::Invalid(ScenarioErrors(vec![FieldError::new(
            "scenario",
            problem,
            "a path to a .toml or .json scenario file, or an id listed by `ackscope list`",
        )]))
    })
}

fn run(args: RunArgs) -> Result<(), Failure> {
    let (text, format) = load(&args.scenario)?;
    let overrides = overrides(&args.set, args.seed.as_deref(), args.duration.as_deref())?;
    let budget = budget::Budget::from_flags(args.max_events.as_deref(), args.max_wall.as_deref())?;
    // Refuse bad input and unwritable outputs before spending time on the run.
    let scenario = ackscope_engine::scenario::load(&text, format, &overrides)?.1;
    let mut outputs =
        outputs::Outputs::open(args.out.as_ref(), args.series.as_ref(), args.trace.as_ref(), args.pcap.as_ref())?;
    let mut sim = ackscope_engine::Simulation::new(&scenario, outputs.recording());
    // The trace and the capture are written as the run goes (memory stays bounded).
    let mut streams = outputs.streams(&sim).map_err(Failure::Internal)?;
    let mut written = Ok(());
    let stopped = budget::run(&mut sim, budget, |s| {
        written = streams.pump(s);
        written.is_ok()
    });
    written.and_then(|()| streams.finish(&mut sim)).map_err(Failure::Internal)?;
    let summary = sim.summary();
    let printed = match args.format {
        OutputFormat::Table => {
            let mark = stopped.map_or(String::new(), |s| {
                format!("PARTIAL ({}): stopped at {:.3} s of {:.3} s\n", s.reason(), sim.now().as_secs_f64(), sim.end().as_secs_f64())
            });
            mark + &table::summary_table(&summary)
        }
        OutputFormat::Json => {
            let mut value = serde_json::to_value(&summary).expect("summaries serialize");
            if let (Some(s), Some(obj)) = (stopped, value.as_object_mut()) {
                obj.insert(
                    "stopped".into(),
                    serde_json::json!({ "reason": s.reason(), "at_s": sim.now().as_secs_f64(), "end_s": sim.end().as_secs_f64() }),
                );
            }
            serde_json::to_string_pretty(&value).expect("summaries serialize") + "\n"
        }
        OutputFormat::Csv => csv::summary_csv(&summary),
    };
    match outputs.out.take() {
        Some(out) => out.write_all(printed.as_bytes()).map_err(Failure::Internal)?,
        None => print!("{printed}"),
    }
    if let Some(series) = outputs.series.take() {
        series.write_all(csv::series_csv(sim.series()).as_bytes()).map_err(Failure::Internal)?;
    }
    match stopped {
        None => Ok(()),
        Some(s) => {
            let code = if s == budget::Stop::Interrupted { 130 } else { 3 };
            Err(Failure::Stopped(budget::stop_message(s, &sim, budget), code))
        }
    }
}

fn validate(scenario: &str, set: &[String]) -> Result<(), Failure> {
    let (text, format) = load(scenario)?;
    let overrides = overrides(set, None, None)?;
    let (s, _) = ackscope_engine::scenario::load(&text, format, &overrides)?;
    println!("{}: valid ({} nodes, {} links, {} flows)", s.id, s.nodes.len(), s.links.len(), s.flows.len());
    Ok(())
}

/// A sweep file by path or id, with the files it names.
fn load_sweep(arg: &str) -> Result<sweep::Loaded, Failure> {
    let file = locate::find_sweep(arg).ok_or_else(|| {
        Failure::Invalid(ScenarioErrors(vec![FieldError::new(
            "sweep",
            format!("no sweep file or id \"{arg}\""),
            "a .sweep.toml file or an id such as seed003/table1",
        )]))
    })?;
    Ok(sweep::load_within(&file, &locate::sweep_root(&file))?)
}

fn table_format(format: Option<SweepFormat>) -> sweep_output::Format {
    match format.unwrap_or(SweepFormat::Markdown) {
        SweepFormat::Csv => sweep_output::Format::Csv,
        SweepFormat::Json => sweep_output::Format::Json,
        SweepFormat::Markdown => sweep_output::Format::Markdown,
    }
}

/// `--out` or standard output; the `Err` of `write` is reported against `--out`.
fn write_to<T, E>(out: Option<&PathBuf>, write: impl FnOnce(&mut dyn std::io::Write) -> Result<T, E>) -> Result<Result<T, E>, Failure> {
    Ok(match out {
        Some(path) => write(&mut std::fs::File::create(path).map_err(|e| unwritable("--out", path, &e))?),
        None => write(&mut std::io::stdout().lock()),
    })
}

fn write_failure(e: std::io::Error, out: Option<&PathBuf>) -> Result<(), Failure> {
    match out {
        Some(p) => Err(unwritable("--out", p, &e)),
        None if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        None => Err(Failure::Internal(format!("cannot write the results: {e}"))),
    }
}

fn sweep(arg: &str, jobs: Option<usize>, format: Option<SweepFormat>, shard: Option<&str>, out: Option<&PathBuf>) -> Result<(), Failure> {
    if jobs == Some(0) {
        return Err(Failure::Invalid(FieldError::new("--jobs", "0 runs at once", "1 or more (at most one per core is used)").into()));
    }
    let format = match (shard, format) {
        (Some(_), Some(_)) => {
            return Err(Failure::Invalid(
                FieldError::new("--format", "not used with --shard: a shard writes a part file", "--format on `ackscope merge`, which prints the table").into(),
            ))
        }
        (Some(text), None) => sweep_output::Format::Part(sweep::Shard::parse(text).map_err(ScenarioErrors::from)?),
        (None, format) => table_format(format),
    };
    let loaded = load_sweep(arg)?;
    let jobs = sweep_run::jobs(jobs);
    match write_to(out, |w| sweep_run::run(&loaded, jobs, format, w))? {
        Ok(sweep_run::Ended::Complete) => Ok(()),
        Ok(sweep_run::Ended::Interrupted(done)) => Err(Failure::Stopped(
            FieldError::new(
                "sweep",
                format!("interrupted after {done} of {} runs; the rows of those runs are written", sweep::point_count(&loaded.spec)),
                "let the sweep finish",
            )
            .to_string(),
            130,
        )),
        Err(sweep_run::Failure::Invalid(e)) => Err(Failure::Invalid(e)),
        Err(sweep_run::Failure::Io(e)) => write_failure(e, out),
    }
}

fn merge(arg: &str, parts: &[PathBuf], format: Option<SweepFormat>, out: Option<&PathBuf>) -> Result<(), Failure> {
    let loaded = load_sweep(arg)?;
    match write_to(out, |w| merge::merge(&loaded, parts, table_format(format), w))? {
        Ok(()) => Ok(()),
        Err(merge::Failure::Invalid(e)) => Err(Failure::Invalid(e)),
        Err(merge::Failure::Io(e)) => write_failure(e, out),
    }
}

fn list() -> Result<(), Failure> {
    let dir = locate::scenarios_dir().ok_or_else(|| {
        Failure::Internal("no scenarios folder found (set ACKSCOPE_SCENARIOS or run inside the repository)".into())
    })?;
    print!("{}", table::listing(&locate::list(&dir)));
    Ok(())
}

fn schema() -> Result<(), Failure> {
    let text = format!("{}\n", ackscope_engine::scenario::json_schema());
    write_to(None, |w| w.write_all(text.as_bytes()))?.or_else(|e| write_failure(e, None))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match usage::describe(&e) {
            None => e.exit(),
            Some(error) => {
                eprintln!("{error}");
                return ExitCode::from(2);
            }
        },
    };
    budget::install_interrupt_handler();
    // An engine bug is an internal error (exit 1) with one line, not a panic trace.
    std::panic::set_hook(Box::new(|info| eprintln!("ackscope: internal error: {info}")));
    let result = std::panic::catch_unwind(|| match cli.command {
        Command::Run(args) => run(args),
        Command::Validate { scenario, set } => validate(&scenario, &set),
        Command::Sweep { sweep: file, jobs, format, shard, out } => sweep(&file, jobs, format, shard.as_deref(), out.as_ref()),
        Command::Merge { sweep: file, parts, format, out } => merge(&file, &parts, format, out.as_ref()),
        Command::List => list(),
        Command::Schema => schema(),
    })
    .unwrap_or_else(|_| Err(Failure::Internal("the run stopped on an engine bug (see above)".into())));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid(errors)) => {
            eprintln!("{errors}");
            ExitCode::from(2)
        }
        Err(Failure::Internal(message)) => {
            eprintln!("ackscope: {message}");
            ExitCode::from(1)
        }
        Err(Failure::Stopped(line, code)) => {
            eprintln!("{line}");
            ExitCode::from(code)
        }
    }
}
