/// The valid names closest to one that is not, for "did you mean" in messages.
public enum NameSuggestion {
  /// The `count` names of `names` closest to `given`: first those that contain it or that it
  /// contains, then by edit distance (ignoring case), then alphabetically. Only the first
  /// ``comparedLength`` characters of `given` are compared, so a huge argument costs little.
  ///
  /// - Parameters:
  ///   - given: The name that was not valid, such as `station` or `restuarant`.
  ///   - names: The valid names.
  ///   - count: How many to return at most.
  /// - Returns: The nearest names, nearest first.
  public static func nearest(
    to given: String,
    in names: some Sequence<String>,
    count: Int = 3
  ) -> [String] {
    let word = String(given.prefix(comparedLength)).lowercased()
    let ranked = names.map { name in
      let lowered = name.lowercased()
      let overlaps = !word.isEmpty && (lowered.contains(word) || word.contains(lowered))
      return (name: name, overlaps: overlaps, edits: editDistance(word, lowered))
    }
    return ranked.sorted {
      ($0.overlaps ? 0 : 1, $0.edits, $0.name) < ($1.overlaps ? 0 : 1, $1.edits, $1.name)
    }
    .prefix(count).map(\.name)
  }

  /// How much of a given name is compared: longer than any valid name.
  public static let comparedLength = 64

  /// The Levenshtein distance between two words: the fewest insertions, deletions and
  /// substitutions of characters that turn one into the other.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = Swift.min(
          previous[j + 1] + 1,
          current[j] + 1,
          previous[j] + (left == right ? 0 : 1)
        )
      }
      previous = current
    }
    return previous[b.count]
  }

  /// Names joined for a sentence: `a`, `a or b`, `a, b or c`.
  public static func list(_ names: [String], conjunction: String = "or") -> String {
    guard let last = names.last else { return "" }
    guard names.count > 1 else { return last }
    return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
