import Foundation

/// Validates forage's JSON output against its JSON Schemas with Python's `jsonschema` (a
/// validator nobody here wrote), for tests of the output contract.
///
/// Every `*.schema.json` beside the schema given is loaded into one registry, so that schemas
/// refer to each other by their `$id` (forage-output.schema.json uses forage-event's places).
public enum JSONSchemaCheck {
  /// Whether `python3` with the `jsonschema` package is available (`make test` installs it).
  public static let isAvailable: Bool = {
    (try? runPython(["-c", "import jsonschema, referencing"], input: Data()).status) == 0
  }()

  /// Validates each line of NDJSON and returns one message per problem (empty when valid).
  ///
  /// - Parameters:
  ///   - ndjson: The lines to check.
  ///   - schema: The schema file.
  ///   - definition: A name in the schema's `$defs` to check against instead of its root.
  public static func errors(
    in ndjson: String,
    schema: URL,
    definition: String? = nil
  ) throws -> [String] {
    try check(ndjson, schema: schema, definition: definition, isDocument: false)
  }

  /// Validates one JSON document (the whole text) and returns one message per problem.
  ///
  /// - Parameters:
  ///   - document: The JSON text.
  ///   - schema: The schema file.
  ///   - definition: A name in the schema's `$defs` to check against instead of its root.
  public static func errors(
    inDocument document: String,
    schema: URL,
    definition: String? = nil
  ) throws -> [String] {
    try check(document, schema: schema, definition: definition, isDocument: true)
  }

  private static func check(
    _ text: String,
    schema: URL,
    definition: String?,
    isDocument: Bool
  ) throws -> [String] {
    let script = """
      import glob, json, os, sys, jsonschema, referencing
      path, definition, document = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
      resources = []
      for other in glob.glob(os.path.join(os.path.dirname(path), "*.schema.json")):
          contents = json.load(open(other))
          resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
      registry = referencing.Registry().with_resources(resources)
      schema = json.load(open(path))
      if definition:
          schema = {"$ref": schema["$id"] + "#/$defs/" + definition}
      validator = jsonschema.Draft202012Validator(schema, registry=registry)
      text = sys.stdin.read()
      items = [(1, text)] if document else enumerate(text.split("\\n"), 1)
      for number, line in items:
          if not line.strip():
              continue
          for error in validator.iter_errors(json.loads(line)):
              where = "/".join(str(part) for part in error.absolute_path)
              print(f"line {number}: {error.message} (at /{where})")
      """
    let result = try runPython(
      ["-c", script, schema.path, definition ?? "", isDocument ? "1" : "0"],
      input: Data(text.utf8)
    )
    guard result.status == 0 else { return ["validator failed: \(result.stderr)"] }
    return result.stdout.split(separator: "\n").map(String.init)
  }

  private static func runPython(_ arguments: [String], input: Data) throws -> BinaryResult {
    try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      ["python3"] + arguments,
      stdin: input
    )
  }
}
