import Foundation

/// Google's own Places service: how to know its host, and the notice its data asks for.
public enum GoogleAttribution {
  /// The notice Google's Places APIs ask to be shown with their data.
  public static let notice = "© Google (Powered by Google)"

  /// Whether a base URL is Google's own Places service (`googleapis.com` or a host under it),
  /// which answers nothing without a key and whose data carries ``notice``; a local server
  /// speaking Google's wire format serves its own data.
  public static func isGoogleHost(_ url: URL) -> Bool {
    guard let host = url.host?.lowercased() else { return false }
    return host == "googleapis.com" || host.hasSuffix(".googleapis.com")
  }

  /// ``notice`` for Google's own host, `nil` for any other.
  static func notice(for url: URL) -> String? {
    isGoogleHost(url) ? notice : nil
  }
}
