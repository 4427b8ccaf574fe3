//! clap's own errors (an unknown flag, a missing argument, a bad choice) in
//! the CLI's one error form, `path: problem (allowed: ...)`, with the
//! offending value quoted as a short prefix.

use ackscope_engine::FieldError;
use clap::error::{ContextKind, ContextValue, ErrorKind};

fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => Some(v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The error as one line; `None` for help and version, which clap prints itself.
pub fn describe(e: &clap::Error) -> Option<FieldError> {
    let arg = context(e, ContextKind::InvalidArg);
    let value = context(e, ContextKind::InvalidValue);
    let valid = context(e, ContextKind::ValidValue).filter(|v| !v.is_empty());
    let subcommands = context(e, ContextKind::ValidSubcommand).filter(|v| !v.is_empty());
    let suggested = context(e, ContextKind::SuggestedArg).or_else(|| context(e, ContextKind::SuggestedSubcommand));
    let see_help = "see ackscope --help".to_string();
    let allowed = |fallback: String| valid.clone().or(subcommands.clone()).or(suggested.clone().map(|s| format!("{s}, or {see_help}"))).unwrap_or(fallback);
    let path = arg.clone().map(|a| a.split_whitespace().next().unwrap_or(&a).to_string());
    let error = match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => return None,
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            FieldError::new("command", "missing", "run, validate, sweep, list (see ackscope --help)")
        }
        ErrorKind::UnknownArgument => FieldError::new(path.unwrap_or_else(|| "argument".into()), "unknown argument", allowed(see_help.clone())),
        ErrorKind::InvalidSubcommand => FieldError::new(
            "command",
            format!("unknown command \"{}\"", context(e, ContextKind::InvalidSubcommand).or(arg).unwrap_or_default()),
            "run, validate, sweep, list",
        ),
        ErrorKind::MissingSubcommand => FieldError::new("command", "missing", allowed("run, validate, sweep, list".into())),
        ErrorKind::InvalidValue => FieldError::new(
            path.unwrap_or_else(|| "value".into()),
            format!("invalid value \"{}\"", value.unwrap_or_default()),
            allowed(see_help.clone()),
        ),
        ErrorKind::ValueValidation => FieldError::new(
            path.unwrap_or_else(|| "value".into()),
            format!("invalid value \"{}\"", value.unwrap_or_default()),
            allowed(see_help.clone()),
        ),
        ErrorKind::MissingRequiredArgument => FieldError::new(
            arg.map(|a| a.trim_start_matches('<').trim_end_matches('>').to_lowercase()).unwrap_or_else(|| "argument".into()),
            "missing",
            "a value is required (see ackscope --help)",
        ),
        ErrorKind::TooManyValues => {
            FieldError::new(path.unwrap_or_else(|| "argument".into()), format!("unexpected value \"{}\"", value.unwrap_or_default()), see_help)
        }
        ErrorKind::ArgumentConflict => FieldError::new(path.unwrap_or_else(|| "argument".into()), "cannot be used with another argument given", see_help),
        _ => FieldError::new(path.unwrap_or_else(|| "command line".into()), first_line(&e.to_string()), see_help),
    };
    Some(error)
}

/// clap's own message without its "error: " prefix and tips.
fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim_start_matches("error: ").to_string()
}
