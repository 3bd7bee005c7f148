extension TrackReader: AsyncSequence {
  /// Iterates a reader's events; the iterator shares the reader, so iterate only once.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let reader: TrackReader

    /// Returns the next event, or `nil` at the end of the track.
    public mutating func next() async throws(TrackError) -> TrackEvent? {
      try reader.next()
    }

    /// Returns the next event, or `nil` at the end of the track.
    public mutating func next(
      isolation actor: isolated (any Actor)?
    ) async throws(TrackError)
      -> TrackEvent?
    {
      try reader.next()
    }
  }

  /// Makes an iterator over the reader's remaining events.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(reader: self)
  }
}
