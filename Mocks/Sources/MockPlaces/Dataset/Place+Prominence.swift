import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation

extension Place {
  /// The name the mock puts on the wire: the dataset's, or `""` for a place without one.
  ///
  /// Google's formats always carry a name; an empty one says honestly that the data has none
  /// (a label made up from the type could pass for a real name).
  public var wireName: String { name ?? "" }

  /// The rating served and ranked on: the dataset's, or a stable one (1.0–5.0) from the id.
  public var prominenceRating: Double {
    if let rating { return rating }
    return Double(10 + FNV1a.hash(id) % 41) / 10
  }

  /// The ratings count served and ranked on: the dataset's, or a stable one (0–1999) from the id.
  public var prominenceRatingsTotal: Int {
    if let userRatingsTotal { return userRatingsTotal }
    return Int((FNV1a.hash(id) >> 20) % 2000)
  }

  /// The prominence score: rating × ln(1 + ratings count). Higher ranks first.
  public var prominence: Double {
    prominenceRating * log1p(Double(prominenceRatingsTotal))
  }
}
