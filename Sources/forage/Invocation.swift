/// How the user started forage, for the commands it suggests: so that a suggestion runs as
/// printed, from the folder it was printed in.
enum Invocation {
  /// The command that starts this forage: the path it was started by, shell-quoted, when it
  /// was started by a path (`.build/debug/forage` after `make demo`), else `forage`, which the
  /// shell found on `PATH`.
  static var command: String { command(argumentZero: CommandLine.arguments.first) }

  /// The command for a process started with `argumentZero` as its `argv[0]`.
  static func command(argumentZero: String?) -> String {
    guard let path = argumentZero, path.contains("/") else { return "forage" }
    return shellQuoted(path)
  }

  /// A word as a POSIX shell reads it back: as it is when every character is one the shell
  /// takes literally, else in single quotes (a `'` in it written `'\''`).
  static func shellQuoted(_ word: String) -> String {
    let literal = word.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "@%+=:,./_-".unicodeScalars.contains($0))
    }
    if literal && !word.isEmpty { return word }
    return "'" + word.replacing("'", with: #"'\''"#) + "'"
  }
}
