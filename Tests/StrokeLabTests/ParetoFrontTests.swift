import StrokeCore
import XCTest

@testable import StrokeLab

final class ParetoFrontTests: XCTestCase {
    func testDominanceNeedsNoWorseEverywhereAndBetterSomewhere() {
        XCTAssertTrue(ParetoFront.dominates([1, 2], [1, 3]))
        XCTAssertTrue(ParetoFront.dominates([0, 0], [1, 1]))
        XCTAssertFalse(ParetoFront.dominates([1, 2], [1, 2]), "equal points do not dominate each other")
        XCTAssertFalse(ParetoFront.dominates([1, 3], [2, 2]), "a trade-off is no domination")
        XCTAssertFalse(ParetoFront.dominates([.nan, 0], [1, 1]))
    }

    func testFrontOfAKnownSet() {
        // (1,5) (2,3) (4,1) trade off; (3,4) is dominated by (2,3); (4,1) and (4,1) tie; (5,5) dominated.
        let points: [[Double]] = [[3, 4], [1, 5], [2, 3], [4, 1], [5, 5], [4, 1], [.nan, 0]]
        XCTAssertEqual(ParetoFront.front(points), [1, 2, 3, 5])
    }

    /// Brute force over seeded random sets: no front member is dominated by any point, and
    /// every point off the front is dominated by a front member.
    func testFrontIsExactlyTheNonDominatedSet() {
        var rng = SeededGenerator(seed: 11)
        for trial in 0..<200 {
            let n = 1 + trial % 30, d = 1 + trial % 4
            // Coarse values, so ties happen.
            let points = (0..<n).map { _ in (0..<d).map { _ in Double(rng.next() % 6) } }
            let front = Set(ParetoFront.front(points))
            for i in points.indices {
                let dominated = points.indices.contains { ParetoFront.dominates(points[$0], points[i]) }
                XCTAssertEqual(front.contains(i), !dominated, "trial \(trial), point \(i)")
                if !front.contains(i) {
                    XCTAssertTrue(front.contains { ParetoFront.dominates(points[$0], points[i]) },
                                  "an off-front point is dominated by a front member (trial \(trial))")
                }
            }
        }
    }

    func testDirectionsTurnObjectivesSoSmallerIsBetter() {
        XCTAssertEqual(TuneSettings.Direction.min.badness(-3), -3)
        XCTAssertEqual(TuneSettings.Direction.max.badness(2), -2)
        XCTAssertEqual(TuneSettings.Direction.zero.badness(-4), 4)
    }
}
