import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// One loop: for every registered stage and preset, on every synthetic trace and on recorded
/// strokes of each shared dataset, a ``LiveStroke`` fed the events one by one draws, after
/// every event, bit for bit what ``PipelineReplayer`` recorded for that frame — newly
/// committed ink, provisional tail, predicted samples and ink, tip, outline.
final class LiveStrokeEqualityTests: XCTestCase {
    /// Every preset; each stage no preset runs, in the smallest pipeline that runs it; curve
    /// builders with both input views and, when they have one, the complete tail; and a few
    /// pipelines that combine a builder's own ink or styles with a provisional tail and a
    /// prediction.
    static func everyPipeline() throws -> [String] {
        var labels = StageRegistry.standardPresets.map(\.name)
        let inPresets = Set(try labels.flatMap { try PipelineDescription(parsing: $0).stages.map { "\($0.descriptor.kind):\($0.descriptor.id)" } })
        for d in StageRegistry.standardStages {
            if d.kind != .interp, inPresets.contains("\(d.kind):\(d.id)") { continue }
            switch d.kind {
            case .filter: labels.append("coalesced|filter:\(d.id)")
            case .interp:
                labels += ["main|interp:\(d.id)", "coalesced|interp:\(d.id)"]
                if d.parameters.contains(where: { $0.name == "tail" }) { labels.append("coalesced|interp:\(d.id)(tail=complete)") }
            case .predict:
                if let required = d.requiredFilter {
                    labels.append("coalesced|\(required)|interp:linear|predict:\(d.id)")
                } else {
                    labels.append("coalesced|interp:midpoint-bezier(tail=complete)|predict:\(d.id)")
                }
            case .style: labels.append("coalesced|style:\(d.id)")
            }
        }
        labels += [
            "main|interp:signature-pad(tail=complete)|predict:linear|style:scribble",
            "coalesced|filter:one-euro|interp:catmull-rom(tail=complete)|predict:kalman|style:forcesketch",
            "midpoint-bezier(tail=complete)|predict:quadratic|style:constant(width=3)",
            "coalesced|filter:pulled-string|interp:fit-curve|style:perfect-freehand",
        ]
        return labels
    }

    private func syntheticStrokes() throws -> [(String, Stroke)] {
        try SyntheticDataset.standard.flatMap { spec in
            let trace = try XCTUnwrap(try TraceImport.load(path: TestPaths.packageRoot + "/Datasets/synthetic/\(spec.name).json").first)
            return trace.strokes.map { ("\(spec.name) \($0.id)", $0) }
        }
    }

    /// A few strokes of every shared recorded dataset: the shortest (a dot or a hook), the
    /// longest, and the one in the middle of the file.
    private func recordedStrokes() throws -> [(String, Stroke)] {
        let root = try SharedData.datasets("the live stroke is compared with the replay on recorded strokes")
        let files = ["bdalab-sample/svc_data/signal.svc", "bdalab-sample/json_data/signal.json",
                     "helpinghand/Handwrittings/ChikaEnglish1.cyn",
                     "wacom-speed/ID0003-0885_20191126152620/mondat-gyors_tempoval-1.csv"]
        var out: [(String, Stroke)] = []
        for file in files {
            let strokes = try TraceImport.load(path: root + "/" + file).flatMap(\.strokes)
            let bySize = strokes.sorted { $0.sampleCount < $1.sampleCount }
            out += [bySize.first!, bySize.last!, strokes[strokes.count / 2]].map { ("\(file) \($0.id)", $0) }
        }
        return out
    }

    func testLiveStrokeDrawsWhatTheReplayRecordedAtEveryEventForEveryStageAndPreset() throws {
        let strokes = try syntheticStrokes() + recordedStrokes()
        XCTAssertGreaterThan(strokes.count, 30)
        var checkedFrames = 0
        var canonicals: Set<String> = []
        for label in try Self.everyPipeline() {
            let description = try PipelineDescription(parsing: label)
            var live = LiveStroke(description)    // one instance for every stroke, as an app keeps it
            var replayer = description.makeReplayer()
            guard canonicals.insert(description.canonical).inserted else { continue }    // a preset's own expansion
            for (name, stroke) in strokes {
                let where_ = "\(label) on \(name)"
                let outlineFrames = Set(stride(from: 0, to: stroke.events.count, by: 9))
                let r = replayer.replay(stroke, options: ReplayOptions(outlineFrames: outlineFrames))
                var committed = 0
                var failed = false
                for (k, event) in stroke.events.enumerated() {
                    live.handle(event)
                    let f = r.frames[k]
                    let drew = live.committed
                    func check(_ ok: Bool, _ what: String) {
                        if !ok, !failed { XCTFail("\(where_): event \(k) (\(event.phase)): \(what) differs"); failed = true }
                    }
                    check(live.newlyCommitted == committed..<f.committedCount, "newly committed range \(live.newlyCommitted) vs \(committed)..<\(f.committedCount)")
                    let fresh = committed..<f.committedCount
                    check(drew.count == f.committedCount && InkBits.same(drew, fresh, r.ink, fresh), "committed ink")
                    let provisional = live.provisional, predicted = live.predicted
                    check(InkBits.same(provisional, 0..<provisional.count, r.provisional, f.provisional), "provisional tail")
                    check(InkBits.same(predicted, 0..<predicted.count, r.predictedInk, f.predictedInk), "predicted ink")
                    check(live.predictedSamples == Array(r.predicted[f.predicted]), "predicted samples")
                    check(live.newestSampleTime.bitPattern == f.newestSampleTime.bitPattern, "newest sample time")
                    let tip = predicted.currentPoint ?? provisional.currentPoint ?? drew.currentPoint
                    check(InkBits.bits(tip) == InkBits.bits(f.tip), "tip")
                    if let outline = r.frameOutlines[k] {
                        var mine: [[Point]] = []
                        live.appendOutline(to: &mine)
                        check(InkBits.bits(mine) == InkBits.bits(outline), "outline")
                    }
                    committed = f.committedCount
                    if failed { break }
                    checkedFrames += 1
                }
                if failed { break }
                XCTAssertFalse(live.isDrawing, "\(where_): the last event ends the stroke")
                XCTAssertEqual(InkBits.bits(live.committed), InkBits.bits(r.ink), where_)
                XCTAssertEqual(live.samplesFed, r.samplesFed, where_)
                var outline: [[Point]] = []
                live.appendOutline(to: &outline)
                XCTAssertEqual(InkBits.bits(outline), InkBits.bits(r.outline), where_)
            }
        }
        XCTAssertGreaterThan(checkedFrames, 100_000)
        let covered = Set(canonicals.flatMap { $0.split(separator: "|").dropFirst().map { String($0.prefix { $0 != "(" }) } })
        for d in StageRegistry.standardStages {
            XCTAssertTrue(covered.contains("\(d.kind.rawValue):\(d.id)"), "\(d.kind.rawValue):\(d.id) is in no pipeline compared")
        }
    }
}
