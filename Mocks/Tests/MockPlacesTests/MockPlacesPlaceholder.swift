import Testing

@testable import MockPlaces
