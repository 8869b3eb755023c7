@testable import StrokePlot
import XCTest

/// The categorical palette: CIELAB and CIEDE2000 against published values, and colours that
/// stay apart to the eye however many pipelines a report has.
final class DistinctPaletteTests: XCTestCase {
    /// Pairs from Sharma, Wu & Dalal (2005), Table 1, with their ΔE₀₀ to four decimals.
    func testCIEDE2000MatchesSharmasTestData() {
        let pairs: [(LabColor, LabColor, Double)] = [
            (LabColor(l: 50, a: 2.6772, b: -79.7751), LabColor(l: 50, a: 0, b: -82.7485), 2.0425),
            (LabColor(l: 50, a: 3.1571, b: -77.2803), LabColor(l: 50, a: 0, b: -82.7485), 2.8615),
            (LabColor(l: 50, a: 2.8361, b: -74.0200), LabColor(l: 50, a: 0, b: -82.7485), 3.4412),
            (LabColor(l: 50, a: 0, b: 0), LabColor(l: 50, a: -1, b: 2), 2.3669),
            (LabColor(l: 50, a: 2.5, b: 0), LabColor(l: 73, a: 25, b: -18), 27.1492),
            (LabColor(l: 50, a: 2.5, b: 0), LabColor(l: 61, a: -5, b: 29), 22.8977),
            (LabColor(l: 60.2574, a: -34.0099, b: 36.2677), LabColor(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
        ]
        for (x, y, expected) in pairs {
            XCTAssertEqual(x.difference(to: y), expected, accuracy: 5e-5, "\(x) – \(y)")
            XCTAssertEqual(y.difference(to: x), expected, accuracy: 5e-5, "symmetric: \(y) – \(x)")
        }
        XCTAssertEqual(LabColor(l: 40, a: 10, b: -20).difference(to: LabColor(l: 40, a: 10, b: -20)), 0)
    }

    func testSRGBToLabGivesTheStandardValues() {
        let white = LabColor(PlotColor(hex: 0xFFFFFF)), black = LabColor(PlotColor(hex: 0x000000))
        XCTAssertEqual(white.l, 100, accuracy: 1e-3); XCTAssertEqual(white.a, 0, accuracy: 1e-3); XCTAssertEqual(white.b, 0, accuracy: 1e-3)
        XCTAssertEqual(black.l, 0, accuracy: 1e-9)
        let red = LabColor(PlotColor(hex: 0xFF0000))   // sRGB red, D65: (53.2408, 80.0925, 67.2032)
        XCTAssertEqual(red.l, 53.2408, accuracy: 2e-3); XCTAssertEqual(red.a, 80.0925, accuracy: 2e-3); XCTAssertEqual(red.b, 67.2032, accuracy: 2e-3)
    }

    /// Every pair of the first 25 colours differs by more than the hue-step palette it replaced
    /// managed for its closest pair (ΔE₀₀ 1.2), and the first
    /// eight are the Okabe–Ito colours.
    func testTheFirst25ColoursStayApartAndStartWithOkabeIto() {
        let palette = PlotColor.palette
        XCTAssertGreaterThanOrEqual(palette.count, 40)
        XCTAssertEqual(Array(palette.prefix(8)), DistinctPalette.seeds)
        XCTAssertEqual(Set(palette).count, palette.count, "no colour twice")
        func closest(_ colors: [PlotColor]) -> Double {
            var d = Double.infinity
            for i in colors.indices { for j in colors.indices where j > i { d = min(d, LabColor(colors[i]).difference(to: LabColor(colors[j]))) } }
            return d
        }
        let replaced: [UInt32] = [0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0x000000, 0xB8A000, 0x7F3C8D,
                                  0x3969AC, 0x80BA5A, 0xA5AA99, 0xE31A1C, 0x8C510A, 0x01665E, 0xC51B7D, 0x4D4D4D, 0x6A3D9A,
                                  0x1B9E77, 0xFF7F00, 0x8E0152, 0x2166AC, 0x66A61E, 0xB15928, 0x9E9AC8]
        let old = closest(replaced.map { PlotColor(hex: $0) })
        let new = closest(Array(palette.prefix(25)))
        XCTAssertLessThan(old, 1.5, "the replaced palette's closest pair")
        XCTAssertGreaterThan(new, 10 * old, "closest pair of the first 25: \(new)")
        // Legible on white and clearly coloured: every added colour.
        for c in palette.dropFirst(8) {
            let lab = LabColor(c)
            XCTAssertTrue(lab.l >= 25 && lab.l <= 70 && lab.chroma >= 30, "\(c.hexString): \(lab)")
        }
    }

    func testThePaletteIsTheSameEveryTime() {
        XCTAssertEqual(DistinctPalette.make(count: 40), PlotColor.palette)
        XCTAssertEqual(DistinctPalette.make(count: 3), Array(DistinctPalette.seeds.prefix(3)))
        XCTAssertEqual(Array(DistinctPalette.make(count: 12).prefix(10)), Array(PlotColor.palette.prefix(10)), "a prefix of a longer palette")
    }
}
