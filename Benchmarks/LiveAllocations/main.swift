// `live-allocations [TRACE…]`: heap allocations per event of a LiveStroke after warm-up,
// counted by ordo-one's malloc-interposer (every malloc, calloc, realloc, posix_memalign of the
// process while hooked). Built only with STROKELAB_BENCHMARKS=1 (`make bench-allocations`), so
// `make test` never resolves or builds it; run with the interposer preloaded (the Makefile does).
//
// Per pipeline: every stroke of the traces (default Datasets/synthetic) is fed event by event
// twice untimed — the live stroke's buffers grow to the longest stroke — then once more with
// counting on, reading after each call what an app reads (the newly committed range, the
// provisional and predicted ink; for an outline maker, whether the outline changed). The
// figure is allocations ÷ events of that pass. Then the same for the replay (allocations per
// replayed stroke, which records every frame: its record's buffers are allocated per stroke).
import Foundation
import MallocInterposerSwift
import StrokeCore
import StrokeIO
import StrokeSmoothing

let pipelines = ["linear", "bezier4", "midpoint-bezier", "coalesced-only", "ink", "one-euro", "perfect-freehand",
                 "scribble", "forcesketch", "signature-pad", "catmull-rom", "fit-curve", "krita-stabilizer",
                 "midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)"]
let paths = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["Datasets/synthetic"]
var strokes: [Stroke] = []
do {
    for path in paths {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path))?.filter { $0.hasSuffix(".json") }.sorted()
            .map { path + "/" + $0 } ?? [path]
        for file in files { strokes += try TraceImport.load(path: file).flatMap(\.strokes) }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
let events = strokes.reduce(0) { $0 + $1.events.count }

// The interposer must be in the process: a pass that allocates must count.
MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let probe = Array(repeating: 1.0, count: 1000)
MallocInterposerSwift.unhook()
guard MallocInterposerSwift.getStatistics().mallocCount > 0, probe.count == 1000 else {
    FileHandle.standardError.write(Data("error: the malloc interposer counts nothing: run with LD_PRELOAD=…/libMallocInterposerSwift.so (make bench-allocations)\n".utf8))
    exit(1)
}

func counted(_ body: () -> Void) -> Int {
    MallocInterposerSwift.initialize()      // resets the counters
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    return MallocInterposerSwift.getStatistics().mallocCount
}

print("\(strokes.count) strokes, \(events) events from \(paths.joined(separator: ", ")); allocations counted after two warm-up passes")
print("pipeline".padding(toLength: 62, withPad: " ", startingAt: 0) + "  live allocs/event  replay allocs/stroke")
var sink = 0
for label in pipelines {
    let description = try! PipelineDescription(parsing: label)
    var live = LiveStroke(description)
    func pass() {
        for stroke in strokes {
            for event in stroke.events {
                live.handle(event)
                sink &+= live.newlyCommitted.count &+ live.provisional.count &+ live.predicted.count &+ (live.outlineChanged ? 1 : 0)
            }
        }
    }
    pass()
    pass()
    let liveAllocations = counted(pass)
    var replayer = description.makeReplayer()
    for stroke in strokes { sink &+= replayer.replay(stroke).frames.count }
    let replayAllocations = counted {
        for stroke in strokes { sink &+= replayer.replay(stroke).frames.count }
    }
    let perEvent = Double(liveAllocations) / Double(max(events, 1))
    let perStroke = Double(replayAllocations) / Double(max(strokes.count, 1))
    print(label.padding(toLength: 62, withPad: " ", startingAt: 0)
          + "  " + String(format: "%17.4f", perEvent) + "  " + String(format: "%20.1f", perStroke))
}
if sink == Int.min { print(sink) }
