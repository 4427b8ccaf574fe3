//! Finding scenario files: by path, or by id in the scenarios folder.

use ackscope_engine::scenario::load::{from_value, parse_document};
use ackscope_engine::Format;
use std::path::{Path, PathBuf};

/// The scenarios folder: `$ACKSCOPE_SCENARIOS`, else the nearest `scenarios/`
/// from the working directory upwards, else the repository's own.
pub fn scenarios_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ACKSCOPE_SCENARIOS") {
        return Some(PathBuf::from(dir));
    }
    let cwd = std::env::current_dir().ok()?;
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios");
    cwd.ancestors().map(|a| a.join("scenarios")).chain([repo]).find(|d| d.is_dir())
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "toml") && !is_sweep(&p) {
            out.push(p);
        }
    }
}

/// Sweeps (`*.sweep.toml`) and lessons (`*.lesson.toml`) live beside scenarios but are not scenarios.
fn is_sweep(p: &Path) -> bool {
    let p = p.to_string_lossy();
    p.ends_with(".sweep.toml") || p.ends_with(".lesson.toml")
}

/// A sweep file given as a path or as an id (`seed003/table1`).
pub fn find_sweep(arg: &str) -> Option<PathBuf> {
    let direct = PathBuf::from(arg);
    if direct.is_file() {
        return Some(direct);
    }
    let dir = scenarios_dir()?;
    [dir.join(arg), dir.join(format!("{arg}.sweep.toml"))].into_iter().find(|p| p.is_file())
}

/// The tree a sweep's files must stay in: the scenarios folder if the sweep
/// is inside it, else the sweep file's own folder.
pub fn sweep_root(sweep: &Path) -> PathBuf {
    let own = sweep.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let real = |p: &Path| p.canonicalize().ok();
    match (scenarios_dir().and_then(|d| real(&d)), real(sweep)) {
        (Some(dir), Some(file)) if file.starts_with(&dir) => dir,
        _ => own,
    }
}

pub struct Listed {
    pub id: String,
    pub title: String,
    pub paper: String,
    pub path: PathBuf,
}

/// Every scenario file below `dir`, with its id and title (or why it is invalid).
pub fn list(dir: &Path) -> Vec<Listed> {
    let mut files = vec![];
    toml_files(dir, &mut files);
    files
        .into_iter()
        .map(|path| {
            let parsed = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| parse_document(&t, Format::Toml).map_err(|e| e.to_string()))
                .and_then(|doc| from_value(&doc).map_err(|e| e.to_string()));
            let shown = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
            match parsed {
                Ok(s) => Listed {
                    id: s.id,
                    title: s.title,
                    paper: s.paper.map(|p| format!("{} {}", p.seed, p.reproduces)).unwrap_or_default(),
                    path: shown,
                },
                Err(e) => Listed { id: "?".into(), title: format!("(invalid: {e})"), paper: String::new(), path: shown },
            }
        })
        .collect()
}

/// A scenario file's text, refused by its size before it is read.
fn read_limited(path: &Path) -> Result<String, String> {
    let most = ackscope_engine::scenario::limits::MAX_SCENARIO_BYTES as u64;
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
    if size > most {
        return Err(format!("{} is {size} bytes, too large to be a scenario (at most {most} bytes)", path.display()));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Reads a scenario given as a file path or as an id.
pub fn read_scenario(arg: &str) -> Result<(String, Format), String> {
    let direct = Path::new(arg);
    let candidates: Vec<PathBuf> = match scenarios_dir() {
        Some(dir) => vec![direct.to_path_buf(), dir.join(arg), dir.join(format!("{arg}.toml"))],
        None => vec![direct.to_path_buf()],
    };
    if let Some(path) = candidates.iter().find(|p| p.is_file()) {
        let text = read_limited(path)?;
        return Ok((text, Format::from_path(&path.to_string_lossy())));
    }
    if let Some(dir) = scenarios_dir() {
        if let Some(found) = list(&dir).into_iter().find(|l| l.id == arg) {
            let path = dir.join(found.path);
            let text = read_limited(&path)?;
            return Ok((text, Format::Toml));
        }
    }
    Err(format!("no scenario file or id \"{arg}\""))
}
