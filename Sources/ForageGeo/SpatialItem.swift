/// Something a ``SpatialIndex`` can hold: an identifier and a position.
///
/// The identifier breaks ties between items at the same distance, so answers are deterministic.
public protocol SpatialItem {
  /// A stable identifier, compared as a string to order items at equal distances.
  var id: String { get }
  /// Where the item is.
  var coordinate: Coordinate { get }
}

/// An item found by a search, with its exact geodesic distance.
public struct Neighbor<Item> {
  /// The item.
  public var item: Item
  /// The item's position in the array the index was built from.
  public var index: Int
  /// The geodesic distance in metres (to the query point, or to the track for corridor searches).
  public var distance: Double

  /// Creates a neighbour.
  @inlinable
  public init(item: Item, index: Int, distance: Double) {
    self.item = item
    self.index = index
    self.distance = distance
  }
}

extension Neighbor: Sendable where Item: Sendable {}
extension Neighbor: Equatable where Item: Equatable {}
