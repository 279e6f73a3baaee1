//! Kassa: a payment processing service (merchant-api.md, decisions.md).
//!
//! Layout: [`http`] (the edge), [`domain`] (payments, state machine, catalogue; no HTTP, no
//! SQL), [`storage`] (one trait, SQLite and PostgreSQL), [`callbacks`] (outbox, signer,
//! dispatcher) and [`jobs`] (requisites search, deadlines).

// The page renders in many small allocations (tens of thousands of requests a second with
// a few hundred allocations each); mimalloc spends about half of glibc's time on them and
// does not lock between threads (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod acquirer;
pub mod admin;
pub mod callbacks;
pub mod config;
pub mod crypto;
pub mod demo;
pub mod domain;
pub mod http;
pub mod i18n;
pub mod jobs;
pub mod secret;
pub mod startup;
pub mod storage;
pub mod telemetry;
pub mod wire;

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

    fn violations(layer: &str, forbidden: &[&str], except: &[&str]) -> Vec<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(layer);
        let mut files = Vec::new();
        sources(&root, &mut files);
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
    fn no_country_rule_in_http() {
        // The demo shop lists the catalogue's rows to offer them; it decides nothing.
        let found = violations("http", &["Country::", "catalogue::H2H", "catalogue::H2C", "phone_ok"], &["demo.rs"]);
        assert!(found.is_empty(), "{found:#?}");
    }
}
