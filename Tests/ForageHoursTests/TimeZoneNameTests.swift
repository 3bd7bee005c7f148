import ForageHours
import Testing

/// `--timezone`: every name of the zone database, never a path or an offset.
@Suite struct TimeZoneNameTests {
  @Test(arguments: [
    "Europe/Helsinki", "Asia/Kolkata", "Asia/Calcutta", "Etc/UTC", "Etc/GMT-2", "Europe/Nicosia",
    "EET", "CET", "EST", "US/Pacific", "Australia/NSW", "America/Argentina/Buenos_Aires", "UTC",
    "GMT",
  ])
  func takesEveryZoneName(_ name: String) throws {
    #expect(try TimeZoneName.zone(named: name).identifier == (name == "UTC" ? "GMT" : name))
  }

  @Test(arguments: [
    "", " ", "GMT+2", "+02:00", "europe/helsinki", "Europe/Helsinki ", "../../etc/passwd",
    "/usr/share/zoneinfo/UTC", "Europe/../Europe/Helsinki", "Mars/Olympus", "Europe/Hélsinki",
    "\u{1B}[2J", String(repeating: "A", count: 5_000),
  ])
  func refusesWhatIsNotAZoneName(_ name: String) {
    #expect {
      _ = try TimeZoneName.zone(named: name)
    } throws: { error in
      let text = (error as? TimeZoneNameError)?.description ?? ""
      return !text.contains("\n") && !text.contains("\u{1B}")
    }
  }
}
