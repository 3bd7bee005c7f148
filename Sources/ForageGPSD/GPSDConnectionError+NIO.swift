import Foundation
import NIOCore
import NIOPosix

extension GPSDConnectionError {
  /// The error for a connection attempt that failed, from what `ClientBootstrap` threw.
  ///
  /// A refused connection is ``Kind/refused``; a name that does not resolve is
  /// ``Kind/hostNotFound`` (``Kind/unreachable`` when the resolver could not be asked); anything
  /// else, a timeout among them, is ``Kind/unreachable``.
  init(connecting error: any Error) {
    switch error {
    case let error as GPSDConnectionError:
      self = error
    case let error as NIOConnectionError:
      if let failure = error.connectionErrors.last {
        self.init(connecting: failure.error)
      } else if let failure = error.dnsAError ?? error.dnsAAAAError {
        self.init(connecting: failure)
      } else {
        self.init(.unreachable, reason: "no address to connect to")
      }
    case let error as SocketAddressError.UnknownHost:
      self.init(
        error.errorCode == Int(EAI_AGAIN) ? .unreachable : .hostNotFound,
        reason: error.errorDescription
      )
    case let error as IOError:
      self.init(error.errnoCode == ECONNREFUSED ? .refused : .unreachable, errno: error.errnoCode)
    case ChannelError.connectTimeout(let timeout):
      self.init(.unreachable, reason: "no connection within \(Duration(timeout).secondsText) s")
    default:
      self.init(.unreachable, reason: String(describing: error))
    }
  }

  /// The error for a connection that failed once made, from what its channel threw.
  init(reading error: any Error) {
    switch error {
    case let error as GPSDConnectionError:
      self = error
    case let error as IOError:
      self.init(.dropped, errno: error.errnoCode)
    case is ByteToMessageDecoderError.PayloadTooLargeError:
      self.init(.dropped, reason: "a line outgrew the reader's buffer")
    default:
      self.init(.dropped, reason: String(describing: error))
    }
  }
}
