//! Kassa: a payment processing service (merchant-api.md, decisions.md).
//!
//! Layout: [`http`] (the edge, a folder per audience), [`domain`] (one service per capability
//! over one state-change engine, records and pure rules, the ports; no HTTP, no SQL),
//! [`storage`] (the ports on SQLite and PostgreSQL), [`callbacks`] (renderer, signer,
//! dispatcher, integration check), [`acquirer`] and [`jobs`]; [`services`] builds the domain's
//! services once, [`startup`] wires them to storage, the adapters and the server.

// The page renders in many small allocations (tens of thousands of requests a second with
// a few hundred allocations each); mimalloc spends about half of glibc's time on them and
// does not lock between threads (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod http;
pub mod i18n;
pub mod startup;
pub mod telemetry;

// Everything behind the HTTP edge is the `kassa-core` crate (server/core/), compiled beside the
// views; its modules keep their paths here.
pub use kassa_core::{acquirer, admin, callbacks, config, crypto, demo, domain, jobs, secret, services, storage, wire};

/// The arrows of docs/ARCHITECTURE.md, checked: a layer that imports what it must not know
/// fails the build's tests, not a review.
#[cfg(test)]
mod layering {
    use std::path::{Path, PathBuf};

    fn sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                // Only code: comments may name other layers.
                let code: String =
                    text.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{l}\n")).collect();
                out.push((path, code));
            }
        }
    }

    /// Both crates' sources: `kassa` (the HTTP layer) and `kassa-core` (the rest).
    fn roots() -> [PathBuf; 2] {
        let server = Path::new(env!("CARGO_MANIFEST_DIR"));
        [server.join("src"), server.join("core").join("src")]
    }

    fn violations(layer: &str, forbidden: &[&str], except: &[&str]) -> Vec<String> {
        let mut files = Vec::new();
        for root in roots() {
            let dir = root.join(layer);
            if dir.is_dir() {
                sources(&dir, &mut files);
            }
        }
        assert!(!files.is_empty(), "{layer} has sources");
        let mut found = Vec::new();
        for (path, code) in files {
            if except.iter().any(|e| path.ends_with(e)) {
                continue;
            }
            for f in forbidden {
                if code.contains(f) {
                    found.push(format!("{} uses {f}", path.display()));
                }
            }
        }
        found
    }

    #[test]
    fn the_domain_knows_neither_http_nor_sql_nor_the_wire_format() {
        let forbidden = [
            "crate::http",
            "crate::storage",
            "crate::callbacks",
            "crate::wire",
            "crate::acquirer",
            "app::",
            "sqlx",
            "axum",
            "reqwest",
        ];
        let found = violations("domain", &forbidden, &[]);
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn handlers_talk_to_services_not_storage() {
        let found = violations("http", &["crate::storage", "sqlx", "domain::ports::Stores"], &[]);
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn http_reaches_callbacks_only_through_the_domain() {
        let found = violations("http", &["crate::callbacks"], &[]);
        assert!(found.is_empty(), "{found:#?}");
    }

    /// The command line and its output go through the services, never storage.
    #[test]
    fn the_command_line_talks_to_services_not_storage() {
        let [kassa, core] = roots();
        for file in [kassa.join("main.rs"), core.join("admin.rs")] {
            let code = std::fs::read_to_string(&file).unwrap();
            for forbidden in ["storage::", "domain::ports", ".stores"] {
                assert!(!code.contains(forbidden), "{} uses {forbidden}", file.display());
            }
        }
    }

    /// Every `.rs` file of both crates, without its test module.
    fn code_files() -> Vec<(PathBuf, String)> {
        let mut files = Vec::new();
        for root in roots() {
            sources(&root, &mut files);
        }
        files
            .into_iter()
            .map(|(path, code)| {
                let code = code.split("#[cfg(test)]\nmod tests").next().unwrap_or_default().to_string();
                (path, code)
            })
            .collect()
    }

    /// Files stay small enough to read: the catalogue is data.
    #[test]
    fn no_file_over_800_lines() {
        let mut files = Vec::new();
        for root in roots() {
            sources(&root, &mut files);
        }
        let long: Vec<_> = files
            .iter()
            .filter(|(p, _)| !p.ends_with("domain/catalogue.rs"))
            .filter(|(p, _)| std::fs::read_to_string(p).unwrap().lines().count() > 800)
            .map(|(p, _)| p.display().to_string())
            .collect();
        assert!(long.is_empty(), "{long:#?}");
    }

    /// Functions stay short enough to read (rustfmt's layout: a function ends at the first line
    /// that closes it at its own indentation); the page's view is the one long builder.
    #[test]
    fn no_function_over_80_lines() {
        let mut long = Vec::new();
        for (path, code) in code_files() {
            let lines: Vec<&str> = code.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let trimmed = line.trim_start();
                let indent = &line[..line.len() - trimmed.len()];
                let is_fn = [
                    "fn ",
                    "pub fn ",
                    "async fn ",
                    "pub async fn ",
                    "pub(super) fn ",
                    "pub(super) async fn ",
                    "pub(crate) fn ",
                ]
                .iter()
                .any(|p| trimmed.starts_with(p));
                if !is_fn || trimmed.ends_with(';') {
                    continue;
                }
                let close = format!("{indent}}}");
                if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
                    let name = trimmed.split('(').next().unwrap_or_default();
                    if end + 2 > 80 && !name.ends_with("fn render_page") {
                        long.push(format!("{}:{} {name} ({} lines)", path.display(), i + 1, end + 2));
                    }
                }
            }
        }
        assert!(long.is_empty(), "{long:#?}");
    }

    /// A service holds one capability: about twenty public methods at most.
    #[test]
    fn no_service_with_more_than_20_public_methods() {
        let mut wide = Vec::new();
        for (path, code) in code_files() {
            // A service holds ports (or the engine over them).
            let service = code.contains("Arc<dyn ") || code.contains("Arc<Engine>");
            if !path.to_string_lossy().contains("/domain/") || !service {
                continue;
            }
            let methods =
                code.lines().filter(|l| l.starts_with("    pub fn ") || l.starts_with("    pub async fn ")).count();
            if methods > 20 {
                wide.push(format!("{} ({methods})", path.display()));
            }
        }
        assert!(wide.is_empty(), "{wide:#?}");
    }

    #[test]
    fn no_country_rule_in_http() {
        // The demo shop lists the catalogue's rows to offer them; it decides nothing.
        let found = violations("http", &["Country::", "catalogue::H2H", "catalogue::H2C", "phone_ok"], &["demo.rs"]);
        assert!(found.is_empty(), "{found:#?}");
    }
}
