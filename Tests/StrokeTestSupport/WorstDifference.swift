import StrokeCore

/// The largest of a series of differences or distances, for oracle and tolerance checks that
/// measure "how far is the port from its peer" over many values: NaN-proof and counted.
///
/// `worst = max(worst, abs(a − b))` keeps `worst` when the term is NaN (`max(0, .nan)` is 0),
/// so a port that outputs NaN for some samples passes such a check. Here a term that is NaN
/// (NaN on either side) or infinite (an infinity against a finite value or the opposite
/// infinity) makes ``value`` ∞, which no finite tolerance accepts; equal values (equal infinities included) differ by 0, the rule of
/// ``ApproximateEquality/isClose(_:_:tolerance:)``. ``count`` says how many terms were
/// compared, so a check can also assert that it compared anything at all.
public struct WorstDifference: CustomStringConvertible, Sendable {
    /// The largest term so far (0 before any; ∞ once a term was NaN or infinite); never NaN.
    public private(set) var value = 0.0
    /// How many terms were recorded.
    public private(set) var count = 0

    /// Nothing recorded yet.
    public init() {}

    /// Records |actual − expected| (0 when they are equal, ∞ when NaN).
    public mutating func add(_ actual: Double, _ expected: Double) {
        count += 1
        record(actual, expected)
    }

    /// Records the larger of the two coordinates' differences (the max-norm, as
    /// ``ApproximateEquality`` compares points); one term.
    public mutating func add(_ actual: Point, _ expected: Point) {
        count += 1
        record(actual.x, expected.x)
        record(actual.y, expected.y)
    }

    /// Records |d|, a distance or a difference already taken (∞ when NaN).
    public mutating func add(distance d: Double) {
        count += 1
        record(d.magnitude)
    }

    /// Records every pair: ∞ when the counts differ. O(n).
    public mutating func add(_ actual: [Double], _ expected: [Double]) {
        guard actual.count == expected.count else {
            add(distance: .infinity)
            return
        }
        for i in actual.indices { add(actual[i], expected[i]) }
    }

    /// Records everything `other` recorded.
    public mutating func add(_ other: WorstDifference) {
        count += other.count
        value = Swift.max(value, other.value)
    }

    private mutating func record(_ actual: Double, _ expected: Double) {
        record(actual == expected ? 0 : (actual - expected).magnitude)
    }

    private mutating func record(_ magnitude: Double) {
        value = magnitude.isNaN ? .infinity : Swift.max(value, magnitude)
    }

    /// `value` and over how many terms.
    public var description: String { "\(value) over \(count)" }
}
