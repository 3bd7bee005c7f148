import ForageFinder
import ForageWriters
import Foundation

/// The output files of one command, put in place only when the command succeeds.
///
/// A file output is written to its temporary file as the run goes, but renamed into place by
/// ``publish()``, which the command calls once it knows it will exit 0: a run that ends
/// non-zero leaves every existing output as it was, and creates none (the temporary files are
/// removed). Standard output, devices, FIFOs and sockets cannot be held back: they are written
/// as the run goes, and flushed when the writers finish.
final class HeldOutputs {
  private var held: [(option: String, sink: HeldSink)] = []

  /// Opens an output (`-` is standard output), held until ``publish()``.
  ///
  /// - Throws: ``ForageFinder/OutputError`` when it cannot be written.
  func open(_ path: String, option: String) throws -> any TextSink {
    let sink = HeldSink(try OutputFile.sink(for: path))
    held.append((option, sink))
    return sink
  }

  /// Puts every file output in place (renames its temporary file over the destination).
  ///
  /// - Throws: ``ForageFinder/OutputError`` when one cannot be put in place.
  func publish() throws {
    for (_, sink) in held { try sink.release() }
    held.removeAll()
  }

  /// Leaves every file output as it was: their temporary files are removed now.
  func abandon() {
    for (_, sink) in held { (sink.inner as? AtomicFileSink)?.discard() }
    held.removeAll()
  }
}

/// A sink whose ``commit()`` is held back for a file replaced atomically, and passed on at once
/// for anything else (standard output, a device).
final class HeldSink: TextSink {
  /// The sink written to.
  let inner: any TextSink
  private var isCommitAsked = false

  init(_ inner: any TextSink) { self.inner = inner }

  func write(_ text: String) throws { try inner.write(text) }

  func write(utf8 bytes: UnsafeRawBufferPointer) throws { try inner.write(utf8: bytes) }

  func commit() throws {
    if inner is AtomicFileSink {
      isCommitAsked = true
    } else {
      try inner.commit()
    }
  }

  /// Commits the file, if its writer finished.
  func release() throws {
    if isCommitAsked { try inner.commit() }
  }
}
