import ForageHTTP
import Foundation
import Testing

@Suite struct QueryStringTests {
  @Test func encodesEverythingButUnreservedCharacters() {
    #expect(QueryString.encode("AZaz09-._~") == "AZaz09-._~")
    #expect(QueryString.encode("fish & chips") == "fish%20%26%20chips")
    #expect(QueryString.encode("c++=1#2%3,4/5?") == "c%2B%2B%3D1%232%253%2C4%2F5%3F")
    #expect(QueryString.encode("Café 北京 🍕") == "Caf%C3%A9%20%E5%8C%97%E4%BA%AC%20%F0%9F%8D%95")
  }

  @Test(arguments: ["fish & chips", "a+b", "100% vegan", "Café Ekberg", "北京烤鸭", "🍕=🍺&x", " lead"])
  func roundTripsThroughAStandardDecoder(_ text: String) throws {
    let query = QueryString.query([("keyword", text), ("type", "cafe")])
    let components = try #require(URLComponents(string: "http://h/p?" + query))
    #expect(components.queryItems?.first { $0.name == "keyword" }?.value == text)
    #expect(components.queryItems?.count == 2)
  }

  @Test(arguments: ["fish & chips", "a+b", "100% vegan", "Café Ekberg", "北京烤鸭", "🍕=🍺&x", " lead"])
  func decodesWhatItEncodes(_ text: String) {
    let pairs = QueryString.decode(Substring(QueryString.query([("keyword", text), ("k", "")])))
    #expect(pairs.map(\.name) == ["keyword", "k"])
    #expect(pairs.map(\.value) == [text, ""])
  }

  @Test func decodesPlusAsASpaceOnlyInQueriesAndKeepsMalformedEscapes() {
    let pairs = QueryString.decode("a=x+y&flag&b=%E5%8C%97%zz")
    #expect(pairs.map(\.name) == ["a", "flag", "b"])
    #expect(pairs.map(\.value) == ["x y", "", "北%zz"])
    #expect(QueryString.percentDecode("/a+b%20c", plusIsSpace: false) == "/a+b c")
  }
}
