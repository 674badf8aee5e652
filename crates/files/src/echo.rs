//! A user's text echoed in a message: cut short, and with every control
//! character and direction override written out, so a file name or value
//! cannot move the cursor, retitle the terminal or reorder a line.

/// `text` cut to at most `max` characters with an ellipsis, for echoing a
/// user's value in a message without repeating megabytes of it.
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{head}… ({} characters)", text.chars().count())
}

/// `text` with every control character (and every bidirectional override,
/// which can make a line read in another order) written as `\u{1b}`, so a
/// value echoed in a message cannot move the cursor, retitle the terminal
/// or hide what follows it.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// As [`escaped`], but keeping line breaks: for whole messages, whose lines
/// printkit made.
pub fn for_terminal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\n' {
            out.push(c);
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

/// One character, escaped when it is a control or a direction override.
pub fn push_escaped(out: &mut String, c: char) {
    let overrides = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if c.is_control() || overrides {
        out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}
