import StrokeCore
import XCTest

/// ``InkAttributeList``: one value per element, stored once while uniform, read and compared
/// the same whichever way it is stored.
final class InkAttributeListTests: XCTestCase {
    private let thin = InkAttributes(width: 2)
    private let wide = InkAttributes(width: 7, opacity: 0.5, color: InkColor(red: 1, green: 0, blue: 0))

    func testAUniformListReadsAsCountCopiesAndEqualsItsExplicitForm() {
        let uniform = InkAttributeList(repeating: wide, count: 4)
        let explicit = InkAttributeList(Array(repeating: wide, count: 4))
        XCTAssertEqual(uniform.count, 4)
        XCTAssertEqual(Array(uniform), Array(repeating: wide, count: 4))
        XCTAssertEqual(uniform.uniformValue, wide)
        XCTAssertNil(explicit.uniformValue)
        XCTAssertEqual(uniform, explicit)
        XCTAssertEqual(uniform.hashValue, explicit.hashValue)
        XCTAssertNotEqual(uniform, InkAttributeList(repeating: wide, count: 3))
        XCTAssertNotEqual(uniform, InkAttributeList(repeating: thin, count: 4))
    }

    func testAListBuiltOneInkAtATimeStartsUniformAndBulkAppendsKeepOrder() {
        var list = InkAttributeList()
        list.append(wide)
        list.append(wide)
        XCTAssertEqual(list.uniformValue, wide)
        list.append(contentsOf: [thin, wide, thin])
        XCTAssertNil(list.uniformValue)
        XCTAssertEqual(Array(list), [wide, wide, thin, wide, thin])
        list.append(contentsOf: [])
        XCTAssertEqual(list.count, 5)
        // An ink path takes elements and their ink in bulk, index-aligned.
        var path = InkPath()
        path.append([.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 3, y: 4))], attributes: [thin, wide])
        XCTAssertEqual(path.count, 2)
        XCTAssertEqual(Array(path.attributes), [thin, wide])
        XCTAssertEqual(path.currentPoint, Point(x: 3, y: 4))
    }

    func testAppendingTheSameInkKeepsItUniformAndAnotherInkKeepsEveryEarlierValue() {
        var list = InkAttributeList(repeating: thin, count: 2)
        list.append(thin)
        list.append(repeating: thin, count: 2)
        XCTAssertEqual(list.uniformValue, thin)
        XCTAssertEqual(list.count, 5)
        list.append(wide)
        XCTAssertNil(list.uniformValue)
        XCTAssertEqual(Array(list), Array(repeating: thin, count: 5) + [wide])
    }

    func testAnEmptyListBecomesUniformWhenFilledWithOneInk() {
        var list = InkAttributeList()
        list.append(repeating: wide, count: 3)
        XCTAssertEqual(list.uniformValue, wide)
        list.removeAll()
        XCTAssertTrue(list.isEmpty)
        XCTAssertNil(list.uniformValue)
        list.append(thin)
        XCTAssertEqual(Array(list), [thin])
    }

    func testRangesOfEitherFormCopyTheirValues() {
        let mixed = InkAttributeList([thin, wide, thin, wide])
        let uniform = InkAttributeList(repeating: wide, count: 4)
        XCTAssertEqual(Array(mixed.prefix(2)), [thin, wide])
        XCTAssertEqual(Array(mixed.extracting(1..<3)), [wide, thin])
        XCTAssertEqual(uniform.prefix(9).count, 4, "clamped")
        XCTAssertEqual(uniform.extracting(1..<3).uniformValue, wide)
        var joined = InkAttributeList(repeating: thin, count: 1)
        joined.append(contentsOf: mixed, range: 1..<4)
        joined.append(contentsOf: uniform, range: 0..<2)
        XCTAssertEqual(Array(joined), [thin, wide, thin, wide, wide, wide])
    }

    func testSettingAnElementOfAUniformListStoresTheListExplicitly() {
        var list = InkAttributeList(repeating: thin, count: 3)
        list[1] = thin
        XCTAssertEqual(list.uniformValue, thin, "setting the same value keeps it uniform")
        list[1] = wide
        XCTAssertEqual(Array(list), [thin, wide, thin])
    }

    func testAnInkPathWithUniformInkStoresItOnce() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        var ink = InkPath(path, uniform: wide)
        XCTAssertEqual(ink.attributes.uniformValue, wide)
        XCTAssertEqual(ink.maximumWidth, 7)
        ink.append([.line(to: Point(x: 20, y: 0))], uniform: wide)
        XCTAssertEqual(ink.count, 3)
        XCTAssertEqual(ink.attributes.uniformValue, wide)
        XCTAssertEqual(ink, InkPath(elements: ink.elements, attributes: Array(repeating: wide, count: 3)))
        XCTAssertEqual(ink.prefix(2).attributes.uniformValue, wide)
    }
}
