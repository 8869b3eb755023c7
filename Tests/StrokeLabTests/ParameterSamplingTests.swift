import XCTest

@testable import StrokeLab

final class ParameterSamplingTests: XCTestCase {
    private func numbers(_ points: [[ExperimentSpec.ScalarValue]], _ d: Int) -> [Double] {
        points.map { if case .number(let v) = $0[d] { return v }; XCTFail("not a number"); return .nan }
    }

    /// Every stratum [i/n, (i+1)/n) of every dimension holds exactly one point (before
    /// rounding, which here cannot cross a stratum: ranges 0…1000 with 3 digits).
    func testLatinHypercubeUsesEveryStratumOncePerDimension() {
        let dims = (0..<3).map { _ in ParameterSampling.Dimension(range: .interval(min: 0, max: 1000, logarithmic: false), integer: true) }
        let n = 10
        let points = ParameterSampling.points(dims, method: .latinHypercube, samples: n, steps: 5, seed: 42)
        XCTAssertEqual(points.count, n)
        for d in 0..<3 {
            let strata = numbers(points, d).map { min(n - 1, Int($0 / 100)) }
            XCTAssertEqual(Set(strata).count, n, "dimension \(d): strata \(strata)")
        }
    }

    func testSamplesAreDeterministicForASeedAndDifferAcrossSeeds() {
        let dims = [ParameterSampling.Dimension(range: .interval(min: 0.1, max: 10, logarithmic: true), integer: false),
                    ParameterSampling.Dimension(range: .values([.word("a"), .word("b")]), integer: false)]
        for method in [TuneSettings.Method.random, .latinHypercube] {
            let a = ParameterSampling.points(dims, method: method, samples: 8, steps: 5, seed: 1)
            XCTAssertEqual(a, ParameterSampling.points(dims, method: method, samples: 8, steps: 5, seed: 1))
            XCTAssertNotEqual(a, ParameterSampling.points(dims, method: method, samples: 8, steps: 5, seed: 2))
            for v in numbers(a, 0) { XCTAssertTrue((0.1...10).contains(v), "\(v) inside the range") }
        }
    }

    func testGridSpansEachRangeOnItsScale() {
        let dims = [ParameterSampling.Dimension(range: .interval(min: 1, max: 100, logarithmic: true), integer: false),
                    ParameterSampling.Dimension(range: .values([.number(0), .number(1)]), integer: false)]
        let points = ParameterSampling.points(dims, method: .grid, samples: 1, steps: 3, seed: 0)
        XCTAssertEqual(points.count, 6)
        XCTAssertEqual(numbers(points, 0), [1, 1, 10, 10, 100, 100], "log scale: 1, 10, 100; the first dimension varies slowest")
        XCTAssertEqual(numbers(points, 1), [0, 1, 0, 1, 0, 1])
    }

    func testValuesAreRoundedToThreeSignificantDigitsAndIntegersToWholeNumbers() {
        XCTAssertEqual(ParameterSampling.significant(0.0123456, 3), 0.0123)
        XCTAssertEqual(ParameterSampling.significant(123456, 3), 123000)
        XCTAssertEqual(ParameterSampling.significant(-2.71828, 3), -2.72)
        let d = ParameterSampling.Dimension(range: .interval(min: 1, max: 20, logarithmic: false), integer: true)
        XCTAssertEqual(ParameterSampling.value(0.51, in: d), .number(11))
    }
}
