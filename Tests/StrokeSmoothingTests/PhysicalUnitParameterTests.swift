import StrokeCore
import XCTest

@testable import StrokeSmoothing

/// Stage parameters declare their physical unit once and a pipeline built for a trace converts
/// them (issue 21, item 5).
final class PhysicalUnitParameterTests: XCTestCase {
    static let points = LengthUnit.millimetresPerPoint

    /// Every length parameter of every stage declares a unit; help text, `strokelab list` and
    /// the guides show its symbol.
    func testEveryLengthParameterStatesItsUnit() throws {
        var lengths: [String: String] = [:]
        for d in StageRegistry.standardStages {
            for p in d.parameters {
                if case .number(_, let unit) = p.domain {
                    XCTAssertNotEqual(unit, "units", "\(d.id).\(p.name) says 'units'")
                    XCTAssertFalse(unit.contains("units"), "\(d.id).\(p.name): \(unit)")
                }
                if let l = p.length { lengths["\(d.kind.rawValue):\(d.id).\(p.name)"] = l.symbol }
            }
        }
        XCTAssertEqual(lengths["filter:stabilizer.delayDistance"], "px")
        XCTAssertEqual(lengths["filter:weighted.distance"], "px")
        XCTAssertEqual(lengths["filter:one-euro.beta"], "1/px")
        XCTAssertEqual(lengths["filter:pulled-string.length"], "pt")
        XCTAssertEqual(lengths["filter:ink-modeler.wobbleSpeedCeiling"], "pt/s")
        XCTAssertEqual(lengths["interp:fit-curve.error"], "pt")
        XCTAssertEqual(lengths["interp:signature-pad.minDistance"], "px")
        XCTAssertEqual(lengths["predict:kalman.processNoise"], "pt²")
        XCTAssertEqual(lengths["predict:ink-kalman.maxTravelSpeed"], "pt/s")
        XCTAssertEqual(lengths["style:perfect-freehand.size"], "px")
        XCTAssertEqual(lengths["style:scribble.forceSensitivity"], "pt")
        XCTAssertEqual(lengths.count, 38)
        let stabilizer = try XCTUnwrap(StageRegistry.standard.stage(.filter, "stabilizer")?.parameter("delayDistance"))
        XCTAssertEqual(stabilizer.domainText, "0…100000 px")
    }

    /// Krita's 50 px dead zone is 68.75 units of a StrokeLab-point trace and 13.2 of a
    /// millimetre trace; the label and canonical form are unchanged.
    func testAPipelineResolvedForATraceConvertsItsLengths() throws {
        let d = try PipelineDescription(parsing: "krita-stabilizer")
        func dead(_ p: PipelineDescription) throws -> Double {
            guard case .filter(let f) = p.stages[0].implementation, let k = f as? KritaStabilizerFilter else {
                throw XCTSkip("not the stabilizer")
            }
            return k.parameters.delayDistance
        }
        XCTAssertEqual(try dead(d), 50, "as written")
        XCTAssertEqual(try dead(d.resolved(for: PhysicalScale(stated: .pt))), 68.75)
        XCTAssertEqual(try dead(d.resolved(for: PhysicalScale(stated: .px))), 50)
        XCTAssertEqual(try dead(d.resolved(forMillimetresPerUnit: 1)), 50 * 25.4 / 96, accuracy: 1e-12)
        XCTAssertEqual(d.resolved(for: PhysicalScale(stated: .pt)).canonical, d.canonical)
        XCTAssertNil(d.millimetresPerUnit)
        XCTAssertEqual(d.resolved(forMillimetresPerUnit: 1).millimetresPerUnit, 1)
        XCTAssertEqual(d.resolved(forMillimetresPerUnit: 1).baseInk.width, 2 * Self.points, accuracy: 1e-15)
    }

    /// The live API takes the scale with the description: an app drawing in millimetres gets
    /// Krita's dead zone and the 2 pt default ink in millimetres.
    func testALiveStrokeBuiltFromAResolvedDescriptionDrawsInItsUnits() throws {
        let d = try PipelineDescription(parsing: "coalesced-only").resolved(forMillimetresPerUnit: 1)
        var live = LiveStroke(d)
        live.began([TouchSample(time: 0, x: 0, y: 0)])
        live.ended([TouchSample(time: 0.1, x: 10, y: 0)])
        let widths = (0..<live.committed.count).map { live.committed.attributes[$0].width }
        XCTAssertFalse(widths.isEmpty)
        for w in widths { XCTAssertEqual(w, 2 * Self.points, accuracy: 1e-15) }
        var byLabel = try LiveStroke(label: "coalesced-only", scale: PhysicalScale(millimetresPerUnit: 1, unit: .mm, recorded: true))
        byLabel.began([TouchSample(time: 0, x: 0, y: 0)])
        byLabel.ended([TouchSample(time: 0.1, x: 10, y: 0)])
        XCTAssertEqual(byLabel.committed, live.committed, "LiveStroke(label:scale:) is the resolved description's")
        var written = LiveStroke(try PipelineDescription(parsing: "coalesced-only"))
        written.began([TouchSample(time: 0, x: 0, y: 0)])
        written.ended([TouchSample(time: 0.1, x: 10, y: 0)])
        XCTAssertEqual(written.committed.attributes[0].width, 2, "as written: 2 trace units")
    }

    /// Lengths in pt on a pt trace at its stated length: every bit as written.
    func testPointParametersOnAPointTraceAreUsedBitForBit() {
        var p = KalmanPredictor.Parameters()
        p.processNoise = 0.123456789
        p.minTravelSpeed = 151.000000001
        XCTAssertEqual(p.inTraceUnits(millimetresPerUnit: Self.points), p)
        XCTAssertEqual(PulledStringFilter.Parameters().inTraceUnits(millimetresPerUnit: Self.points),
                       PulledStringFilter.Parameters())
    }

    /// Powers: a variance by the square, 1/px by the inverse, a speed like a length; the Kalman
    /// filters' initial variance with the noises.
    func testDimensionsConvertByTheirPower() {
        let mm = 1.0   // a millimetre trace: 1 pt = 25.4/132 mm
        let f = Self.points
        let k = KalmanPredictor.Parameters().inTraceUnits(millimetresPerUnit: mm)
        XCTAssertEqual(k.processNoise, 0.66145 * f * f, accuracy: 1e-15)
        XCTAssertEqual(k.initialVariance, f * f, accuracy: 1e-15)
        XCTAssertEqual(k.maxTravelSpeed, 750 * f, accuracy: 1e-12)
        var e = OneEuroFilter.Parameters()
        e.beta = 0.007
        XCTAssertEqual(e.inTraceUnits(millimetresPerUnit: Self.points).beta, 0.007 / 1.375, accuracy: 1e-18)
        XCTAssertEqual(LengthDimension.pt.squared.symbol, "pt²")
        XCTAssertEqual(LengthDimension.px.inverse.symbol, "1/px")
        XCTAssertEqual(LengthDimension.pt.perSecondRate.symbol, "pt/s")
    }

    /// A peer's own pixel constants go with its declared ones: signature_pad's px/ms and the
    /// library's `||` width defaults, perfect-freehand's pixel, fit-curve's point.
    func testHiddenConstantsAreConvertedWithTheDeclaredOnes() {
        var s = SignaturePadInterpolator.Parameters()
        s.minWidth = 0
        let sp = s.inTraceUnits(millimetresPerUnit: Self.points)
        XCTAssertEqual(sp.minWidth, 0.5 * 1.375, "the library's default 0.5 px, converted")
        XCTAssertEqual(sp.unitVelocity, 1.375)
        XCTAssertEqual(sp.minDistance, 6.875)
        var pf = PerfectFreehandStyle.Parameters()
        pf.endTaper = .distance(10)
        let pp = pf.inTraceUnits(millimetresPerUnit: Self.points)
        XCTAssertEqual(pp.size, 22)
        XCTAssertEqual(pp.pixel, 1.375)
        XCTAssertEqual(pp.endTaper, .distance(13.75))
        XCTAssertEqual(FitCurveInterpolator.Parameters().inTraceUnits(millimetresPerUnit: 1).unitLength, Self.points)
    }

    /// A label's length is checked in its declared unit; a stage built for a trace accepts the
    /// converted value even where it leaves the declared range (a tiny fit error on a
    /// fine-grained tablet), as long as it keeps its sign.
    func testDeclaredRangesAreCheckedInTheDeclaredUnit() throws {
        XCTAssertThrowsError(try PipelineDescription(parsing: "fit-curve(error=0.0001)")) { error in
            XCTAssertTrue("\(error)".contains("error must be in 0.001…1000 pt"), "\(error)")
        }
        let d = try PipelineDescription(parsing: "fit-curve(error=0.001)").resolved(forMillimetresPerUnit: 1)
        guard case .curve(let c) = d.stages[0].implementation, let fit = c as? FitCurveInterpolator else {
            return XCTFail("not fit-curve")
        }
        XCTAssertEqual(fit.parameters.error, 0.001 * Self.points, accuracy: 1e-18)
        var p = FitCurveInterpolator.Parameters()
        p.error = 0
        XCTAssertThrowsError(try FitCurveInterpolator(p), "a zero error is still refused")
    }

    /// The brush's lengths: base width, a width it sets or adds, the speed and radius inputs;
    /// not a multiplying factor.
    func testBrushBehavioursConvertTheirLengthsOnly() throws {
        let p = BrushStyle.Parameters(preset: .scribble).inTraceUnits(millimetresPerUnit: 1)
        let f = Self.points
        XCTAssertEqual(p.width, 6 * f, accuracy: 1e-15)
        let b = p.behaviors.compactMap { $0 }
        XCTAssertEqual(b[0].output.1, 4000 * f, accuracy: 1e-12, "force → width, set")
        XCTAssertEqual(b[2].output.0, 1, "altitude multiplies: no unit")
        XCTAssertEqual(b[6].input.1, 1000 * f, accuracy: 1e-12, "major radius is a length")
    }
}
