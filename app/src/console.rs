//! The consoles' components (server-rendered, no JavaScript needed): the frame, and blocks a
//! page is made of. Every text arrives translated in the model; values are inserted as text,
//! which Leptos escapes.

use leptos::prelude::*;

use crate::model::*;

fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::Neutral => "status",
        Tone::Good => "status good",
        Tone::Bad => "status bad",
        Tone::Waiting => "status waiting",
    }
}

#[component]
pub fn ConsoleHeader(frame: ConsoleFrame) -> impl IntoView {
    view! {
        <a class="skip" href="#main">{frame.skip_label.clone()}</a>
        <header class="console-top">
            <a class="brand" href=frame.home.clone()>{frame.console_name.clone()}</a>
            <nav aria-label=frame.console_name.clone()>
                <ul>
                    {frame
                        .nav
                        .into_iter()
                        .map(|l| {
                            let current = l.current.then_some("page");
                            let count = l.count.map(|(n, words)| {
                                let class = if n > 0 { "count" } else { "count none" };
                                view! {
                                    " "
                                    <span class=class>
                                        <span aria-hidden="true">{n}</span>
                                        <span class="visually-hidden">{words}</span>
                                    </span>
                                }
                            });
                            view! { <li><a href=l.href aria-current=current>{l.label}{count}</a></li> }
                        })
                        .collect_view()}
                </ul>
            </nav>
            <div class="who">
                <crate::pages::LanguageMenu
                    languages=frame.languages.clone()
                    lang=frame.lang.clone()
                    label=frame.language_label.clone()
                />
                {frame.user.map(|u| {
                    view! {
                        <span class="login">{u.signed_in_as}" "<strong>{u.login}</strong></span>
                        <Form form=u.logout/>
                    }
                })}
            </div>
        </header>
    }
}

#[component]
pub fn Form(form: ActionForm) -> impl IntoView {
    let method = if form.post { "post" } else { "get" };
    let multipart = form.fields.iter().any(|f| matches!(f.kind, FieldKind::File { .. }));
    let enctype = multipart.then_some("multipart/form-data");
    let class = if form.inline { "console-form inline" } else { "console-form" };
    let button = if form.danger { "button danger" } else { "button primary" };
    // Ids unique per form (a page may carry the same form for several projects or rows).
    let prefix: String = form.action.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    view! {
        <form class=class method=method action=form.action enctype=enctype aria-label=form.label>
            {form
                .fields
                .into_iter()
                .map(|f| {
                    let prefix = prefix.clone();
                    view! { <Field field=f prefix=prefix/> }
                })
                .collect_view()}
            <button class=button type="submit">{form.submit}</button>
        </form>
    }
}

#[component]
fn Field(field: FormField, prefix: String) -> impl IntoView {
    let id = format!("f{prefix}-{}", field.name);
    let hint_id = field.hint.as_ref().map(|_| format!("{id}-hint"));
    let error_id = field.error.as_ref().map(|_| format!("{id}-error"));
    // The field's description: what is wrong with it first, then its hint.
    let described = [error_id.clone(), hint_id.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let described = (!described.is_empty()).then_some(described);
    let invalid = field.error.is_some().then_some("true");
    let error = field.error.clone().map(|e| view! { <span class="field-error" id=error_id.clone()>{e}</span> });
    let hint = field.hint.clone().map(|h| view! { <span class="hint" id=hint_id.clone()>{h}</span> });
    let hint = view! { {error} {hint} };
    let FormField { name, label, kind, value, required, autocomplete, .. } = field;
    let for_id = id.clone();
    match kind {
        FieldKind::Hidden => view! { <input type="hidden" name=name value=value/> }.into_any(),
        FieldKind::Select(options) => view! {
            <div class="field">
                <label for=for_id>{label}</label>
                <select id=id name=name required=required aria-describedby=described aria-invalid=invalid>
                    {options
                        .into_iter()
                        .map(|(v, text)| {
                            let selected = v == value;
                            view! { <option value=v selected=selected>{text}</option> }
                        })
                        .collect_view()}
                </select>
                {hint}
            </div>
        }
        .into_any(),
        FieldKind::TextArea => view! {
            <div class="field">
                <label for=for_id>{label}</label>
                <textarea id=id name=name required=required rows="6" spellcheck="false" aria-describedby=described aria-invalid=invalid>
                    {value}
                </textarea>
                {hint}
            </div>
        }
        .into_any(),
        FieldKind::Checkboxes(boxes) => view! {
            <fieldset class="field checks">
                <legend>{label}</legend>
                {boxes
                    .into_iter()
                    .map(|(v, text, checked)| {
                        let name = name.clone();
                        view! {
                            <label class="check">
                                <input type="checkbox" name=name value=v checked=checked/>
                                " "
                                {text}
                            </label>
                        }
                    })
                    .collect_view()}
                {hint}
            </fieldset>
        }
        .into_any(),
        other => {
            let (kind, inputmode) = match other {
                FieldKind::Password => ("password", None),
                FieldKind::Amount => ("text", Some("decimal")),
                FieldKind::Date => ("date", None),
                FieldKind::File { .. } => ("file", None),
                _ => ("text", None),
            };
            let accept = match &other {
                FieldKind::File { accept } => Some(accept.clone()),
                _ => None,
            };
            view! {
                <div class="field">
                    <label for=for_id>{label}</label>
                    <input
                        id=id
                        type=kind
                        name=name
                        value=value
                        required=required
                        inputmode=inputmode
                        autocomplete=autocomplete
                        accept=accept
                        aria-describedby=described
                        aria-invalid=invalid
                    />
                    {hint}
                </div>
            }
            .into_any()
        }
    }
}

#[component]
fn CellView(cell: Cell) -> impl IntoView {
    match cell {
        Cell::Text(t) => view! { <span>{t}</span> }.into_any(),
        Cell::Wrap(t) => view! { <span class="wrap">{t}</span> }.into_any(),
        Cell::Mono(t) => view! { <span class="mono">{t}</span> }.into_any(),
        Cell::Masked(t) => view! { <span class="mono masked">{t}</span> }.into_any(),
        Cell::Number(t) => view! { <span class="num">{t}</span> }.into_any(),
        Cell::Link { href, text } => view! { <a href=href>{text}</a> }.into_any(),
        Cell::Status { text, tone } => view! { <span class=tone_class(tone)>{text}</span> }.into_any(),
        Cell::Forms(forms) => {
            view! { <div class="cell-actions">{forms.into_iter().map(|f| view! { <Form form=f/> }).collect_view()}</div> }
                .into_any()
        }
    }
}

#[component]
fn TableView(table: Table) -> impl IntoView {
    if table.rows.is_empty() {
        return view! { <p class="empty">{table.caption} ": " {table.empty}</p> }.into_any();
    }
    let region = table.caption.clone();
    let labels = table.headers.clone();
    // Roles spelled out: on a phone the rows are laid out as cards (CSS), which takes a
    // table's own semantics away in some browsers; each cell carries its column's name.
    view! {
        <div class="table-wrap" role="region" aria-label=region tabindex="0">
            <table role="table">
                <caption>{table.caption}</caption>
                <thead role="rowgroup">
                    <tr role="row">
                        {table.headers.into_iter().map(|h| view! { <th scope="col" role="columnheader">{h}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody role="rowgroup">
                    {table
                        .rows
                        .into_iter()
                        .map(|row| {
                            let labels = labels.clone();
                            view! {
                                <tr role="row">
                                    {row
                                        .into_iter()
                                        .enumerate()
                                        .map(|(i, c)| {
                                            let label = labels.get(i).cloned().unwrap_or_default();
                                            view! { <td role="cell" data-label=label><CellView cell=c/></td> }
                                        })
                                        .collect_view()}
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

#[component]
fn ChartView(chart: Chart) -> impl IntoView {
    // Horizontal bars as rows of text and a bar: the labels and values are the page's own text
    // (readable at any width, not scaled down with a drawing); each bar is a small drawing
    // whose width is its share of the largest (an attribute, which the CSP allows; a style
    // attribute it would not).
    let max = chart.bars.iter().map(|(_, v, _)| *v).max().unwrap_or(0).max(1);
    let bars = chart
        .bars
        .into_iter()
        .map(|(label, value, shown)| {
            let w = ((value as f64 / max as f64) * 100.0).round().max(1.0);
            view! {
                <li>
                    <span class="chart-label">{label}</span>
                    <svg class="chart-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                        <rect x="0" y="0" width=format!("{w}") height="10" rx="1"/>
                    </svg>
                    <span class="chart-value">{shown}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="chart">
            <figcaption>{chart.title}</figcaption>
            <ul class="chart-rows">{bars}</ul>
        </figure>
    }
}

#[component]
pub fn BlockView(block: Block) -> impl IntoView {
    match block {
        Block::Heading(h) => view! { <h2>{h}</h2> }.into_any(),
        Block::Paragraph(p) => view! { <p>{p}</p> }.into_any(),
        Block::Link { href, text } => view! {
            <p class="way-out">
                <a class="button" href=href>{text}</a>
            </p>
        }
        .into_any(),
        Block::Facts(facts) => view! {
            <dl class="facts">
                {facts
                    .into_iter()
                    .map(|(label, value)| view! { <div><dt>{label}</dt><dd><CellView cell=value/></dd></div> })
                    .collect_view()}
            </dl>
        }
        .into_any(),
        Block::Table(t) => view! { <TableView table=t/> }.into_any(),
        Block::Choices { label, links } => view! {
            <nav class="choices" aria-label=label>
                <ul>
                    {links
                        .into_iter()
                        .map(|(href, text, current)| {
                            let current = current.then_some("page");
                            view! { <li><a href=href aria-current=current>{text}</a></li> }
                        })
                        .collect_view()}
                </ul>
            </nav>
        }
        .into_any(),
        Block::Form(f) => view! { <Form form=f/> }.into_any(),
        Block::Actions(forms) => {
            view! { <div class="actions">{forms.into_iter().map(|f| view! { <Form form=f/> }).collect_view()}</div> }
                .into_any()
        }
        Block::Timeline(items) => view! {
            <ol class="timeline">
                {items
                    .into_iter()
                    .map(|i| {
                        view! {
                            <li class=tone_class(i.tone)>
                                <time>{i.at}</time>
                                " "
                                <strong>{i.title}</strong>
                                {i.detail.map(|d| view! { <span class="hint">" — " {d}</span> })}
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        }
        .into_any(),
        Block::Image { src, alt } => {
            let href = src.clone();
            view! {
                <a href=href>
                    <img class="receipt" src=src alt=alt loading="lazy"/>
                </a>
            }
            .into_any()
        }
        Block::Chart(c) => view! { <ChartView chart=c/> }.into_any(),
        Block::Section { heading, id, blocks } => view! {
            <section class="panel" id=id.clone() aria-labelledby=format!("{id}-h")>
                <h2 id=format!("{id}-h")>{heading}</h2>
                {blocks.into_iter().map(|b| view! { <BlockView block=b/> }).collect_view()}
            </section>
        }
        .into_any(),
        Block::Folded { heading, id, open, blocks } => view! {
            <details class="panel folded" id=id open=open>
                <summary><h2>{heading}</h2></summary>
                {blocks.into_iter().map(|b| view! { <BlockView block=b/> }).collect_view()}
            </details>
        }
        .into_any(),
    }
}
