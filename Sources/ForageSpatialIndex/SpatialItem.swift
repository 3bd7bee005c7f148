import ForageGeodesy

/// Something a ``SpatialIndex`` can hold: an identifier and a position.
///
/// The identifier breaks ties between items at the same distance, so answers are deterministic.
public protocol SpatialItem {
  /// A stable identifier, compared as a string to order items at equal distances.
  var id: String { get }
  /// Where the item is.
  var coordinate: Coordinate { get }
}
