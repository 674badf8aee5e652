//! JSON Schemas of game definitions and practice files, derived (schemars)
//! from the serde types in `schema.rs` that parse them, so the schema
//! an editor checks against cannot drift from what printkit reads. Draft 7,
//! the draft TOML editors (Taplo, Even Better TOML) read.
use super::schema::{DefinitionFile, PracticeFile};
use printkit_rules::WithParamsType;
use printkit_rules::{Family, Params};
use schemars::generate::SchemaSettings;
use schemars::SchemaGenerator;
use serde_json::{json, Value};

/// The schema of a game definition: the keys common to every family, and
/// `parameters` checked against the family that `family` names.
pub fn game() -> Value {
    let mut generator = SchemaSettings::draft07().into_generator();
    let references: Vec<(Family, String)> = Family::ALL
        .iter()
        .map(|family| {
            let reference = family.with_params_type(DefinitionOf {
                generator: &mut generator,
            });
            let name = reference.get("$ref").and_then(Value::as_str).unwrap_or("");
            (
                *family,
                name.trim_start_matches("#/definitions/").to_string(),
            )
        })
        .collect();
    let mut definitions = generator.take_definitions(true);
    let mut branches = Vec::new();
    for (family, generated) in references {
        // schemars numbers the generic file's copies (`DefinitionFile2`):
        // each is named, and says, which family it is for.
        let name = format!("{}-definition", family.id());
        let mut schema = definitions.remove(&generated).unwrap_or(Value::Null);
        schema["properties"]["family"] = json!({
            "description": "The rules family (see GAMES.md).",
            "const": family.id(),
        });
        definitions.insert(name.clone(), schema);
        branches.push(json!({
            "if": { "properties": { "family": { "const": family.id() } }, "required": ["family"] },
            "then": { "$ref": format!("#/definitions/{name}") },
        }));
    }
    let ids: Vec<&str> = Family::ALL.iter().map(|f| f.id()).collect();
    let mut schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "printkit game definition",
        "description": "A game printkit builds a kit for: `printkit check FILE` checks it against the rules engine too.",
        "type": "object",
        "required": ["family"],
        "properties": { "family": { "description": "The rules family (see GAMES.md).", "enum": ids } },
        "allOf": branches,
        "definitions": definitions,
    });
    drop_null(&mut schema);
    schema
}

/// Removes `null` from every schema: serde reads a missing key as `None`,
/// and TOML has no null to write.
fn drop_null(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(any)) = map.get_mut("anyOf") {
                any.retain(|s| s.get("type").and_then(Value::as_str) != Some("null"));
                // One schema left: `allOf`, so an editor reports what is
                // wrong inside it rather than "not valid under any".
                if any.len() == 1 {
                    let only = map.remove("anyOf").unwrap_or_default();
                    map.insert("allOf".into(), only);
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(list) => list.iter_mut().for_each(drop_null),
        _ => {}
    }
}

/// The schema of a practice file (`game = "..."` and `[[practice]]`).
pub fn practice() -> Value {
    let generator = SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<PracticeFile>().to_value();
    schema["title"] = json!("printkit practice file");
    schema["description"] =
        json!("Practice positions for a game's kit: `printkit build GAME --practice FILE`.");
    drop_null(&mut schema);
    schema
}

/// A reference to the definition file's schema with a family's parameters.
struct DefinitionOf<'a> {
    generator: &'a mut SchemaGenerator,
}

impl WithParamsType for DefinitionOf<'_> {
    type Output = schemars::Schema;
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        _: fn(P) -> Params,
    ) -> schemars::Schema {
        self.generator.subschema_for::<DefinitionFile<P>>()
    }
}
