import Foundation

/// Validates NDJSON lines against a JSON Schema with Python's `jsonschema` (a validator nobody
/// here wrote), for tests of `forage`'s output contract.
public enum JSONSchemaCheck {
  /// Whether `python3` with the `jsonschema` package is available (`make test` installs it).
  public static let isAvailable: Bool = {
    (try? runPython(["-c", "import jsonschema"], input: Data()).status) == 0
  }()

  /// Validates each line of NDJSON and returns one message per invalid line (empty when valid).
  ///
  /// - Parameters:
  ///   - ndjson: The lines to check.
  ///   - schema: The schema file.
  public static func errors(in ndjson: String, schema: URL) throws -> [String] {
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      validator = jsonschema.Draft202012Validator(schema)
      for number, line in enumerate(sys.stdin, 1):
          if not line.strip():
              continue
          for error in validator.iter_errors(json.loads(line)):
              print(f"line {number}: {error.message}")
      """
    let result = try runPython(["-c", script, schema.path], input: Data(ndjson.utf8))
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
