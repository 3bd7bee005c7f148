/// Why a QL text was not understood: the message Overpass's parser would print, with its line.
struct OverpassSyntaxError: Error, Equatable {
  /// The line, from 1.
  var line: Int
  /// What was wrong, such as `';' expected - ')' found.`.
  var message: String
}

extension OverpassQuery {
  /// Parses the subset described at ``OverpassQuery``.
  ///
  /// Hand-rolled because no Swift library reads Overpass QL; it is a small recursive-descent
  /// reader over Unicode scalars, kept in the mock (forage only writes QL).
  ///
  /// - Parameter text: The QL.
  /// - Returns: The query, or the syntax error to answer with (HTTP 400).
  static func parse(_ text: String) -> Result<OverpassQuery, OverpassSyntaxError> {
    var reader = Reader(Array(text.unicodeScalars))
    do {
      return .success(try reader.query())
    } catch {
      return .failure(error)
    }
  }

  /// The reading position and the grammar.
  private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var line: Int { scalars[..<index].filter { $0 == "\n" }.count + 1 }

    func fail(_ message: String) -> OverpassSyntaxError {
      OverpassSyntaxError(line: line, message: "parse error: \(message)")
    }

    var current: String { index < scalars.count ? "'\(scalars[index])'" : "end of input" }

    mutating func skipSpace() {
      while index < scalars.count {
        if scalars[index].properties.isWhitespace {
          index += 1
        } else if peek("//") {
          while index < scalars.count, scalars[index] != "\n" { index += 1 }
        } else if peek("/*") {
          index += 2
          while index < scalars.count, !peek("*/") { index += 1 }
          index = min(scalars.count, index + 2)
        } else {
          return
        }
      }
    }

    func peek(_ text: String) -> Bool {
      let wanted = Array(text.unicodeScalars)
      return index + wanted.count <= scalars.count
        && Array(scalars[index..<index + wanted.count]) == wanted
    }

    mutating func accept(_ text: String) -> Bool {
      skipSpace()
      guard peek(text) else { return false }
      index += text.unicodeScalars.count
      return true
    }

    mutating func expect(_ text: String) throws(OverpassSyntaxError) {
      guard accept(text) else { throw fail("'\(text)' expected - \(current) found.") }
    }

    /// A bare word: letters, digits, `_`, `:` and `-`.
    mutating func word() -> String? {
      skipSpace()
      var word = ""
      while index < scalars.count,
        scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
          || "_:-.".unicodeScalars.contains(scalars[index])
      {
        word.unicodeScalars.append(scalars[index])
        index += 1
      }
      return word.isEmpty ? nil : word
    }

    /// A quoted string with `\"`, `\'`, `\\`, `\n` and `\t` escapes, or a bare word.
    mutating func string() throws(OverpassSyntaxError) -> String {
      skipSpace()
      guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
        guard let word = word() else { throw fail("string expected - \(current) found.") }
        return word
      }
      let quote = scalars[index]
      index += 1
      var text = ""
      while index < scalars.count, scalars[index] != quote {
        if scalars[index] == "\\", index + 1 < scalars.count {
          index += 1
          switch scalars[index] {
          case "n": text.unicodeScalars.append("\n")
          case "t": text.unicodeScalars.append("\t")
          default: text.unicodeScalars.append(scalars[index])
          }
        } else {
          text.unicodeScalars.append(scalars[index])
        }
        index += 1
      }
      guard index < scalars.count else { throw fail("unterminated string.") }
      index += 1
      return text
    }

    mutating func number() throws(OverpassSyntaxError) -> Double {
      skipSpace()
      var text = ""
      while index < scalars.count,
        ("0"..."9").contains(scalars[index]) || "+-.eE".unicodeScalars.contains(scalars[index])
      {
        text.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard let value = Double(text), value.isFinite else {
        throw fail("number expected - \(current) found.")
      }
      return value
    }

    mutating func query() throws(OverpassSyntaxError) -> OverpassQuery {
      var timeout = 180
      var sawSettings = false
      while accept("[") {
        sawSettings = true
        guard let name = word()?.lowercased() else { throw fail("setting expected.") }
        if name.hasPrefix("out:") {
          let format = name.dropFirst(4)
          guard format == "json" else {
            throw fail("this mock answers only [out:json], not '\(format)'.")
          }
        } else if name.hasPrefix("timeout:") {
          guard let seconds = Int(name.dropFirst(8)), seconds > 0 else {
            throw fail("timeout must be a positive integer.")
          }
          timeout = seconds
        } else if name == "timeout" {
          try expect(":")
          // A whole positive number of seconds that an Int holds (2.7e49 does not).
          guard let seconds = Int(exactly: try number()), seconds > 0 else {
            throw fail("timeout must be a positive integer.")
          }
          timeout = seconds
        } else {
          throw fail("unknown setting '\(name)'.")
        }
        try expect("]")
      }
      if sawSettings { try expect(";") }
      guard let typeWord = word(), let type = ElementType(rawValue: typeWord) else {
        throw fail("Unknown type \"\(current)\"; expected node, way, relation or nwr.")
      }
      var query = OverpassQuery(
        type: type,
        filters: [],
        around: nil,
        verbosity: .body,
        printsCenter: false,
        timeout: timeout
      )
      while true {
        if accept("[") {
          query.filters.append(try tagFilter())
        } else if accept("(") {
          guard accept("around") else { throw fail("this mock knows only (around:…).") }
          try expect(":")
          let radius = try number()
          try expect(",")
          let latitude = try number()
          try expect(",")
          let longitude = try number()
          try expect(")")
          guard radius >= 0, (-90...90).contains(latitude), (-180...180).contains(longitude)
          else { throw fail("around needs a radius ≥ 0 and a valid latitude,longitude.") }
          query.around = (radius, latitude, longitude)
        } else {
          break
        }
      }
      try expect(";")
      guard accept("out") else { throw fail("'out' expected - \(current) found.") }
      while let modifier = word()?.lowercased() {
        if let verbosity = Verbosity(rawValue: modifier) {
          query.verbosity = verbosity
        } else if modifier == "center" {
          query.printsCenter = true
        } else if modifier != "qt" && modifier != "asc" {
          throw fail("unknown out modifier '\(modifier)'.")
        }
      }
      try expect(";")
      skipSpace()
      guard index == scalars.count else { throw fail("end of input expected - \(current) found.") }
      return query
    }

    mutating func tagFilter() throws(OverpassSyntaxError) -> TagFilter {
      let key = try string()
      if accept("]") { return .exists(key) }
      let negated = accept("!")
      if accept("=") {
        let value = try string()
        try expect("]")
        return .equals(key, value, negated: negated)
      }
      try expect("~")
      let regex = try string()
      var caseInsensitive = false
      if accept(",") {
        guard word() == "i" else { throw fail("',i' expected after a regular expression.") }
        caseInsensitive = true
      }
      try expect("]")
      return .matches(key, regex: regex, caseInsensitive: caseInsensitive, negated: negated)
    }
  }
}
