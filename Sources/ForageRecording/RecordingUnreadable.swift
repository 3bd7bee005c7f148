import ForageFinder
import ForageSupport

/// A recording file that could not be read (exit 74): the input's name and the system's reason,
/// as for every other input.
public typealias RecordingUnreadable = InputFileError
