import CCurlShim

/// Process-wide libcurl initialisation, done exactly once.
enum CurlGlobal {
  /// Initialises libcurl on first use; Swift runs a global's initialiser once, thread-safely.
  static let initialized: Bool = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
  }()

  /// Makes sure libcurl is initialised.
  static func ensure() {
    _ = initialized
  }
}
