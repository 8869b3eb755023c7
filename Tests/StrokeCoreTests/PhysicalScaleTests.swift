import StrokeCore
import XCTest

/// A trace's physical scale: recorded, or its unit's stated length (issue 21, item 5).
final class PhysicalScaleTests: XCTestCase {
    func testATraceWithoutAScaleIsReadAtItsUnitsStatedLength() {
        let px = TraceMetadata(source: "browser", units: .px).physicalScale
        XCTAssertEqual(px, PhysicalScale(millimetresPerUnit: 25.4 / 96, unit: .px, recorded: false))
        let pt = TraceMetadata(source: "hand", units: .pt).physicalScale
        XCTAssertEqual(pt.millimetresPerUnit, LengthUnit.millimetresPerPoint)
        XCTAssertFalse(pt.recorded)
        // A millimetre trace states its scale by its unit.
        XCTAssertEqual(TraceMetadata(source: "mm", units: .mm).physicalScale,
                       PhysicalScale(millimetresPerUnit: 1, unit: .mm, recorded: true))
    }

    func testARecordedScaleIsKeptAndOneOutsideTheRangeIsNot() {
        let measured = TraceMetadata(source: "recorder", units: .px, pixelsPerUnit: 2, millimetresPerUnit: 0.25).physicalScale
        XCTAssertEqual(measured, PhysicalScale(millimetresPerUnit: 0.25, unit: .px, recorded: true))
        // Readers refuse such a value; built in code, it falls back to the stated length.
        let absurd = TraceMetadata(source: "x", units: .px, millimetresPerUnit: 1e-300).physicalScale
        XCTAssertEqual(absurd, PhysicalScale(stated: .px))
    }

    /// A length stated in a unit, in trace units: exactly 1 per unit when the trace is in it at
    /// its stated length (so such parameters are used bit for bit), 1.375 pt per CSS px.
    func testUnitsPerUnitIsExactlyOneForTheSameLengthAndTheRatioOtherwise() {
        let points = PhysicalScale(stated: .pt)
        XCTAssertEqual(points.units(per: .pt), 1)
        XCTAssertEqual(points.units(per: .px), 1.375)
        XCTAssertEqual(points.units(per: .mm), 132 / 25.4, accuracy: 1e-12)
        XCTAssertEqual(PhysicalScale(stated: .px).units(per: .px), 1)
        XCTAssertEqual(PhysicalScale(millimetresPerUnit: 0.25, unit: .px, recorded: true).units(per: .px), 25.4 / 96 / 0.25)
        XCTAssertEqual(LengthUnit.px.millimetres * 96, 25.4, accuracy: 1e-14)
    }
}
