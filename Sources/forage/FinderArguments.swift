import ArgumentParser
import ForageCommandLine
import ForageFinder
import ForageHTTP
import ForageHours
import ForageLocation
import ForageNotifications
import ForagePlaceDataset
import ForageProviders
import ForageSupport
import ForageWriters
import Foundation
import Logging

/// The options `forage run` and `forage demo` share: what to search, where, and how to print.
struct FinderArguments: ParsableArguments {
  // Numbers are parsed `.unconditional`ly, so that `--radius -5` is read as -5 and refused for
  // what it is, not taken for an unknown option.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Search radius in metres, above 0 and at most \(Int(NearbySearch.maximumRadius)).",
      valueName: "m"
    )
  )
  var radius: Double = 500

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "At most this many places an answer, nearest first: 1 to "
        + "\(PlacesProviderCapabilities.largestLimit). (default: \(Self.defaultLimit))",
      valueName: "k"
    ),
    transform: {
      try NumericOption.wholeNumber($0, from: 1, to: PlacesProviderCapabilities.largestLimit)
    }
  )
  var limit: Int = Self.defaultLimit

  /// How many places an answer holds unless `--limit` says (the most one request returns).
  static let defaultLimit = 20

  @Option(help: ArgumentHelp("Place type to find, such as restaurant or cafe.", valueName: "type"))
  var type: String = "restaurant"

  @Option(help: ArgumentHelp("Keyword to match, such as vegan.", valueName: "text"))
  var keyword: String?

  @Flag(
    help: ArgumentHelp(
      "Keep only places open at each fix's time: the K nearest open places within the radius.",
      discussion: "Open is read from the hours the provider gives (OpenStreetMap opening_hours, "
        + "Places API (New) regularOpeningHours) in the place's local time; places whose hours "
        + "cannot tell are left out. Google's Nearby Search (legacy) gives no hours."
    )
  )
  var open = false

  @Option(
    name: .customLong("timezone"),
    help: ArgumentHelp(
      "The IANA time zone the places' hours are in, such as Europe/Helsinki.",
      discussion: "Used when the provider gives no UTC offset (OpenStreetMap hours never do); "
        + "without it such hours make open_at_fix null.",
      valueName: "zone"
    )
  )
  var timeZoneName: String?

  @Option(
    help: ArgumentHelp(
      "A file of public holidays, one YYYY-MM-DD a line, for hours with PH rules.",
      discussion: "Without it a PH rule decides only where holiday or not gives the same answer.",
      valueName: "file"
    )
  )
  var publicHolidays: String?

  @Option(
    name: .customLong("query-policy"),
    help: ArgumentHelp(
      "coverage (ask the coverage cache first) or every-fix (one query per fix, the baseline).",
      valueName: "policy"
    )
  )
  var policy: QueryPolicy = .coverage

  @Option(
    help: ArgumentHelp(
      "Permission scenario: granted, always, denied, restricted, prompt-grant, prompt-deny, "
        + "prompt-reduced or reduced, then optional changes such as revoke@fix:100,grant@20min "
        + "(times in s, min or h); "
        + "or a scenario .json file.",
      valueName: "scenario"
    )
  )
  var permission: String = "granted"

  @Option(
    name: .customLong("distance-filter"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "Deliver no fix closer than this to the last one, in metres.",
      valueName: "m"
    )
  )
  var distanceFilter: Double = 0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Replay this many times faster than real time.", valueName: "n")
  )
  var speed: Double?

  @Flag(help: "Replay in real time (the same as --speed 1).")
  var realtime = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Position noise to add, standard deviation in metres.", valueName: "m")
  )
  var noise: Double = 0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Probability that a fix is lost (a dropout), 0 to 1.", valueName: "p")
  )
  var dropout: Double = 0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seed for noise and dropouts. (default: \(Self.defaultSeed))",
      valueName: "n"
    ),
    transform: { try NumericOption.wholeNumber($0, from: 0, to: UInt64.max) }
  )
  var seed: UInt64 = Self.defaultSeed

  /// The seed of `--noise` and `--dropout` unless `--seed` says.
  static let defaultSeed: UInt64 = 1

  @Flag(
    name: .customLong("changes-only"),
    help: "Write a places event only when the answer changes."
  )
  var changesOnly = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Record every action as NDJSON, for forage replay.", valueName: "file")
  )
  var record: String?

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp(
      "Log to standard error at this level: trace (every action), debug (answers and effects), "
        + "info, notice, warning or error.",
      valueName: "level"
    )
  )
  var logLevel: Logger.Level = .warning

  @Option(
    name: .customLong("notify-url"),
    help: ArgumentHelp(
      "POST a JSON notification here each time a place enters the answer for the first time.",
      valueName: "url"
    )
  )
  var notifyURL: String?

  @Flag(
    name: .customLong("allow-insecure-http"),
    help: ArgumentHelp(
      "Allow http:// to a host other than this machine with a key or credentials (they "
        + "would travel in clear)."
    )
  )
  var allowsInsecureHTTP = false

  @OptionGroup var placesCache: PlacesCacheArguments

  func validate() throws {
    guard radius.isFinite, radius > 0, radius <= NearbySearch.maximumRadius else {
      throw ValidationError(
        "--radius must be above 0 and at most \(Int(NearbySearch.maximumRadius)) metres, "
          + "not \(radius)"
      )
    }
    guard limit >= 1 else { throw ValidationError("--limit must be at least 1, not \(limit)") }
    _ = try timeZone()
    let most = PlacesProviderCapabilities.largestLimit
    guard limit <= most else {
      throw ValidationError(
        "--limit must be at most \(most), the most places forage answers a fix with, "
          + "not \(limit)"
      )
    }
    guard distanceFilter >= 0, distanceFilter.isFinite else {
      throw ValidationError("--distance-filter must be 0 or more metres, not \(distanceFilter)")
    }
    if let speed, !ScaledClock.speeds.contains(speed) {
      throw ValidationError(
        "--speed must be from \(ScaledClock.speeds.lowerBound) to "
          + "\(Int(ScaledClock.speeds.upperBound)), not \(speed)"
      )
    }
    if speed != nil && realtime { throw ValidationError("give --speed or --realtime, not both") }
    guard (0...Self.largestNoise).contains(noise) else {
      throw ValidationError(
        "--noise must be from 0 to \(Int(Self.largestNoise)) metres, not \(noise)"
      )
    }
    guard (0...1).contains(dropout) else {
      throw ValidationError("--dropout must be from 0 to 1, not \(dropout)")
    }
    // A scenario file is read once, when the run starts (it may be standard input or a FIFO).
    if scenarioFile == nil { _ = try scenario() }
    _ = try notifications()
  }

  /// Refuses the every-fix baseline where one search a fix cannot give the answer: K beyond
  /// what one search returns, or `--open` with a provider that caps its answers (the K nearest
  /// open places may lie beyond them). It answered with fewer places, exit 0.
  func validateEveryFix(for provider: PlacesProviderName) throws {
    guard policy == .everyFix else { return }
    let capabilities = provider.capabilities
    guard !capabilities.isCompleteWithinRadius else { return }
    if limit > capabilities.resultLimit {
      throw ValidationError(
        "--query-policy every-fix makes one search a fix, and \(capabilities.displayName) "
          + "returns at most \(capabilities.resultLimit) places a search: use --limit "
          + "\(capabilities.resultLimit) or less, or the default --query-policy coverage"
      )
    }
    if open {
      throw ValidationError(
        "--query-policy every-fix cannot answer --open exactly: one search returns at most "
          + "\(capabilities.resultLimit) places, and the nearest open ones may lie beyond them; "
          + "use the default --query-policy coverage"
      )
    }
  }

  /// Refuses a `--type` the provider cannot search for, before any request is spent on it: a
  /// usage error (exit 64) naming the provider's rule and the nearest valid names.
  ///
  /// Overpass takes the OSM amenities it maps; Google's Nearby Search (legacy) takes the types
  /// of its Table 1 (``ForageProviders/GoogleNearbySearchProvider/supportedTypes``) and answers
  /// any other with no places at all (an empty type, a keyword search, is taken there).
  func validateType(for provider: PlacesProviderName) throws {
    // No place type holds one, and advice quoting it could not be typed back.
    if let control = type.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control
    }) {
      throw ValidationError(
        "--type holds the control character U+\(String(format: "%04X", control.value)): a "
          + "place type is a word such as restaurant"
      )
    }
    // Places APIs rank by distance only for a type or a keyword; ranked by prominence, a capped
    // answer can leave out nearer places, so "the K nearest" could not be promised.
    // Only Google's legacy API searches by a keyword alone.
    if type.isEmpty, provider.capabilities.placeTypes != .googleTable1 {
      throw ValidationError(
        "--type '' is not a place type, and \(provider.capabilities.displayName) searches by "
          + "type: name one, such as --type restaurant"
      )
    }
    if type.isEmpty, (keyword ?? "").isEmpty {
      throw ValidationError(
        "--type '' needs a --keyword: the places API ranks by distance only for a type or a keyword"
      )
    }
    switch provider.capabilities.placeTypes {
    case .openStreetMapTags:
      guard OverpassProvider.supportedTypes[type] == nil else { return }
      throw ValidationError(
        "--type '\(type)' has no OpenStreetMap tag with --provider \(provider.rawValue); "
          + "use \(OverpassProvider.supportedTypeList)"
      )
    case .googleTable1:
      let types = GoogleNearbySearchProvider.supportedTypes
      guard !type.isEmpty, !types.contains(type) else { return }
      let nearest = NameSuggestion.nearest(to: type, in: types)
      throw ValidationError(
        "--type '\(type)' is not a place type Google's Nearby Search (legacy) can search for "
          + "(its Table 1 of supported types), so every answer would be empty; nearest: "
          + NameSuggestion.list(nearest) + "; to find it in names or cuisines, use "
          + "--type restaurant --keyword \(Invocation.shellQuoted(type))"
      )
    case .any:
      return
    }
  }

  /// Why `--type` finds nothing in the in-process mock's `dataset` with a provider that takes
  /// any type name (Places API (New)), or `nil`: a type no place of the dataset has and that is
  /// not one of Google's Table 1 types (a typo, or capitals), or one that only comes back in
  /// answers (`food`), which the real API would refuse as an unsupported type and the mock
  /// would answer.
  func unknownTypeMessage(for provider: PlacesProviderName, in dataset: PlaceDataset) -> String? {
    guard provider.capabilities.placeTypes == .any, !type.isEmpty else { return nil }
    let known = GoogleNearbySearchProvider.supportedTypes.union(
      dataset.places.flatMap(\.types)
    ).subtracting(PlacesNewProvider.answerOnlyTypes)
    if PlacesNewProvider.answerOnlyTypes.contains(type) {
      return "--type '\(type)' comes back in answers, but \(provider.capabilities.displayName) "
        + "does not search for it (Google's Table B), so the API refuses it; name a type it "
        + "searches for, such as restaurant"
    }
    // Google's types are lowercase, and the API refuses `Restaurant` as it refuses a typo.
    guard !known.contains(type) else { return nil }
    return "--type '\(type)' is not a place type Google lists, nor one the dataset's places "
      + "have, so every answer would be empty; nearest: "
      + NameSuggestion.list(NameSuggestion.nearest(to: type, in: known))
  }

  /// The zone `--timezone` names, or `nil` without it.
  ///
  /// - Throws: A `ValidationError` (exit 64) for a name that is not in the zone database,
  ///   naming the nearest names; only names the database lists are taken (never a path).
  func timeZone() throws -> TimeZone? {
    guard let name = timeZoneName else { return nil }
    do {
      return try TimeZoneName.zone(named: name)
    } catch {
      throw ValidationError("--timezone \(error.description)")
    }
  }

  /// Refuses `--open` where every answer would be empty: with a provider that gives no opening
  /// hours, or with hours in local time (OpenStreetMap's) and no zone.
  func validateOpen(for provider: PlacesProviderName) throws {
    guard open else { return }
    let capabilities = provider.capabilities
    if !capabilities.givesOpeningHours {
      let others = PlacesProviderName.allCases.filter { $0.capabilities.givesOpeningHours }
      throw ValidationError(
        "--open needs opening hours, which \(capabilities.displayName) does not give; use "
          + "--provider \(NameSuggestion.list(others.map(\.rawValue)))"
      )
    }
    if capabilities.hoursNeedTimeZone, timeZoneName == nil {
      throw ValidationError(
        "--open with --provider \(provider.rawValue) needs --timezone (such as "
          + "Europe/Helsinki): \(capabilities.displayName)'s hours are in local time"
      )
    }
  }

  /// The judge of every answered place's `open_at_fix`, in `--timezone`, with the holidays of
  /// `--public-holidays`.
  ///
  /// - Throws: An exit code after a one-line message: 74 when the holiday file cannot be read,
  ///   65 when a line is not a date.
  func hoursJudge() throws -> HoursJudge {
    HoursJudge(timeZone: try timeZone(), publicHolidays: try holidays())
  }

  /// The holidays `--public-holidays` lists, or unknown without it.
  func holidays() throws -> PublicHolidays {
    guard let publicHolidays else { return .unknown }
    do {
      return try PublicHolidays.read(publicHolidays)
    } catch {
      printError("--public-holidays: \(error.description)")
      if case .unreadable = error { throw Sysexits.ioError }
      throw Sysexits.dataError
    }
  }

  /// The notification middleware's configuration, or `nil` without `--notify-url`.
  func notifications() throws -> NotificationConfiguration? {
    guard let notifyURL else { return nil }
    let url = try ServiceURL.parse(
      notifyURL,
      option: "--notify-url",
      carriesSecrets: false,
      allowsQuery: true,
      allowsInsecureHTTP: allowsInsecureHTTP
    )
    return NotificationConfiguration(url: url)
  }

  /// The logger of the logging middleware: standard error, at `--log-level`.
  func logger() -> Logger {
    var logger = Logger(label: "forage") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = logLevel
    return logger
  }

  /// The largest `--noise`, in metres: more moves fixes off the globe.
  static let largestNoise = 100_000.0

  /// The scenario file `--permission` names, or `nil` when it spells a scenario in words: a
  /// file is `-` (standard input), a path with a `/`, a name ending in `.json`, or any name
  /// that exists (a FIFO, say).
  var scenarioFile: String? {
    var status = stat()
    let isFile =
      permission == "-" || permission.contains("/") || permission.hasSuffix(".json")
      || stat(permission, &status) == 0
    return isFile ? permission : nil
  }

  /// The permission scenario, parsed from text or read from a file.
  ///
  /// - Throws: A `ValidationError` (exit 64) for a scenario in words; for a file, an exit code
  ///   after a one-line message: 74 when it cannot be read, 65 when it is not a scenario.
  func scenario() throws -> PermissionScenario {
    if let file = scenarioFile {
      do {
        return try PermissionScenario(path: file)
      } catch let error as PermissionScenarioError {
        printError("--permission: \(error.description)")
        throw error.isUnreadable ? Sysexits.ioError : Sysexits.dataError
      }
    }
    do {
      return try PermissionScenario(parsing: permission)
    } catch let error as PermissionScenarioError {
      throw ValidationError("--permission: \(error.description)")
    }
  }

  /// The finder options these arguments describe.
  func options() throws -> FinderOptions {
    FinderOptions(
      query: PlacesQuery(
        radius: radius,
        limit: limit,
        type: type.isEmpty ? nil : type,
        keyword: keyword,
        isOpenOnly: open
      ),
      policy: policy,
      scenario: try scenario(),
      filter: .standard(distanceFilter: distanceFilter),
      pacing: realtime ? .speed(1) : speed.map { .speed($0) } ?? .virtual,
      perturbation: .init(noise: noise, dropoutProbability: dropout, seed: seed),
      isChangesOnly: changesOnly
    )
  }
}

extension QueryPolicy: ExpressibleByArgument {}
extension NetworkTime: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PlacesFieldSet: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
