import ForageHTTP
import Testing

/// Which hosts are this machine, and so never proxied.
@Suite struct LoopbackHostTests {
  static let loopback = [
    "localhost", "LOCALHOST", "LocalHost", "localhost.", "a.localhost", "api.LOCALHOST.",
    "127.0.0.1", "127.0.0.2", "127.255.255.254", "127.1", "0x7f.1", "2130706433",
    "::1", "[::1]", "[0:0:0:0:0:0:0:1]", "0000:0000::0001", "::ffff:127.0.0.1",
    "[::FFFF:127.1.2.3]",
  ]
  static let elsewhere = [
    "example.com", "places.example.test", "localhost.example.com", "notlocalhost",
    "127.0.0.1.example.com", "128.0.0.1", "10.0.0.1", "0.0.0.0", "::", "::2", "[::ffff:10.0.0.1]",
    "1.2.3.4", "", "[", "fe80::1", "::1.example", "127.0.0.1 ",
  ]

  @Test(arguments: loopback)
  func isLoopback(_ host: String) {
    #expect(LoopbackHost.contains(host))
  }

  @Test(arguments: elsewhere)
  func isNotLoopback(_ host: String) {
    #expect(!LoopbackHost.contains(host))
  }
}
