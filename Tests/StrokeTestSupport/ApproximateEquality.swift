import StrokeCore
import XCTest

/// Tolerance comparisons for known-answer and oracle tests: one rule, one message format.
///
/// The rule: two numbers are close when they are equal (this covers equal infinities) or
/// `|actual − expected| ≤ tolerance`; NaN is never close to anything. Two points are close
/// when both coordinates are (the max-norm, as two `XCTAssertEqual(_:_:accuracy:)` calls on
/// x and y). Two arrays are close when their counts are equal and every pair is close. A
/// mismatch names the index of the first pair that is not close, both values, the difference
/// and how many pairs are off in all.
public enum ApproximateEquality {
    /// Whether `actual` is within `tolerance` of `expected` (see the type's rule).
    public static func isClose(_ actual: Double, _ expected: Double, tolerance: Double) -> Bool {
        actual == expected || (actual - expected).magnitude <= tolerance
    }

    /// Whether both coordinates of `actual` are within `tolerance` of `expected`'s.
    public static func isClose(_ actual: Point, _ expected: Point, tolerance: Double) -> Bool {
        isClose(actual.x, expected.x, tolerance: tolerance) && isClose(actual.y, expected.y, tolerance: tolerance)
    }

    /// Why `actual` is not within `tolerance` of `expected`, or nil when it is.
    public static func mismatch(_ actual: Double, _ expected: Double, tolerance: Double) -> String? {
        isClose(actual, expected, tolerance: tolerance) ? nil
            : "\(actual) is not within \(tolerance) of \(expected) (difference \((actual - expected).magnitude))"
    }

    /// Why `actual` is not within `tolerance` of `expected` (per coordinate), or nil when it is.
    public static func mismatch(_ actual: Point, _ expected: Point, tolerance: Double) -> String? {
        isClose(actual, expected, tolerance: tolerance) ? nil
            : "(\(actual.x), \(actual.y)) is not within \(tolerance) of (\(expected.x), \(expected.y)) per coordinate (distance \(actual.distance(to: expected)))"
    }

    /// Why the arrays are not close: their counts differ, or the first index whose pair is not
    /// close (with both values and the number of such pairs); nil when they are close.
    /// O(n); stops at nothing, so the count of mismatches is exact.
    public static func mismatch(_ actual: [Double], _ expected: [Double], tolerance: Double) -> String? {
        firstMismatch(actual, expected, describe: { "\($0)" }) { isClose($0, $1, tolerance: tolerance) }
            .map { $0 + " (tolerance \(tolerance))" }
    }

    /// As the `[Double]` form, for points compared per coordinate.
    public static func mismatch(_ actual: [Point], _ expected: [Point], tolerance: Double) -> String? {
        firstMismatch(actual, expected, describe: { "(\($0.x), \($0.y))" }) { isClose($0, $1, tolerance: tolerance) }
            .map { $0 + " (tolerance \(tolerance) per coordinate)" }
    }

    /// Why two inks differ: width, opacity or a colour component off by more than
    /// `tolerance`, or another blend mode; nil when they are close.
    public static func mismatch(_ actual: InkAttributes, _ expected: InkAttributes, tolerance: Double) -> String? {
        let pairs: [(String, Double, Double)] = [("width", actual.width, expected.width), ("opacity", actual.opacity, expected.opacity),
                                                 ("red", actual.color.red, expected.color.red),
                                                 ("green", actual.color.green, expected.color.green),
                                                 ("blue", actual.color.blue, expected.color.blue)]
        for (name, a, e) in pairs {
            if let why = mismatch(a, e, tolerance: tolerance) { return "\(name): \(why)" }
        }
        return actual.blend == expected.blend ? nil : "blend \(actual.blend), expected \(expected.blend)"
    }

    private static func firstMismatch<T>(_ actual: [T], _ expected: [T], describe: (T) -> String,
                                         close: (T, T) -> Bool) -> String? {
        guard actual.count == expected.count else {
            return "\(actual.count) values, expected \(expected.count)"
        }
        var first: Int?
        var count = 0
        for i in actual.indices where !close(actual[i], expected[i]) {
            if first == nil { first = i }
            count += 1
        }
        guard let first else { return nil }
        return "element \(first): \(describe(actual[first])), expected \(describe(expected[first]))"
            + (count > 1 ? "; \(count) of \(actual.count) elements differ" : "")
    }
}

/// Asserts that `actual` is within `tolerance` of `expected` (equal values, infinities
/// included, pass; NaN fails). The failure names both values and the difference.
public func assertClose(_ actual: Double, _ expected: Double, tolerance: Double, _ message: @autoclosure () -> String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    if let why = ApproximateEquality.mismatch(actual, expected, tolerance: tolerance) {
        XCTFail(join(why, message()), file: file, line: line)
    }
}

/// Asserts that both coordinates of `actual` are within `tolerance` of `expected`'s.
public func assertClose(_ actual: Point, _ expected: Point, tolerance: Double, _ message: @autoclosure () -> String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    if let why = ApproximateEquality.mismatch(actual, expected, tolerance: tolerance) {
        XCTFail(join(why, message()), file: file, line: line)
    }
}

/// Asserts that the arrays have the same count and every pair is within `tolerance`; the
/// failure names the index of the first pair that is not, and how many are off.
public func assertClose(_ actual: [Double], _ expected: [Double], tolerance: Double, _ message: @autoclosure () -> String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    if let why = ApproximateEquality.mismatch(actual, expected, tolerance: tolerance) {
        XCTFail(join(why, message()), file: file, line: line)
    }
}

/// Asserts that the point arrays have the same count and every pair is within `tolerance`
/// per coordinate; the failure names the index of the first pair that is not.
public func assertClose(_ actual: [Point], _ expected: [Point], tolerance: Double, _ message: @autoclosure () -> String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    if let why = ApproximateEquality.mismatch(actual, expected, tolerance: tolerance) {
        XCTFail(join(why, message()), file: file, line: line)
    }
}

/// Asserts that two inks agree: width, opacity and each colour component within `tolerance`,
/// the same blend mode. The message names the first component that differs.
public func assertClose(_ actual: InkAttributes, _ expected: InkAttributes, tolerance: Double,
                        _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
    if let why = ApproximateEquality.mismatch(actual, expected, tolerance: tolerance) {
        XCTFail(join(why, message()), file: file, line: line)
    }
}

/// The largest absolute difference between paired values (``WorstDifference``): ∞ when the
/// counts differ or a value is NaN on either side; 0 for two empty arrays and for equal
/// values (equal infinities included). O(n). For measuring (and printing) how far a port is
/// from its oracle; `assertClose` on arrays asserts.
public func maxAbsDifference(_ a: [Double], _ b: [Double]) -> Double {
    var worst = WorstDifference()
    worst.add(a, b)
    return worst.value
}

private func join(_ why: String, _ message: String) -> String {
    message.isEmpty ? why : "\(why): \(message)"
}
