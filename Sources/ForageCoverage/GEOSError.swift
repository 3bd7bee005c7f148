/// A GEOS operation failed; carries the message GEOS reported.
public struct GEOSError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The GEOS function or wrapper operation that failed, such as `GEOSWKTReader_read_r`.
  public var operation: String
  /// GEOS's own message, such as `ParseException: Unknown type: 'POINTX'`.
  public var message: String

  /// Creates an error for an operation and a message.
  public init(operation: String, message: String) {
    self.operation = operation
    self.message = message
  }

  /// The operation and GEOS's message on one line.
  public var description: String { "\(operation) failed: \(message)" }
}
