import Foundation

/// Plain text for an operating-system error, such as "No such file or directory".
///
/// - Parameter code: An `errno` value.
public func systemErrorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

extension Error {
  /// The reason behind a file-system error in the system's own words ("No such file or
  /// directory"), never Foundation's prose; a generic phrase when there is no POSIX code.
  public var fileSystemReason: String {
    let error = self as NSError
    if error.domain == NSPOSIXErrorDomain { return systemErrorText(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return systemErrorText(Int32(underlying.code))
    }
    if error.domain == NSCocoaErrorDomain {
      switch error.code {
      case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return systemErrorText(ENOENT)
      case NSFileReadNoPermissionError, NSFileWriteNoPermissionError:
        return systemErrorText(EACCES)
      case NSFileWriteOutOfSpaceError: return systemErrorText(ENOSPC)
      case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError:
        return "not readable as text"
      default: break
      }
    }
    return "input/output error"
  }
}
