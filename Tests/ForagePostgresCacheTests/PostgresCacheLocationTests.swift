import ForageHTTP
import ForagePostgresCache
import Foundation
import Testing

/// Reading `postgres://` URLs: both forms, every hostile password, and what is refused.
@Suite struct PostgresCacheLocationTests {
  /// Passwords that would break a naive reader, percent-encoded as a URL must carry them.
  static let passwords = [
    "plain-password-1", "p@ss:w/rd?#x", "päss wörd 🔑", "%41%42-literal", "a&b=c;d",
    "REDACTED-but-real",
  ]

  static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  @Test(arguments: passwords)
  func everyFormKeepsThePasswordOutOfWhatIsShown(password: String) throws {
    let secret = Self.encoded(password)
    let forms: [(url: String, endpoint: PostgresCacheLocation.Endpoint, shown: String)] = [
      (
        "postgres://forage:\(secret)@db.example.test:6543/cache",
        .tcp(host: "db.example.test", port: 6543), "postgres://forage@db.example.test:6543/cache"
      ),
      (
        "postgresql://forage:\(secret)@127.0.0.1/cache",
        .tcp(host: "127.0.0.1", port: 5432), "postgres://forage@127.0.0.1:5432/cache"
      ),
      (
        "postgres://forage:\(secret)@/cache?host=/run/postgresql",
        .unixSocket(path: "/run/postgresql/.s.PGSQL.5432"),
        "postgres://forage@/cache?host=/run/postgresql"
      ),
      (
        "postgres://forage:\(secret)@:5433/cache?host=/tmp/pg",
        .unixSocket(path: "/tmp/pg/.s.PGSQL.5433"), "postgres://forage@:5433/cache?host=/tmp/pg"
      ),
    ]
    for form in forms {
      let location = try PostgresCacheLocation(url: form.url)
      #expect(location.endpoint == form.endpoint)
      #expect(location.password == password)
      #expect(location.user == "forage")
      #expect(location.database == "cache")
      #expect(location.description == form.shown)
      var dumped = ""
      dump(location, to: &dumped)
      for shown in [location.description, String(reflecting: location), dumped] {
        #expect(!shown.contains(password) && !shown.contains(secret), "\(shown)")
      }
      // Registered: a server that echoes it cannot make it shown.
      #expect(!Redaction.redact("said \(password)").contains(password))
    }
  }

  @Test func anIPv6LiteralIsReadWithoutItsBrackets() throws {
    let location = try PostgresCacheLocation(url: "postgres://me:pw-123456@[::1]:6543/places")
    #expect(location.endpoint == .tcp(host: "::1", port: 6543))
    #expect(location.description == "postgres://me@[::1]:6543/places")
    let scoped = try PostgresCacheLocation(url: "postgres://me@[fe80::1%25eth0]/places")
    #expect(scoped.endpoint == .tcp(host: "fe80::1%eth0", port: 5432))
  }

  @Test func aURLWithoutPasswordIsRead() throws {
    let location = try PostgresCacheLocation(url: "postgres://me@localhost/places")
    #expect(location.password == nil)
    #expect(location.endpoint == .tcp(host: "localhost", port: 5432))
  }

  @Test(arguments: [
    ("http://forage:pw-123456@host/db", "must start with postgres://"),
    ("postgres://host/db", "names no user"),
    ("postgres://forage:pw-123456@host", "names no database"),
    ("postgres://forage:pw-123456@host/a/b", "names no database"),
    ("postgres://forage:pw-123456@/db", "names no host"),
    ("postgres://forage:pw-123456@host/db?host=/tmp", "names both a host"),
    ("postgres://forage:pw-123456@/db?host=relative", "absolute path"),
    ("postgres://forage:pw-123456@host/db?sslmode=require", "unknown parameter 'sslmode'"),
    ("postgres://forage:pw-123456@host:0/db", "port outside"),
    ("not a url at all", "must start with postgres://"),
    ("postgres://forage:pw-123456@[::1/db", "is not a URL"),
    // Control characters percent-encoded in each part (the server got them: exit 69 after
    // every retry, or the user shown with the control character).
    ("postgres://forage:pw-123456@host/fl%00eet", "control character"),
    ("postgres://forage:pw-123456@host/db%0a", "control character"),
    ("postgres://fo%0arage:pw-123456@host/db", "control character"),
    ("postgres://forage:pw-123456%7f@host/db", "control character"),
    ("postgres://forage:pw-123456@ho%1bst/db", "control character"),
    ("postgres://forage@/db?host=/tmp/pg%0a", "control character"),
    ("postgres://forage@/db?host=/tmp%00/pg", "control character"),
  ])
  func aBadURLIsRefusedWithItsReasonAndNoPassword(url: String, reason: String) {
    let error = #expect(throws: PostgresPlacesCacheError.self) {
      try PostgresCacheLocation(url: url)
    }
    #expect(error?.kind == .badURL)
    #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    #expect(error?.description.contains("pw-123456") == false)
  }
}
