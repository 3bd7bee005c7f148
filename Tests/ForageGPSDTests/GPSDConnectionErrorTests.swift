import Foundation
import NIOCore
import Testing

@testable import ForageGPSD

/// What SwiftNIO's errors become, and the sentences a person reads.
@Suite struct GPSDConnectionErrorTests {
  @Test func aRefusedConnectionIsRefusedInTheSystemsWords() {
    let error = GPSDConnectionError(
      connecting: IOError(errnoCode: ECONNREFUSED, reason: "connect")
    )
    #expect(error.kind == .refused && error.isRetryable)
    #expect(error.description == "cannot connect: Connection refused")
  }

  @Test func otherConnectFailuresAreUnreachable() {
    let error = GPSDConnectionError(connecting: IOError(errnoCode: ENETUNREACH, reason: "connect"))
    #expect(error.kind == .unreachable)
    #expect(error.description == "cannot connect: Network is unreachable")
  }

  @Test func aConnectTimeoutSaysHowLongItWaited() {
    let error = GPSDConnectionError(connecting: ChannelError.connectTimeout(.milliseconds(2500)))
    #expect(error.kind == .unreachable)
    #expect(error.description == "cannot connect: no connection within 2.5 s")
  }

  @Test func aResetConnectionIsDropped() {
    let error = GPSDConnectionError(reading: IOError(errnoCode: ECONNRESET, reason: "read"))
    #expect(error.kind == .dropped && error.isRetryable)
    #expect(error.description == "connection dropped: Connection reset by peer")
  }

  @Test func theSourcesOwnErrorsPassThroughUnchanged() {
    let own = GPSDConnectionError(.noAnswer, reason: "nothing came back within 1.0 s")
    #expect(GPSDConnectionError(connecting: own) == own)
    #expect(GPSDConnectionError(reading: own) == own)
  }
}
