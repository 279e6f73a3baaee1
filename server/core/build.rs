//! `sqlx::migrate!` embeds the migrations at compile time but cannot tell cargo to watch their
//! folder on stable Rust: without this, a migration added to an already-built tree is silently
//! left out of the binary until something else makes the crate recompile.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
