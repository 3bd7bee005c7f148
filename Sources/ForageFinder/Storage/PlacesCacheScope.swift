/// What one set of stored searches answers: the same API, the same type and the same keyword.
///
/// Answers from one Places API say nothing about another's, and a search for cafés says nothing
/// about restaurants, so each scope has its own searched area and places. The radius and the
/// number of places an answer lists are not part of it: a search records how far it is complete,
/// whatever they were.
public struct PlacesCacheScope: Sendable, Hashable {
  /// Which API answered: its wire format and where it is (see ``PlacesBackend/identity``).
  public var api: String
  /// The place type searched for, or "" for none.
  public var type: String
  /// The keyword searched for, or "" for none.
  public var keyword: String

  /// Creates a scope.
  public init(api: String, type: String?, keyword: String?) {
    self.api = api
    self.type = type ?? ""
    self.keyword = keyword ?? ""
  }

  /// The scope of `query`'s searches on the API `api`.
  public init(api: String, query: PlacesQuery) {
    self.init(api: api, type: query.type, keyword: query.keyword)
  }
}
