import ForageSupport
import Foundation
import Testing

/// The one JSON reader: exact numbers, ordered members, lines, and errors by line and column.
@Suite struct JSONParserTests {
  @Test func readsEveryKindOfValueInOrder() throws {
    let value = try JSONParser.parse(
      Array(#"{"b":[1,-2.5e1,true,false,null],"a":"x\"\u00e9\ud83d\ude00","b":{}}"#.utf8)
    )
    #expect(value.members?.map(\.0) == ["b", "a", "b"])
    #expect(value["b"]?.members?.isEmpty == true)
    #expect(value["a"]?.string == "x\"é😀")
    let array = try #require(value.members?.first?.1.array)
    #expect(array.map(\.serialized) == ["1", "-25", "true", "false", "null"])
    #expect(array[0].number == 1 && array[1].number == -25)
    #expect(array[2].number == nil && array[2].bool == true)
  }

  @Test func numbersAreExact() throws {
    let value = try JSONParser.parse(
      Array("[12345678901234567, 24.938412345678901, 60.169912345678901]".utf8)
    )
    let numbers = try #require(value.array)
    guard case .int(let id) = numbers[0] else {
      Issue.record("a whole number should stay an Int")
      return
    }
    #expect(id == 12_345_678_901_234_567)
    #expect(numbers[1].number == 24.938412345678901)
    #expect(numbers[2].number == 60.169912345678901)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("[1e400]".utf8)) }
  }

  @Test func theWholeIntRangeStaysWhole() throws {
    // Int.min is 20 characters with its sign; it used to come back as a Double.
    let value = try JSONParser.parse(Array("[-9223372036854775808,9223372036854775807]".utf8))
    #expect(value.serialized == "[-9223372036854775808,9223372036854775807]")
    let beyond = try JSONParser.parse(Array("12345678901234567890".utf8))
    #expect(beyond.number == 1.2345678901234567e19)
  }

  @Test func containersRememberTheirLine() throws {
    let value = try JSONParser.parse(Data("\u{FEFF}\n{\"a\":\n [1,\n {}]}".utf8))
    #expect(value.line == 2)
    #expect(value["a"]?.line == 3)
    #expect(value["a"]?.array?[1].line == 4)
  }

  @Test(arguments: [
    ("", 1, 1, "expected JSON but the file is empty"),
    ("{\n \"a\": [1,\n 2,, 3]\n}", 3, 4, "expected a JSON value but found ','"),
    ("[1 2]", 1, 4, "expected ',' or ']' in an array but found '2'"),
    ("{\"a\" 1}", 1, 6, "expected ':' after an object key but found '1'"),
    ("[01]", 1, 3, "expected ',' or ']' in an array but found '1'"),
    ("[-]", 1, 2, "expected a number but found '-'"),
    ("[\"é\u{1}\"]", 1, 4, "expected '\"' to close the string but found a control character"),
    ("[tru]", 1, 2, "expected 'true'"),
    ("{} x", 1, 4, "expected the end of the JSON document but found 'x'"),
  ])
  func errorsNameTheLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) {
      try JSONParser.parse(Array(text.utf8))
    }
  }

  @Test func deepNestingIsRefused() {
    let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
  }

  @Test func writesCompactJSONWithEscapes() {
    let value = JSONValue.object([
      ("s", .string("a\u{1}b\n")), ("d", .double(60.171)), ("n", .double(.nan)), ("i", .int(500)),
    ])
    #expect(value.serialized == #"{"s":"a\u0001b\n","d":60.171,"n":null,"i":500}"#)
  }
}
