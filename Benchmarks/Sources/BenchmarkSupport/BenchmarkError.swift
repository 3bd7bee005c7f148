/// A benchmark that could not run, with the reason.
public struct BenchmarkError: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
