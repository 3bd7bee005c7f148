import ForageSpatialIndex

/// A place goes in a ``SpatialIndex`` as it is: its id breaks ties between places at the same
/// distance.
extension Place: SpatialItem {}
