import Testing

@testable import ForageApp
