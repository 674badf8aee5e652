//! Rules engine.
