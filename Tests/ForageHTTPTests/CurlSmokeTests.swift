import CCurl
import CCurlShim
import ForageTestSupport
import Foundation
import Testing

/// Proves libcurl links and performs a real HTTP GET against a server on 127.0.0.1.
@Suite struct CurlSmokeTests {
  @Test func curlFetchesABodyFromALoopbackServer() throws {
    let server = try ScriptedHTTPServer(body: "hello from 127.0.0.1")
    defer { server.close() }
    let handle = try #require(curl_easy_init())
    defer { curl_easy_cleanup(handle) }
    let sink = ByteSink()
    let url = "http://127.0.0.1:\(server.port)/smoke"
    let code = url.withCString { cURL -> CURLcode in
      _ = forage_easy_setopt_ptr(handle, CURLOPT_URL, cURL)
      _ = forage_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
      _ = forage_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, 5_000)
      _ = forage_easy_setopt_ptr(
        handle,
        CURLOPT_WRITEDATA,
        Unmanaged.passUnretained(sink).toOpaque()
      )
      _ = forage_easy_setopt_write_function(handle) { data, size, count, context in
        let sink = Unmanaged<ByteSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        if let data {
          sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
        }
        return length
      }
      return curl_easy_perform(handle)
    }
    #expect(code == CURLE_OK)
    var status = 0
    _ = forage_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    #expect(status == 200)
    #expect(String(decoding: sink.bytes, as: UTF8.self) == "hello from 127.0.0.1")
  }
}

/// Bytes collected by the write callback.
private final class ByteSink {
  var bytes: [UInt8] = []
}
