//! Texts: every string of the pages comes from the server's Fluent bundles through this
//! context. The page script gets its few strings from data attributes, so it carries no translations.

use std::sync::Arc;

/// A Fluent argument.
#[derive(Clone, Debug)]
pub enum Arg {
    Text(String),
    Number(i64),
}

/// Looks texts up in the page's language.
pub trait Translate: Send + Sync {
    fn text(&self, key: &str, args: &[(&str, Arg)]) -> String;
}

#[derive(Clone)]
pub struct I18n(pub Arc<dyn Translate>);

/// The text of `key` in the page's language.
pub fn t(key: &str) -> String {
    t_with(key, &[])
}

/// The text of `key` with arguments.
pub fn t_with(key: &str, args: &[(&str, Arg)]) -> String {
    match leptos::prelude::use_context::<I18n>() {
        Some(i18n) => i18n.0.text(key, args),
        None => key.to_string(),
    }
}
