//! `ackscope`: headless runs of Ackscope scenarios.
//!
//! Exit codes: 0 success; 2 invalid input, with one `path: problem
//! (allowed: ...)` line per error on stderr; 1 internal error.

mod locate;
mod outputs;
mod table;

use ackscope_engine::export::csv;
use ackscope_engine::{sweep, FieldError, Format, Override, ScenarioErrors, Summary};
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
        /// Runs at once (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        #[arg(long, value_enum, default_value_t = SweepFormat::Markdown)]
        format: SweepFormat,
        /// Write the results here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// List the scenarios in the scenarios folder.
    List,
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
}

impl From<ScenarioErrors> for Failure {
    fn from(e: ScenarioErrors) -> Self {
        Failure::Invalid(e)
    }
}

fn write_file(path: &PathBuf, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))
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
    // Refuse bad input and unwritable outputs before spending time on the run.
    let scenario = ackscope_engine::scenario::load(&text, format, &overrides)?.1;
    let mut outputs =
        outputs::Outputs::open(args.out.as_ref(), args.series.as_ref(), args.trace.as_ref(), args.pcap.as_ref())?;
    let mut sim = ackscope_engine::Simulation::new(&scenario, outputs.recording());
    outputs.run(&mut sim).map_err(Failure::Internal)?;
    let summary = sim.summary();
    let printed = match args.format {
        OutputFormat::Table => table::summary_table(&summary),
        OutputFormat::Json => serde_json::to_string_pretty(&summary).expect("summaries serialize") + "\n",
        OutputFormat::Csv => csv::summary_csv(&summary),
    };
    match outputs.out.take() {
        Some(out) => out.write_all(printed.as_bytes()).map_err(Failure::Internal)?,
        None => print!("{printed}"),
    }
    if let Some(series) = outputs.series.take() {
        series.write_all(csv::series_csv(sim.series()).as_bytes()).map_err(Failure::Internal)?;
    }
    Ok(())
}

fn validate(scenario: &str, set: &[String]) -> Result<(), Failure> {
    let (text, format) = load(scenario)?;
    let overrides = overrides(set, None, None)?;
    let (s, _) = ackscope_engine::scenario::load(&text, format, &overrides)?;
    println!("{}: valid ({} nodes, {} links, {} flows)", s.id, s.nodes.len(), s.links.len(), s.flows.len());
    Ok(())
}

fn sweep(arg: &str, jobs: Option<usize>, format: SweepFormat, out: Option<&PathBuf>) -> Result<(), Failure> {
    let file = locate::find_sweep(arg).ok_or_else(|| {
        Failure::Invalid(ScenarioErrors(vec![FieldError::new(
            "sweep",
            format!("no sweep file or id \"{arg}\""),
            "a .sweep.toml file or an id such as seed003/table1",
        )]))
    })?;
    let loaded = sweep::load(&file)?;
    let points = sweep::expand(&loaded.spec);
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let summaries = run_points(&loaded, &points, jobs)?;
    let results =
        sweep::Results { spec: &loaded.spec, runs: points.into_iter().zip(summaries).collect(), references: &loaded.references };
    let text = match format {
        SweepFormat::Csv => results.csv(),
        SweepFormat::Json => results.json(),
        SweepFormat::Markdown => results.markdown(),
    };
    match out {
        Some(path) => write_file(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Runs every point, `jobs` at a time; summaries come back in point order.
fn run_points(loaded: &sweep::Loaded, points: &[sweep::Point], jobs: usize) -> Result<Vec<Summary>, Failure> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![None; points.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(points.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(point) = points.get(i) else { break };
                let outcome = loaded.run(point);
                results.lock().expect("no worker panics while holding the lock")[i] = Some(outcome);
            });
        }
    });
    let outcomes = results.into_inner().expect("workers finished");
    Ok(outcomes.into_iter().map(|o| o.expect("every point ran")).collect::<Result<_, _>>()?)
}

fn list() -> Result<(), Failure> {
    let dir = locate::scenarios_dir().ok_or_else(|| {
        Failure::Internal("no scenarios folder found (set ACKSCOPE_SCENARIOS or run inside the repository)".into())
    })?;
    print!("{}", table::listing(&locate::list(&dir)));
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // An engine bug is an internal error (exit 1) with one line, not a panic trace.
    std::panic::set_hook(Box::new(|info| eprintln!("ackscope: internal error: {info}")));
    let result = std::panic::catch_unwind(|| match cli.command {
        Command::Run(args) => run(args),
        Command::Validate { scenario, set } => validate(&scenario, &set),
        Command::Sweep { sweep: file, jobs, format, out } => sweep(&file, jobs, format, out.as_ref()),
        Command::List => list(),
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
    }
}
