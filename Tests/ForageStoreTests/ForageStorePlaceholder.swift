import Testing

@testable import ForageStore
