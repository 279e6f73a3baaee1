//! Logging through `tracing`: human-readable by default, JSON lines with `--log-json`.

use tracing_subscriber::EnvFilter;

pub fn init(json: bool) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_sessions=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colours only on a terminal: logs piped to files or collectors stay plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    // A second init (tests) keeps the first subscriber.
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}
