import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeTestSupport
import XCTest

/// The banded Fréchet programme on real strokes (../shared/datasets): each stroke's fed samples
/// against its held-out samples (every 4th), coupled within ±40 ms as fidelity's time windows
/// couple them, equals the whole banded table (`BandedFrechetTable`) bit for bit.
final class BandedFrechetRealStrokeTests: XCTestCase {
    private func table(_ a: [Point], _ b: [Point], _ band: [ClosedRange<Int>]) -> Double? {
        let (lows, highs) = DiscreteFrechet.normalized(band: band, columns: b.count)
        return BandedFrechetTable.distance(a, b, lows: lows, highs: highs)
    }

    func testEqualsTheWholeBandedTableOnRecordedStrokes() throws {
        let root = try SharedData.datasets("the banded Fréchet distance is compared with the whole table on recorded strokes")
        let files = [root + "/helpinghand/Handwrittings/LinjieChinese1.cyn", root + "/bdalab-sample/svc_data/signal.svc"]
            + (try FileManager.default.contentsOfDirectory(atPath: root + "/wacom-speed/ID0001-0883_20191126102804"))
                .filter { $0.hasSuffix(".csv") }.sorted().prefix(2).map { root + "/wacom-speed/ID0001-0883_20191126102804/" + $0 }
        var compared = 0
        for file in files {
            for trace in try TraceImport.load(path: file) {
                for stroke in trace.strokes.prefix(40) {
                    let samples = stroke.samples
                    guard samples.count >= 2, samples.count <= 800 else { continue }
                    let fed = samples.enumerated().filter { $0.offset % 4 != 2 }.map(\.element)
                    let held = samples.enumerated().filter { $0.offset % 4 == 2 }.map(\.element)
                    guard !held.isEmpty else { continue }
                    let times = held.map(\.time)
                    let band = fed.map { s -> ClosedRange<Int> in
                        let lo = times.firstIndex { $0 >= s.time - 0.04 } ?? times.count - 1
                        let hi = times.lastIndex { $0 <= s.time + 0.04 } ?? 0
                        return lo...Swift.max(lo, hi)
                    }
                    let a = fed.map(\.location), b = held.map(\.location)
                    let fast = DiscreteFrechet.distance(a, b, band: band), whole = table(a, b, band)
                    XCTAssertNotNil(fast, "\(file) \(stroke.id)")
                    XCTAssertEqual(fast?.bitPattern, whole?.bitPattern, "\(file) \(stroke.id)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 50)
    }
}
