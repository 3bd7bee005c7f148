import ForageFinder

/// A sink that collects text in memory, for tests and for building documents.
public final class StringSink: TextSink {
  /// Everything written so far.
  public private(set) var text = ""
  /// Whether ``commit()`` was called.
  public private(set) var isCommitted = false

  /// Creates an empty sink.
  public init() {}

  public func write(_ text: String) throws { self.text += text }

  public func commit() throws { isCommitted = true }
}
