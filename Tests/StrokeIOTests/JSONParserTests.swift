import XCTest

@testable import StrokeIO

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch let e as JSONSyntaxError {
            return e
        } catch {
            return nil
        }
    }

    func testParsesValuesWithPositions() throws {
        let node = try parse("{\"a\": [1, -2.5e3, true, null],\n \"b\": \"x\\u00e9\\n\"}")
        XCTAssertEqual(node["a"]?.array?.count, 4)
        XCTAssertEqual(node["a"]?.array?[1].number, -2500)
        XCTAssertEqual(node["b"]?.string, "xé\n")
        XCTAssertEqual(node["b"]?.line, 2)
        XCTAssertEqual(node["b"]?.column, 7)
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try parse("\"\\ud83d\\ude00\"").string, "😀")
        XCTAssertNotNil(syntaxError("\"\\ud83d\""))
    }

    func testRejectsWhatJSONDoesNotAllowWithLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("", 1, 1, "empty"),
            ("[1, 2", 1, 6, "truncated"),
            ("{\"a\": 1,}", 1, 9, "member name"),
            ("[1,\n NaN]", 2, 2, "NaN"),
            ("[Infinity]", 1, 2, "NaN and Infinity"),
            ("[1e999]", 1, 7, "too large"),
            ("[01]", 1, 3, "leading zeros"),
            ("[1] x", 1, 5, "after the end"),
            ("\"abc", 1, 5, "inside a string"),
            ("[1 2]", 1, 4, "expected ',' or ']'"),
            ("// c\n[]", 1, 1, "expected a value"),
        ]
        for (text, line, column, words) in cases {
            guard let e = syntaxError(text) else {
                XCTFail("accepted \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(e.line, line, text)
            XCTAssertEqual(e.column, column, text)
            XCTAssertTrue(e.problem.contains(words), "\(text): \(e.problem)")
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        XCTAssertTrue(syntaxError(text)?.problem.contains("nesting") ?? false)
    }

    func testByteOrderMarkIsTolerated() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).array?.count, 1)
    }

    func testNumberFormatIsShortestRoundTrip() {
        for v in [0.0, 1, -3, 100, 0.004, 1.0 / 3, 1e-5, 123456.789, 1e300, -0.1, 9007199254740994] {
            let text = JSONText.number(v)
            XCTAssertEqual(Double(text), v, text)
        }
        XCTAssertEqual(JSONText.number(100), "100")
        XCTAssertEqual(JSONText.number(-0.0), "0")
        XCTAssertEqual(JSONText.quoted("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
