import Testing

@testable import ForageLocation
