import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

final class SmoothnessTests: XCTestCase {
    /// The canonical profile of the SPARC reference code (smoothness.py doctests):
    /// t = numpy.arange(-1, 1, 0.01) (200 samples at 100 Hz), v = exp(−5t²), a Gaussian with
    /// σ = √0.1 s ≈ 0.316 s.
    private var gaussianBump: [Double] {
        (0..<200).map { i in
            let t = -1 + Double(i) * 0.01
            return Double.exp(-5 * t * t)
        }
    }

    func testSPARCOfTheGaussianSpeedBumpIsMinus1Point414() {
        let sparc = SpectralArcLength.of(speed: gaussianBump, sampleRateHz: 100)!
        print("SPARC(Gaussian bump, 100 Hz) = \(sparc)  (reference −1.41403)")
        XCTAssertEqual(sparc, -1.41403, accuracy: 1e-4)
    }

    func testLDLJOfTheGaussianSpeedBumpIsMinus5Point816() {
        let ldlj = LogDimensionlessJerk.of(speed: gaussianBump, sampleRateHz: 100)!
        print("LDLJ(Gaussian bump, 100 Hz) = \(ldlj)  (reference −5.81636)")
        XCTAssertEqual(ldlj, -5.81636, accuracy: 1e-4)
    }

    func testSmoothnessIsIndependentOfAmplitude() {
        let scaled = gaussianBump.map { $0 * 37 }
        XCTAssertEqual(SpectralArcLength.of(speed: scaled, sampleRateHz: 100)!,
                       SpectralArcLength.of(speed: gaussianBump, sampleRateHz: 100)!, accuracy: 1e-12)
        XCTAssertEqual(LogDimensionlessJerk.of(speed: scaled, sampleRateHz: 100)!,
                       LogDimensionlessJerk.of(speed: gaussianBump, sampleRateHz: 100)!, accuracy: 1e-12)
    }

    func testAJerkyProfileScoresWorseThanTheSmoothOne() {
        // Two bumps with a dip between them (a sub-movement) are less smooth than one.
        let double = (0..<200).map { i -> Double in
            let t = -1 + Double(i) * 0.01
            return Double.exp(-40 * (t - 0.3) * (t - 0.3)) + Double.exp(-40 * (t + 0.3) * (t + 0.3))
        }
        XCTAssertLessThan(SpectralArcLength.of(speed: double, sampleRateHz: 100)!,
                          SpectralArcLength.of(speed: gaussianBump, sampleRateHz: 100)!)
        XCTAssertLessThan(LogDimensionlessJerk.of(speed: double, sampleRateHz: 100)!,
                          LogDimensionlessJerk.of(speed: gaussianBump, sampleRateHz: 100)!)
    }

    func testUndefinedProfilesGiveNil() {
        XCTAssertNil(SpectralArcLength.of(speed: [], sampleRateHz: 60))
        XCTAssertNil(SpectralArcLength.of(speed: [0, 0, 0, 0], sampleRateHz: 60))
        XCTAssertNil(LogDimensionlessJerk.of(speed: [1, 1, 1, 1], sampleRateHz: 60), "constant speed has no jerk")
        XCTAssertNil(LogDimensionlessJerk.of(speed: [1, .nan, 1], sampleRateHz: 60))
    }

    func testAConstantSpeedWithFloatNoiseHasNoLDLJ() {
        // Speeds differenced from positions: constant up to rounding. Its "jerk" is float
        // noise, whose LDLJ would be about +45; it is omitted instead.
        let speeds = (0..<200).map { i -> Double in
            let a = 300.1 + Double(i) * 1.7, b = 300.1 + Double(i + 1) * 1.7
            return (b - a) * 60
        }
        XCTAssertNotEqual(Set(speeds).count, 1, "the profile does carry rounding noise")
        XCTAssertNil(LogDimensionlessJerk.of(speed: speeds, sampleRateHz: 60))
        let line = KnownAnswerStrokes.line(speed: 120, duration: 2)
        let r = Fixtures.evaluate(line, "linear")
        XCTAssertNil(r.value("smoothness.ldlj"))
        XCTAssertTrue(r.notes.contains { $0.hasPrefix("smoothness.ldlj: omitted") })
    }

    func testFFTMatchesADirectDFT() {
        var rng = SplitMix64(seed: 11)
        for n in [1, 2, 8, 64] {
            let x = (0..<n).map { _ in Double.random(in: -1...1, using: &rng) }
            var re = x, im = [Double](repeating: 0, count: n)
            FFT.transform(real: &re, imaginary: &im)
            for k in 0..<n {
                var sr = 0.0, si = 0.0
                for j in 0..<n {
                    let a = -2 * Double.pi * Double(j * k) / Double(n)
                    sr += x[j] * Double.cos(a)
                    si += x[j] * Double.sin(a)
                }
                XCTAssertEqual(re[k], sr, accuracy: 1e-12)
                XCTAssertEqual(im[k], si, accuracy: 1e-12)
            }
        }
    }

    func testSpeedProfileOfAConstantSpeedLineIsThatSpeed() {
        // linear over main samples of a 100 units/s line: the tip advances 100/60 per refresh.
        let stroke = KnownAnswerStrokes.line(speed: 100, duration: 1)
        var replayer = Fixtures.pipeline("linear").makeReplayer()
        let replay = replayer.replay(stroke, options: .init())
        let speed = SpeedProfile.of(replay: replay, refreshRateHz: 60, latencyFrames: 2)
        XCTAssertEqual(speed.count, 60)
        for v in speed { XCTAssertEqual(v, 100, accuracy: 1e-9) }
    }
}
