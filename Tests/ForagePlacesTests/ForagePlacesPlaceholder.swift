import Testing

@testable import ForagePlaces
