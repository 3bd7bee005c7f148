import CCurl
import CCurlShim
import Foundation
import Synchronization

/// One request in flight: what libcurl's callbacks write into, and the continuation to resume.
///
/// Created by ``HTTPClient/send(_:)``; from submission on it is touched only by the multi loop's
/// thread (callbacks run there too), except ``cancelRequested``, which any thread may set.
final class CurlTransfer: @unchecked Sendable {
  /// The request being sent.
  let request: HTTPRequest
  /// The body cap in bytes.
  let maxResponseBytes: Int
  /// Set by the cancellation handler; checked when the loop picks the transfer up.
  let cancelRequested = Mutex(false)

  /// The continuation awaiting the outcome; resumed exactly once by ``complete(_:)``.
  var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
  /// The easy handle while attached to the multi handle.
  var easy: UnsafeMutableRawPointer?
  /// The header list passed to `CURLOPT_HTTPHEADER`, freed when the transfer ends.
  var headerList: UnsafeMutablePointer<curl_slist>?
  /// libcurl's `CURLOPT_ERRORBUFFER`.
  let errorBuffer: UnsafeMutablePointer<CChar>

  private(set) var body = Data()
  private(set) var headers: [(name: String, value: String)] = []
  private(set) var exceededCap = false

  /// Creates a transfer for `request`.
  init(request: HTTPRequest, maxResponseBytes: Int) {
    self.request = request
    self.maxResponseBytes = maxResponseBytes
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  deinit {
    errorBuffer.deallocate()
    if let headerList { curl_slist_free_all(headerList) }
  }

  /// Resumes the caller with the outcome; later calls do nothing.
  func complete(_ result: Result<HTTPResponse, HTTPError>) {
    guard let continuation else { return }
    self.continuation = nil
    if let headerList {
      curl_slist_free_all(headerList)
      self.headerList = nil
    }
    continuation.resume(returning: result)
  }

  /// Appends body bytes; returns the count consumed (less than `count` aborts the transfer).
  func receiveBody(_ bytes: UnsafeRawPointer, count: Int) -> Int {
    guard body.count + count <= maxResponseBytes else {
      exceededCap = true
      return 0
    }
    body.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
    return count
  }

  /// Records one header line; a status line starts a fresh set (after `100 Continue`, say).
  func receiveHeaderLine(_ bytes: UnsafeRawPointer, count: Int) {
    var line = UnsafeRawBufferPointer(start: bytes, count: count)[...]
    while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
    guard !line.isEmpty else { return }
    if line.starts(with: Array("HTTP/".utf8)) {
      headers.removeAll()
      return
    }
    if let first = line.first, first == 0x20 || first == 0x09, !headers.isEmpty {
      let more = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      headers[headers.count - 1].value += " " + more
      return
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
    let name = String(decoding: line[..<colon], as: UTF8.self)
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    headers.append((name, value))
  }

  /// The response once libcurl reports the transfer done.
  func response(status: Int) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: body)
  }

  /// The text libcurl left in the error buffer, if any.
  var curlErrorText: String {
    String(cString: errorBuffer)
  }
}

/// `CURLOPT_WRITEFUNCTION`: the transfer arrives through `CURLOPT_WRITEDATA`; nothing captured.
let curlWriteCallback: curl_write_callback = { data, size, count, userdata in
  guard let data, let userdata else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
  return transfer.receiveBody(UnsafeRawPointer(data), count: size * count)
}

/// `CURLOPT_HEADERFUNCTION`: the transfer arrives through `CURLOPT_HEADERDATA`.
let curlHeaderCallback: curl_write_callback = { data, size, count, userdata in
  guard let data, let userdata else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
  transfer.receiveHeaderLine(UnsafeRawPointer(data), count: size * count)
  return size * count
}
